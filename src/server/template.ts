import type { SiteEnv } from '@/lib/siteEnv';
import { SITE_ENV_ELEMENT_ID } from '@/lib/siteEnv';
import { PAGE_DATA_ELEMENT_ID, type PageDataBlock } from '@/public/page/pageDataBlock';
import { escapeHtml } from '@/lib/html';
import { LITE_APP_ATTRIBUTE, LITE_ROOT_ATTRIBUTE } from '@/public/dataSaver/liteDom';
import { jsonForScript, scriptSafeJson } from './html';
import type { LiteScripts } from './lite';

// index.html marks where the page's head tags and HTML go (see the comments there).
const HEAD = /<!--page-head-->[\s\S]*?<!--\/page-head-->/;
/** The build's module script and preloads (Vite writes them into the head; development's carry a nonce and stay). */
const APP_SCRIPTS =
  /<script type="module" crossorigin src="[^"]*"><\/script>\s*|<link rel="modulepreload" crossorigin href="[^"]*"\s*\/?>\s*/g;
const BODY = '<!--page-html-->';

export interface DocumentParts {
  /** Development only: Vite's inline scripts run with it (see contentSecurityPolicy). */
  nonce: string | null;
  env: SiteEnv;
  /** Head tags of a rendered page; the template's defaults otherwise. */
  head?: string;
  /** Stylesheets and module preloads for a page that the browser loads on demand. */
  preload?: string;
  /** The rendered reader, its origin and data; absent for pages the browser renders alone. */
  /** `stale`: an older render served while the backend struggles; the browser reloads its data. */
  /**
   * `seedJson`: the page's seed (PageDataBlock['seed']) as JSON made safe for a <script> element
   * (scriptSafeJson), serialised and escaped once per render.
   */
  page?: {
    html: string;
    origin: string;
    seedJson: string;
    menu?: PageDataBlock['menu'];
    newsletterTime?: string;
    dataSaver?: boolean;
    stale?: boolean;
    emergency?: PageDataBlock['emergency'];
  };
  /**
   * A lite page (data-saver mode): the reader app's script and preloads are left out, and the
   * lite script (`script`) comes instead, told where the app (`app`) is for a hand-off.
   */
  lite?: LiteTemplate;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The lite scripts with the pattern of the app's <script> tag, which the lite page leaves out. */
export type LiteTemplate = LiteScripts & { appScript: RegExp };

/** Compiles the app's <script> tag's pattern once per server (it has one app URL), not per lite page. */
export function liteTemplate(lite: LiteScripts): LiteTemplate {
  return { ...lite, appScript: new RegExp(`<script\\b[^>]*\\ssrc="${escapeRegExp(lite.app)}"[^>]*></script>\\s*`) };
}

/** Swaps the reader app for the lite script (see dataSaver/lite.ts); stylesheets stay. */
function toLite(html: string, { script, app, appScript }: LiteTemplate): string {
  if (!appScript.test(html))
    throw new Error(`The page template has no <script type="module" src="${app}">: the lite page cannot replace it`);
  return html
    .replace(appScript, '')
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
    .replace('<div id="root">', `<div id="root" ${LITE_ROOT_ATTRIBUTE}>`)
    .replace(
      '</body>',
      () => `<script type="module" src="${escapeHtml(script)}" ${LITE_APP_ATTRIBUTE}="${escapeHtml(app)}"></script>\n  </body>`,
    );
}

/**
 * The page-data block as jsonForScript would write it (same keys, same order, undefined left out),
 * with the seed's script-safe JSON spliced in: a render's seed is serialised and escaped once, not
 * per response. scriptSafeJson replaces single characters, so escaping the parts is escaping the whole.
 */
function pageDataJson({ origin, seedJson, menu, newsletterTime, dataSaver, stale, emergency }: NonNullable<DocumentParts['page']>): string {
  const rest: Omit<PageDataBlock, 'origin' | 'seed'> = { menu, newsletterTime, dataSaver, emergency, stale: stale || undefined };
  const tail = JSON.stringify(rest).slice(1);
  const head = scriptSafeJson(`{"origin":${JSON.stringify(origin)},"seed":`);
  return `${head}${seedJson}${scriptSafeJson(tail === '}' ? '}' : `,${tail}`)}`;
}

/** Fails at start-up, not on every page, when index.html lost the markers the server fills. */
export function assertTemplate(template: string): void {
  if (!HEAD.test(template) || !template.includes(BODY) || !template.includes('</head>'))
    throw new Error('index.html must contain <!--page-head-->…<!--/page-head--> and <!--page-html-->');
}

/**
 * Fills the page template. In development the nonce goes on the template's own <script> tags
 * only (Vite's preamble), before anything from the database is added: content never gets one.
 */
export function fillTemplate(template: string, { nonce, env, head, preload = '', page, lite }: DocumentParts): string {
  let html = nonce ? template.replace(/<script\b/g, `<script nonce="${escapeHtml(nonce)}"`) : template;
  const data = [`<script id="${SITE_ENV_ELEMENT_ID}" type="application/json">${jsonForScript(env)}</script>`];
  if (page) data.push(`<script id="${PAGE_DATA_ELEMENT_ID}" type="application/json">${pageDataJson(page)}</script>`);
  if (head) html = html.replace(HEAD, () => head);
  html = html.replace('</head>', () => `${preload}\n  </head>`);
  html = html.replace(BODY, () => page?.html ?? '');
  // The app's scripts and their data after the page, not in the head: module scripts run only once
  // the page is parsed anyway, and asked for from the head they shared a slow link with the page's
  // own HTML, its stylesheets and its main picture, and the first paint waited for all of them.
  const scripts: string[] = [];
  html = html.replace(APP_SCRIPTS, (tag) => (scripts.push(tag.trim()), ''));
  html = html.replace('</body>', () => `${scripts.join('')}${data.join('')}\n  </body>`);
  return lite ? toLite(html, lite) : html;
}
