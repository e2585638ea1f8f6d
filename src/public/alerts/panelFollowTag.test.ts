// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/dom';
import { afterEach, expect, it, vi } from 'vitest';
import { SITE_ENV_ELEMENT_ID } from '@/lib/siteEnv';
import { toggleAlertsPanel } from './panel';
import { ALERT_MESSAGES } from './support';

// The alerts panel opened by « Suivre ce pays » on /pays/senegal: Sénégal comes ticked (« À la une »
// not), a country can be added from the list, and push_subscribe receives them as p_tags. The
// browser's push parts are this file's stand-ins; the requests are read as the database gets them.
vi.mock('@/offline/support', () => ({ workerSupported: () => true }));

const SENEGAL = '11111111-1111-4111-8111-111111111111';
const MALI = '22222222-2222-4222-8222-222222222222';
const calls: { url: string; body?: unknown }[] = [];

function browser(page = '') {
  document.body.innerHTML = `<script type="application/json" id="${SITE_ENV_ELEMENT_ID}">{"supabaseUrl":"https://db.test","supabaseAnonKey":"anon"}</script>
    ${page}<button data-push-alerts="" data-follow-tag="${SENEGAL}" data-follow-name="Sénégal">Suivre ce pays</button>`;
  const subscription = { toJSON: () => ({ endpoint: 'https://push.test/1', keys: { p256dh: 'p', auth: 'a' } }) };
  const pushManager = { getSubscription: async () => null, subscribe: async () => subscription };
  Object.assign(window, { PushManager: class {}, Notification: { requestPermission: async () => 'granted' } });
  window.matchMedia = () => ({ matches: false }) as MediaQueryList;
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { register: async () => ({}), ready: Promise.resolve({ pushManager }) },
  });
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({ url, body: init?.body ? JSON.parse(init.body as string) : undefined });
    const json = url.includes('/rest/v1/tags')
      ? [
          { id: MALI, name: 'Mali', kind: 'pays' },
          { id: SENEGAL, name: 'Sénégal', kind: 'pays' },
        ]
      : url.includes('/api/push/key')
        ? { publicKey: 'key' }
        : [];
    return new Response(JSON.stringify(json), { status: 200 });
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  calls.length = 0;
  localStorage.clear();
});

it('opened from a country’s page, the panel ticks that country, adds another from the list and subscribes to both', async () => {
  browser();
  await toggleAlertsPanel(screen.getByRole('button', { name: 'Suivre ce pays' }));
  expect(screen.getByRole('checkbox', { name: 'Sénégal' })).toHaveProperty('checked', true);
  expect(screen.getByRole('checkbox', { name: /À la une/ })).toHaveProperty('checked', false);

  fireEvent.change(screen.getByRole('combobox'), { target: { value: MALI } });
  expect(screen.getByRole('checkbox', { name: 'Mali' })).toHaveProperty('checked', true);
  fireEvent.click(screen.getByRole('button', { name: 'Activer les alertes' }));
  await waitFor(() => expect(screen.getByRole('status').textContent).toBe(ALERT_MESSAGES.saved));
  const subscribe = calls.find((c) => c.url.endsWith('/rpc/push_subscribe'));
  expect(subscribe?.body).toMatchObject({ p_follows_front: false, p_categories: [], p_tags: [SENEGAL, MALI] });
  // Not on an article: the sign-up is counted on none.
  expect(subscribe?.body).not.toHaveProperty('p_article_id');
});

it('turned on from an article, the device is counted as a sign-up that started there', async () => {
  const article = '33333333-3333-4333-8333-333333333333';
  browser(`<article class="article" data-article-id="${article}"><h1>Le sommet</h1></article>`);
  await toggleAlertsPanel(screen.getByRole('button', { name: 'Suivre ce pays' }));
  fireEvent.click(screen.getByRole('button', { name: 'Activer les alertes' }));
  await waitFor(() => expect(screen.getByRole('status').textContent).toBe(ALERT_MESSAGES.saved));
  expect(calls.find((c) => c.url.endsWith('/rpc/push_subscribe'))?.body).toMatchObject({ p_tags: [SENEGAL], p_article_id: article });
});

it('with every box unticked nothing is stored and the reader is told to choose', async () => {
  browser();
  await toggleAlertsPanel(screen.getByRole('button', { name: 'Suivre ce pays' }));
  fireEvent.click(screen.getByRole('checkbox', { name: 'Sénégal' }));
  fireEvent.click(screen.getByRole('button', { name: 'Activer les alertes' }));
  expect(screen.getByRole('status').textContent).toBe(ALERT_MESSAGES.nothing);
  expect(calls.some((c) => c.url.endsWith('/rpc/push_subscribe'))).toBe(false);
});
