import { escapeHtml } from '@/lib/html';
import { articlePath } from '@/lib/readerPaths';
import { SITE_NAME } from '@/public/meta';
import { editionPagePath, frenchDay } from './day';
import type { EssentialItem } from './text';

/** The page's weight on the wire at most: it is read on the slowest connections, and forwarded. */
export const PAGE_MAX_BYTES = 20 * 1024;

/** The card's address beside its page. */
export const cardPath = (day: string) => `${editionPagePath(day)}/carte.jpg`;

// Everything the page needs is in it: no script, no stylesheet to fetch, system fonts.
const STYLE = `body{margin:0;font:17px/1.5 Georgia,'Times New Roman',serif;color:#111;background:#fff}
header{background:#b3261e;padding:10px 16px}header a{color:#fff;font:bold 18px Arial,sans-serif;text-decoration:none;letter-spacing:1px}
main{max-width:40em;margin:0 auto;padding:8px 16px 24px}h1{margin:12px 0 0;font-size:28px}.date{margin:0;color:#555;font-family:Arial,sans-serif}
ol{padding-left:1.4em}li{margin:16px 0}h2{margin:0;font-size:20px;line-height:1.3}h2 a{color:#111}li p{margin:4px 0 0;color:#333}
nav,footer{font-family:Arial,sans-serif;font-size:15px}nav ul{padding-left:1.2em}a{color:#b3261e}footer{border-top:1px solid #ddd;padding-top:8px;color:#555}`;

/**
 * « L'essentiel du jour » as a page of its own, `/edition/{day}`: the day's stories linking to the
 * articles, the card to download, the previous days' editions. No JavaScript and no reader bundle:
 * a few KB that any browser shows.
 */
export function editionPageHtml(options: {
  origin: string;
  day: string;
  items: (EssentialItem & { slug: string })[];
  previousDays: string[];
}): string {
  const { day, items } = options;
  const dated = frenchDay(day, true);
  const title = `L’essentiel du ${dated} — ${SITE_NAME}`;
  const canonical = `${options.origin}${editionPagePath(day)}`;
  const stories = items
    .map(
      (item) =>
        `<li><h2><a href="${escapeHtml(articlePath(item.slug))}">${escapeHtml(item.title)}</a></h2>${item.gist ? `<p>${escapeHtml(item.gist)}</p>` : ''}</li>`,
    )
    .join('');
  const previous = options.previousDays.length
    ? `<nav aria-label="Éditions précédentes"><h2>Éditions précédentes</h2><ul>${options.previousDays
        .map((d) => `<li><a href="${editionPagePath(d)}">${escapeHtml(frenchDay(d, true))}</a></li>`)
        .join('')}</ul></nav>`
    : '';
  return `<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><meta name="description" content="${escapeHtml(`Les ${items.length} informations à retenir du ${dated}, par ${SITE_NAME}.`)}"><link rel="canonical" href="${escapeHtml(canonical)}"><meta property="og:title" content="${escapeHtml(title)}"><meta property="og:image" content="${escapeHtml(options.origin + cardPath(day))}"><style>${STYLE}</style></head><body><header><a href="/">${escapeHtml(SITE_NAME.toUpperCase())}</a></header><main><h1>L’essentiel du jour</h1><p class="date">${escapeHtml(dated)}</p><ol>${stories}</ol><p><a href="${cardPath(day)}" download>Télécharger la carte (image)</a></p>${previous}<footer><p>Transférez cette page à vos proches : chaque titre mène à l’article complet sur ${escapeHtml(new URL(options.origin).host)}.</p></footer></main></body></html>`;
}

/** What a day without an edition answers. */
export const NO_EDITION_HTML = `<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Pas d’édition ce jour-là — ${SITE_NAME}</title></head><body><p>Pas d’édition de L’essentiel du jour à cette date. <a href="/">Retour à l’accueil</a></p></body></html>`;
