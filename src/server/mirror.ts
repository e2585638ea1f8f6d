/**
 * The mirror (« Mode urgence », docs/deployment.md#mirror): the lite site as static files, to upload
 * to a second host on another provider and domain, for the days this one cannot be reached. Pages
 * are read from a running site as any visitor in data-saver mode gets them, then made static: no
 * script (nothing calls the API, nothing from a third party), `noindex`, the canonical link to the
 * main site, links to pages the mirror lacks sent to the main site. Each page must weigh at most
 * MIRROR_PAGE_MAX_BYTES (30 KB gzip).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PostgrestClient } from '@supabase/postgrest-js';
import type { Database } from '@/lib/database';
import type { SiteEnv } from '@/lib/siteEnv';
import { articlePath } from '@/lib/readerPaths';
import type { LiveFrontItem } from '@/lib/live';
import type { DataClient } from '@/lib/supabase';
import { EDITION_PATH } from '@/offline/paths';
import { onlyPublic } from '@/public/api/visibility';
import { ROUTE_PATHS } from '@/public/routePaths';
import { DATA_SAVER_KEY } from '@/public/dataSaver/choice';

/** The site's data as any visitor reads it (the anon key): what the mirror may carry. */
export const anonReader = (env: SiteEnv): DataClient =>
  new PostgrestClient<Database>(`${env.supabaseUrl}/rest/v1`, {
    headers: { apikey: env.supabaseAnonKey, Authorization: `Bearer ${env.supabaseAnonKey}` },
  });

/** The latest public articles the mirror carries. */
export const MIRROR_ARTICLES = 100;
/**
 * A mirror page weighs at most this: its bytes on the wire, gzip as any static host sends HTML
 * (the site's budgets count what is transferred too); a lite article is ~22 KB before compression.
 */
export const MIRROR_PAGE_MAX_BYTES = 30 * 1024;

/** A page's weight as MIRROR_PAGE_MAX_BYTES counts it. */
export const mirrorPageBytes = (html: string) => gzipSync(html).length;

export interface MirrorOptions {
  /** The running site to read (its address on this machine, say http://127.0.0.1:3000). */
  site: string;
  /** Where the files go: replaced whole once every page is written. */
  dir: string;
  /** The site's data, as anon: which articles and live coverages are public. */
  db: DataClient;
}

export interface MirrorReport {
  dir: string;
  /** Paths written, each with its weight (mirrorPageBytes). */
  pages: { path: string; bytes: number }[];
  /** Pages over MIRROR_PAGE_MAX_BYTES (written all the same: a long page beats none). */
  tooHeavy: string[];
  /** Paths that could not be read (not a complete 200), left out. */
  missing: string[];
}

/** The front page, the corrections, the latest public articles, the live coverages and the day's edition. */
async function mirrorPaths({ site, db }: MirrorOptions): Promise<string[]> {
  const [articles, live, edition] = await Promise.all([
    onlyPublic(db.from('articles').select('slug'), undefined, new Date())
      .order('published_at', { ascending: false })
      .limit(MIRROR_ARTICLES)
      .overrideTypes<{ slug: string }[]>(),
    db.rpc('live_front'),
    fetch(`${site}${EDITION_PATH}`, { headers: liteRequest }).then((r) =>
      r.ok ? (r.json() as Promise<{ pages?: { url: string }[] }>) : null,
    ),
  ]);
  if (articles.error) throw new Error(`The mirror's articles could not be read: ${articles.error.message}`);
  const coverages = live.error ? [] : (live.data as unknown as LiveFrontItem[]);
  return [
    ...new Set([
      '/',
      ROUTE_PATHS.corrections,
      ...coverages.map((c) => articlePath(c.slug)),
      ...articles.data.map((a) => articlePath(a.slug)),
      ...(edition?.pages ?? []).map((p) => p.url).filter((url) => url.startsWith('/')),
    ]),
  ];
}

/** As a visitor in data-saver mode asks: the lite page, whatever the mode. */
const liteRequest = { Cookie: `${DATA_SAVER_KEY}=on`, 'Save-Data': 'on' };

/** Where a path's page goes: `/` → index.html, `/article/x` → article/x/index.html (any static host serves it at /article/x). */
export const mirrorFile = (pagePath: string) => path.join(...pagePath.split('/').filter(Boolean).map(decodeURIComponent), 'index.html');

/**
 * A lite page made static: its scripts (the lite script, the page's data) go, `noindex` comes, the
 * canonical link stays the main site's; a link to a page the mirror has stays as it is, any other
 * link of the site goes to the main site.
 */
export function staticPage(html: string, { origin, mirrored }: { origin: string; mirrored: ReadonlySet<string> }): string {
  let page = html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>\s*/gi, '')
    .replace(/<link rel="(?:modulepreload|preload|manifest)"[^>]*>\s*/gi, '')
    .replace(/<meta name="robots"[^>]*>\s*/gi, '')
    .replace('</head>', '<meta name="robots" content="noindex" />\n  </head>');
  page = page.replace(/(<a\b[^>]*\shref=")(\/[^"]*)"/g, (whole, start: string, href: string) => {
    const [pathname] = href.split(/[?#]/);
    return mirrored.has(pathname) && !href.includes('?') ? whole : `${start}${origin}${href}"`;
  });
  return page;
}

/** The canonical origin a page names (the main site's SITE_URL). */
function canonicalOrigin(html: string): string | null {
  const href = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
  return href ? new URL(href.replace(/&amp;/g, '&')).origin : null;
}

/** Same-site stylesheets and icons the pages name: copied beside them. */
const assetPaths = (html: string) =>
  [...html.matchAll(/<link rel="(?:stylesheet|icon|apple-touch-icon)"[^>]*\shref="(\/[^"]+)"/g)].map((m) => m[1]);

/** A lite page, or null when it is not a complete 200; a refusal (429, 503) is tried again after a pause. */
async function litePage(url: string): Promise<string | null> {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(url, { headers: liteRequest, redirect: 'manual' });
    const html = await response.text();
    if ((response.status === 429 || response.status === 503) && attempt < 5) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      continue;
    }
    // A page with a part missing is not complete: the server says so by letting no cache keep it.
    return response.status === 200 && response.headers.get('cache-control') !== 'no-store' ? html : null;
  }
}

/** Exports the mirror into `dir` (written beside it, then swapped in: a host syncing it never sees half). */
export async function exportMirror(options: MirrorOptions): Promise<MirrorReport> {
  const paths = await mirrorPaths(options);
  const pages: { pagePath: string; html: string | null }[] = [];
  // Two at a time, as a browser would: the export comes from one address, under the site's render limit.
  const queue = [...paths];
  const worker = async () => {
    for (let pagePath = queue.shift(); pagePath !== undefined; pagePath = queue.shift())
      pages.push({ pagePath, html: await litePage(`${options.site}${pagePath}`) });
  };
  await Promise.all([worker(), worker()]);
  pages.sort((a, b) => paths.indexOf(a.pagePath) - paths.indexOf(b.pagePath));
  const home = pages[0]?.html;
  if (!home) throw new Error(`The mirror needs the front page: ${options.site}/ did not answer it whole`);
  const origin = canonicalOrigin(home) ?? options.site;
  const found = pages.filter((p): p is { pagePath: string; html: string } => p.html !== null);
  const mirrored = new Set(found.map((p) => p.pagePath));
  const work = `${options.dir}.new-${process.pid}`;
  await fs.rm(work, { recursive: true, force: true });
  const report: MirrorReport = { dir: options.dir, pages: [], tooHeavy: [], missing: paths.filter((p) => !mirrored.has(p)) };
  const assets = new Set<string>();
  for (const { pagePath, html } of found) {
    const page = staticPage(html, { origin, mirrored });
    const file = path.join(work, mirrorFile(pagePath));
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, page);
    const bytes = mirrorPageBytes(page);
    report.pages.push({ path: pagePath, bytes });
    if (bytes > MIRROR_PAGE_MAX_BYTES) report.tooHeavy.push(pagePath);
    for (const asset of assetPaths(page)) assets.add(asset);
  }
  for (const asset of assets) {
    const response = await fetch(`${options.site}${asset}`);
    if (!response.ok) continue;
    const file = path.join(work, ...asset.split('/').filter(Boolean));
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, Buffer.from(await response.arrayBuffer()));
  }
  const old = `${options.dir}.old-${process.pid}`;
  await fs.rm(old, { recursive: true, force: true });
  await fs.rename(options.dir, old).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  await fs.rename(work, options.dir);
  await fs.rm(old, { recursive: true, force: true });
  return report;
}
