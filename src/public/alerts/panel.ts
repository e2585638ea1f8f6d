import { SITE_ENV_ELEMENT_ID, type SiteEnv } from '@/lib/siteEnv';
import { WORKER_PATH } from '@/offline/paths';
import { workerSupported } from '@/offline/support';
import { readPageJson } from '../dataSaver/liteDom';
import { liteRpc } from '../dataSaver/liteRpc';
import { withPageArticle } from '../page/pageArticle';
import { alertLimitsText, fetchAlertLimits } from './limits';
import { ALERT_MESSAGES, chosenFollows, pushSupport, type Follows } from './support';
import { storedAccessToken } from './readerToken';
import { ALERTS_STORAGE_KEY } from './thisDevice';
import './alerts.css';

// The « Recevoir les alertes » panel, loaded on the reader's click (never in the first load): what
// to follow, the browser's permission, and the subscription stored through push_subscribe. No
// React, so the reader app and the lite page open the same one.

const KEY_PATH = '/api/push/key';

const stored = (): Follows | null => {
  try {
    return JSON.parse(localStorage.getItem(ALERTS_STORAGE_KEY) ?? 'null') as Follows | null;
  } catch {
    return null;
  }
};

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

function checkbox(name: string, value: string, text: string, checked: boolean) {
  const input = document.createElement('input');
  Object.assign(input, { type: 'checkbox', name, value, checked });
  return element('label', {}, input, text);
}

/** The menu's categories, in its order (as fetchMenu reads them): none a reader cannot find on the site. */
async function categories(env: SiteEnv): Promise<{ id: string; name: string }[]> {
  const menu = 'menu_position=not.is.null&order=menu_position.asc,name.asc';
  const response = await fetch(`${env.supabaseUrl}/rest/v1/categories?select=id,name&${menu}`, {
    headers: { apikey: env.supabaseAnonKey, Authorization: `Bearer ${env.supabaseAnonKey}` },
  });
  return response.ok ? ((await response.json()) as { id: string; name: string }[]) : [];
}

type Named = { id: string; name: string };

/**
 * The countries (for « Ajouter un pays ») and the topics this device follows, by name: visible tags
 * only (a hidden one is no longer followed once the reader saves).
 */
async function followable(env: SiteEnv, followed: string[]): Promise<(Named & { kind: string })[]> {
  const ids = followed.filter((id) => /^[0-9a-f-]{36}$/.test(id));
  const which = ids.length ? `or=(kind.eq.pays,id.in.(${ids.join(',')}))` : 'kind=eq.pays';
  const response = await fetch(`${env.supabaseUrl}/rest/v1/tags?select=id,name,kind&hidden=eq.false&${which}&order=name.asc`, {
    headers: { apikey: env.supabaseAnonKey, Authorization: `Bearer ${env.supabaseAnonKey}` },
  });
  return response.ok ? ((await response.json()) as (Named & { kind: string })[]) : [];
}

/** The followed countries and topics as ticked boxes, and a list to add a country. */
function tagChoices(all: (Named & { kind: string })[], followed: string[], page: Named | null): HTMLElement {
  const ticked = new Map(all.filter((t) => followed.includes(t.id)).map((t) => [t.id, t.name]));
  if (page) ticked.set(page.id, page.name);
  const boxes = element('div', { className: 'alerts-panel__tags' });
  for (const [id, name] of ticked) boxes.append(checkbox('tag', id, name, true));
  const pick = document.createElement('select');
  pick.append(new Option('Ajouter un pays…', ''));
  for (const country of all.filter((t) => t.kind === 'pays')) pick.append(new Option(country.name, country.id));
  pick.addEventListener('change', () => {
    const option = pick.selectedOptions[0];
    if (option?.value && !boxes.querySelector(`input[value="${option.value}"]`))
      boxes.append(checkbox('tag', option.value, option.text, true));
    pick.value = '';
  });
  return element('div', {}, boxes, element('label', {}, 'Pays suivis ', pick));
}

async function registration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(WORKER_PATH);
  return navigator.serviceWorker.ready;
}

const rpcError = async (response: Response) => {
  const body = (await response.json().catch(() => ({}))) as { code?: string; details?: string };
  return body.code === 'PT429' ? ALERT_MESSAGES.rateLimited : ALERT_MESSAGES.failed;
};

/** Subscribes this device (or changes what it follows): the permission is asked here, on the reader's press. */
async function save(env: SiteEnv, follows: Follows): Promise<string> {
  const key = await fetch(KEY_PATH).then((r) => (r.ok ? (r.json() as Promise<{ publicKey: string }>) : null));
  if (!key) return ALERT_MESSAGES.off;
  if ((await Notification.requestPermission()) !== 'granted') return ALERT_MESSAGES.denied;
  const worker = await registration();
  const subscription =
    (await worker.pushManager.getSubscription()) ??
    (await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key.publicKey }));
  const { endpoint, keys } = subscription.toJSON();
  // Signed in, the device is recorded with the reader's id (their account lists it: « Mes alertes »).
  const token = storedAccessToken(env.supabaseUrl);
  const response = await liteRpc(
    env,
    'push_subscribe',
    // The article the panel was opened on, if any: a new device counts as a sign-up there.
    withPageArticle({
      p_endpoint: endpoint ?? '',
      p_p256dh: keys?.p256dh ?? '',
      p_auth: keys?.auth ?? '',
      p_follows_front: follows.front,
      p_categories: follows.categories,
      p_tags: follows.tags ?? [],
    }) as unknown as Record<string, string>,
    token ? { headers: { Authorization: `Bearer ${token}` } } : {},
  );
  if (!response.ok) return rpcError(response);
  localStorage.setItem(ALERTS_STORAGE_KEY, JSON.stringify(follows));
  return ALERT_MESSAGES.saved;
}

async function stop(env: SiteEnv): Promise<string> {
  const subscription = await (await registration()).pushManager.getSubscription();
  if (subscription) {
    const { endpoint, keys } = subscription.toJSON();
    await liteRpc(env, 'push_unsubscribe', { p_endpoint: endpoint ?? '', p_auth: keys?.auth ?? '' });
    await subscription.unsubscribe();
  }
  localStorage.removeItem(ALERTS_STORAGE_KEY);
  return ALERT_MESSAGES.stopped;
}

/** Opens the panel under `button`, or closes it when it is open. */
export async function toggleAlertsPanel(button: HTMLElement): Promise<void> {
  const open = button.nextElementSibling;
  if (open?.classList.contains('alerts-panel')) {
    open.remove();
    button.setAttribute('aria-expanded', 'false');
    return;
  }
  const status = element('p', { role: 'status' } as Partial<HTMLParagraphElement>);
  const panel = element('div', { className: 'alerts-panel' }, status);
  panel.id = `alerts-panel-${Math.random().toString(36).slice(2, 8)}`;
  button.after(panel);
  button.setAttribute('aria-expanded', 'true');
  button.setAttribute('aria-controls', panel.id);

  const support = pushSupport({
    worker: workerSupported(),
    push: 'PushManager' in window && 'Notification' in window,
    userAgent: navigator.userAgent,
    standalone: matchMedia('(display-mode: standalone)').matches,
  });
  const env = readPageJson<SiteEnv>(SITE_ENV_ELEMENT_ID);
  if (support !== 'ok' || !env) return void (status.textContent = ALERT_MESSAGES[support === 'ok' ? 'failed' : support]);

  const follows = stored();
  const choices = element(
    'fieldset',
    {},
    element('legend', {}, 'Recevoir une notification pour :'),
    // From a tag's page the reader came for that country or topic: « À la une » stays theirs to tick.
    checkbox('front', 'front', 'À la une (les grandes nouvelles)', follows?.front ?? !button.dataset.followTag),
  );
  // Opened from a country's or a topic's page: that tag comes ticked.
  const { followTag, followName } = button.dataset;
  const pageTag = followTag && followName ? { id: followTag, name: followName } : null;
  const [menu, limits, tags] = await Promise.all([categories(env), fetchAlertLimits(env), followable(env, follows?.tags ?? [])]);
  for (const category of menu)
    choices.append(checkbox('category', category.id, category.name, follows?.categories.includes(category.id) ?? false));
  choices.append(tagChoices(tags, follows?.tags ?? [], pageTag));
  // What the reader signs up for: the sender's own limits.
  if (limits) choices.append(element('p', { className: 'alerts-panel__limits' }, alertLimitsText(limits)));
  const submit = element(
    'button',
    { type: 'submit', className: 'button button--small' },
    follows ? 'Enregistrer mes choix' : 'Activer les alertes',
  );
  const actions = element('div', { className: 'alerts-panel__actions' }, submit);
  if (follows) {
    const leave = element('button', { type: 'button', className: 'button button--ghost button--small' }, 'Arrêter les alertes');
    leave.addEventListener('click', () => void run(() => stop(env)).then(() => leave.remove()));
    actions.append(leave);
  }
  const form = element('form', {}, choices, actions);
  panel.prepend(form);

  async function run(action: () => Promise<string>) {
    submit.disabled = true;
    status.textContent = '';
    try {
      status.textContent = await action();
    } catch (error) {
      console.warn('push alerts', error);
      status.textContent = ALERT_MESSAGES.failed;
    } finally {
      submit.disabled = false;
    }
  }
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const chosen = chosenFollows([...form.querySelectorAll<HTMLInputElement>('input:checked')]);
    if (!chosen) return void (status.textContent = ALERT_MESSAGES.nothing);
    void run(() => save(env, chosen));
  });
}
