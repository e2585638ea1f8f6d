/**
 * The lite page's only script (data-saver mode, reading pages, no stored session): about 11 KB
 * gzip with what it imports (`npm run size`), instead of the reader app's ~87 KB, so a page costs a reader on a metered phone the HTML,
 * its CSS and this. It gives the server's HTML what the reader app would have given it:
 * pictures on request (an article's gallery as one button), the menu, the page's weight, view counts with their channel and
 * engagement reading (src/public/reading), the newsletter form, and the toggle that turns
 * data-saver mode off, which hands the page to the full reader app with no reload.
 * No React here: every behaviour works on the markup React rendered on the server.
 */
import { DEFAULT_TIME_ZONE, SITE_ENV_ELEMENT_ID, type SiteEnv } from '@/lib/siteEnv';
import { refreshChoiceCookie, storeChoice } from './choice';
import { authStorageKey, mayHaveSession } from '@/lib/authStorage';
import { viewCalls } from '../api/viewCalls';
import { sharePressArgs } from '../api/sharePress';
import { countArticle } from '../reading/article';
import { landingNow, visitAttribution } from '../reading/visit';
import { liteNewsletter } from './liteNewsletter';
import { PAGE_DATA_ELEMENT_ID, type PageDataBlock } from '../page/pageDataBlock';
import { LITE_APP_ATTRIBUTE, readPageJson } from './liteDom';
import { liteRpc } from './liteRpc';
import { EDITION_SLOT_ATTRIBUTE } from '@/offline/editionSlot';
import { wireTapButtons } from './tapDom';
import { currentPageBytes, PAGE_WEIGHT_EVENT, pageWeightText } from './weight';

const script = document.currentScript ?? document.querySelector(`script[${LITE_APP_ATTRIBUTE}]`);
const appEntry = script?.getAttribute(LITE_APP_ATTRIBUTE) ?? '';

const liteListeners: (() => void)[] = [];

/**
 * Loads the reader app, which renders this page afresh (see main.tsx); this script's listeners go,
 * the app's own take over. If the app cannot load (offline, a deploy since), the page reloads:
 * the server then sends what the stored choice says.
 */
function handOff(): void {
  liteListeners.forEach((remove) => remove());
  import(/* @vite-ignore */ appEntry).catch(() => location.reload());
}

/** No session here (else the app took over): the sign-in link the server held in reserve shows. */
function signInLink(): void {
  for (const link of document.querySelectorAll<HTMLElement>('.account--pending')) {
    link.classList.remove('account--pending');
    link.removeAttribute('aria-hidden');
    link.removeAttribute('tabindex');
  }
}

function menu(): void {
  const toggle = document.querySelector<HTMLButtonElement>('.menu-toggle');
  const nav = document.getElementById('site-nav');
  toggle?.addEventListener('click', () => {
    const open = nav?.classList.toggle('site-nav--open') ?? false;
    toggle.setAttribute('aria-expanded', String(open));
    toggle.setAttribute('aria-label', open ? 'Fermer le menu' : 'Ouvrir le menu');
    const icon = toggle.querySelector('span');
    if (icon) icon.textContent = open ? '✕' : '☰';
  });
}

function pageWeight(): void {
  const show = () => {
    for (const el of document.querySelectorAll<HTMLElement>('[data-page-weight]')) {
      el.textContent = pageWeightText(currentPageBytes());
      el.hidden = false;
    }
  };
  if (document.readyState === 'complete') show();
  else window.addEventListener('load', show);
  window.addEventListener(PAGE_WEIGHT_EVENT, show);
  liteListeners.push(() => {
    window.removeEventListener('load', show);
    window.removeEventListener(PAGE_WEIGHT_EVENT, show);
  });
}

/**
 * The share bar's network buttons: each carries its share page (data-share-href, the same
 * address as the app's pop-up, WhatsApp's ready message included), opened in a new tab; the
 * press is counted as the app counts it (sharePress.ts).
 */
function shareButtons(env: SiteEnv | null): void {
  const open = (event: MouseEvent) => {
    const href = (event.target as Element | null)?.closest?.('[data-share-href]')?.getAttribute('data-share-href');
    if (!href) return;
    window.open(href, '_blank', 'noopener,noreferrer');
    const press = sharePressArgs(href);
    if (env && press) liteRpc(env, 'record_share_press', press, { keepalive: true }).catch(() => {});
  };
  document.addEventListener('click', open);
  liteListeners.push(() => document.removeEventListener('click', open));
}

/**
 * The same counts the reader app records (usePageView, the article page's view with its channel
 * and reading); the reading ends when the page is hidden or left, or handed to the app.
 */
function recordViews(env: SiteEnv | null): void {
  if (!env) return;
  const rpc = ({ fn, args }: { fn: string; args: Record<string, unknown> }) => liteRpc(env, fn, args, { keepalive: true }).catch(() => {});
  // Only an article page's data has an article (ArticlePageData); its view says the channel (countArticle).
  const data = readPageJson<PageDataBlock>(PAGE_DATA_ELEMENT_ID)?.seed?.data as { article?: { id?: string } } | undefined;
  const articleId = data?.article?.id;
  void rpc(viewCalls.page(location.pathname, articleId ? null : visitAttribution(landingNow()), 'lite'));
  if (articleId)
    liteListeners.push(
      countArticle(articleId, 'lite', landingNow(), {
        view: (call) => void rpc(call),
        reading: (args) => void rpc({ fn: 'record_reading', args }),
        bytes: currentPageBytes,
      }),
    );
}

const env = readPageJson<SiteEnv>(SITE_ENV_ELEMENT_ID);
refreshChoiceCookie();
// A signed-in reader needs the account controls, which need the app: data-saver mode stays on there.
if (env && mayHaveSession(authStorageKey(env.supabaseUrl))) handOff();
else {
  wireTapButtons(document);
  menu();
  signInLink();
  shareButtons(env);
  pageWeight();
  recordViews(env);
  liteNewsletter(env);
  // A live coverage: « Vérifier les nouveautés » (its code only on such pages; nothing polls here).
  // The attribute is liveDom.ts's LIVE_CHECK_ATTRIBUTE, spelt out: imported, that module would be a
  // chunk of its own, one more request for every lite page.
  if (document.querySelector('[data-live-check]'))
    void import('../live/liteLive').then((m) => m.wireLiveCheck(env?.newsroomTimeZone ?? DEFAULT_TIME_ZONE));
  // Offline reading (src/offline): the service worker, and on the home page the edition's button.
  const offline = () => {
    void import('@/offline/register').then((m) => m.registerWorker());
    const slot = document.querySelector<HTMLElement>(`[${EDITION_SLOT_ATTRIBUTE}]`);
    if (slot) void import('@/offline/editionButton').then((m) => m.mountEditionButton(slot));
  };
  // The load event itself, not afterPageLoad: a module both this script and the app import goes into
  // the chunk they share, which counts in the app's first load.
  if (document.readyState === 'complete') offline();
  else window.addEventListener('load', offline, { once: true });
  for (const toggle of document.querySelectorAll<HTMLButtonElement>('[data-saver-toggle]'))
    toggle.addEventListener('click', () => {
      storeChoice(false);
      handOff();
    });
}
