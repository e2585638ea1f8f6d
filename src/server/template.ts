import type { SiteEnv } from '@/lib/env';
import { SITE_ENV_ELEMENT_ID } from '@/lib/env';
import { PAGE_DATA_ELEMENT_ID, type PageSeed } from '@/public/page/PageContext';
import { escapeHtml, jsonForScript } from './html';

// index.html marks where the page's head tags and HTML go (see the comments there).
const HEAD = /<!--page-head-->[\s\S]*?<!--\/page-head-->/;
const BODY = '<!--page-html-->';

export interface DocumentParts {
  nonce: string;
  env: SiteEnv;
  /** Head tags of a rendered page; the template's defaults otherwise. */
  head?: string;
  /** Stylesheets and module preloads for a page that the browser loads on demand. */
  preload?: string;
  /** The rendered reader, its origin and data; absent for pages the browser renders alone. */
  page?: { html: string; origin: string; seed: PageSeed | null };
}

/**
 * Fills the page template. The nonce goes on the template's own <script> tags only (Vite's, and in
 * development its inline preamble), before anything from the database is added: content never
 * gets a nonce.
 */
export function fillTemplate(template: string, { nonce, env, head, preload = '', page }: DocumentParts): string {
  const attr = `nonce="${escapeHtml(nonce)}"`;
  let html = template.replace(/<script\b/g, `<script ${attr}`);
  const data = [`<script ${attr} id="${SITE_ENV_ELEMENT_ID}" type="application/json">${jsonForScript(env)}</script>`];
  if (page)
    data.push(`<script ${attr} id="${PAGE_DATA_ELEMENT_ID}" type="application/json">${jsonForScript({ origin: page.origin, seed: page.seed })}</script>`);
  if (head) html = html.replace(HEAD, () => head.replace(/<script\b/g, `<script ${attr}`));
  html = html.replace('</head>', () => `${preload}${data.join('')}\n  </head>`);
  return html.replace(BODY, () => page?.html ?? '');
}
