// `npm run bench:edition`: the size of today's offline edition for the seed content, with pictures
// and in data-saver mode, against the budgets (≤ 500 KB with pictures, ≤ 100 KB data-saver). Builds
// the site, starts a fresh stack and the production server, then downloads what the service worker
// stores (/edition.json's pages and pictures) as the browser would, compressed, and counts the bytes.
import http from 'node:http';
import zlib from 'node:zlib';
import { pageAssets } from '../src/offline/cachePolicy.ts';
import type { Edition } from '../src/offline/edition.ts';
import { startSiteWithStack } from './site.ts';

const BUDGET_KB = { full: 500, saver: 100 };
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * One GET as a browser sends it (compression accepted), counting the bytes on the wire (headers and
 * body as sent); `body` is the content, decompressed.
 */
function wireBytes(url: string, headers: Record<string, string>): Promise<{ status: number; bytes: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { 'Accept-Encoding': 'br, gzip', ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const head = response.rawHeaders.reduce((sum, h) => sum + h.length + 2, 20);
        const raw = Buffer.concat(chunks);
        const encoding = response.headers['content-encoding'];
        const body = encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : raw;
        resolve({ status: response.statusCode ?? 0, bytes: head + raw.length, body });
      });
    });
    request.on('error', reject);
  });
}

async function measure(site: string, mode: 'full' | 'saver') {
  const headers: Record<string, string> = mode === 'saver' ? { Cookie: 'data-saver=on', 'Save-Data': 'on' } : { Cookie: 'data-saver=off' };
  const listed = await fetch(`${site}/edition.json`, { headers });
  const edition = (await listed.json()) as Edition;
  let pages = 0;
  const assets = new Set<string>();
  for (const page of edition.pages) {
    const got = await wireBytes(site + page.url, headers);
    if (got.status !== 200) throw new Error(`${page.url} answered ${got.status}`);
    pages += got.bytes;
    // The HTML names the files it loads.
    pageAssets(got.body.toString('utf8')).forEach((a) => assets.add(a));
  }
  let images = 0;
  for (const image of edition.images) images += (await wireBytes(image.url, {})).bytes;
  let shell = 0;
  for (const asset of assets) shell += (await wireBytes(site + asset, {})).bytes;
  return { edition, pages, images, shell, stored: pages + images };
}

const stops: (() => Promise<unknown>)[] = [];
let status = 0;
try {
  console.error('Starting the stack and building the site...');
  const { site } = await startSiteWithStack('bench-edition-', (_, stop) => stops.unshift(stop));
  console.log('Offline edition of the seed content ("Télécharger l\'édition du jour"), bytes on the wire, compressed:');
  for (const mode of ['full', 'saver'] as const) {
    const m = await measure(site.url, mode);
    const articles = m.edition.pages.length - 1;
    const budget = BUDGET_KB[mode];
    const ok = m.stored <= budget * 1024;
    console.log(
      `  ${mode === 'full' ? 'with pictures' : 'data-saver   '}: ${kb(m.stored)} stored (${ok ? '✓' : '✗'} budget ${budget} KB) = ` +
        `home + ${articles} articles ${kb(m.pages)} + ${m.edition.images.length} pictures ${kb(m.images)}; ` +
        `announced ${kb(m.edition.bytes)}; the reader's own files the pages load (${kb(m.shell)}) come on top for a reader ` +
        `who has not opened the site in this browser`,
    );
    if (!ok) status = 1;
  }
} finally {
  for (const stop of stops) await stop();
}
process.exit(status);
