import { createHash } from 'node:crypto';
import { frenchCount, LIMITS } from '../../src/admin/limits.ts';
import { slugBase } from '../../src/lib/slug.ts';
import { isSitePath } from '../../src/server/wordpressAddresses.ts';
import type { WxrChannel, WxrItem } from './wxr.ts';

/** What a WordPress post becomes, decided from the export alone (no database): pure, unit-tested. */

export type ArticleStatus = 'draft' | 'review' | 'scheduled' | 'published';

/** publish → Publié, future → Programmé, draft → Brouillon, pending → « À relire »; anything else is not imported. */
const STATUSES: Record<string, ArticleStatus> = { publish: 'published', future: 'scheduled', draft: 'draft', pending: 'review' };

export const articleStatus = (wpStatus: string): ArticleStatus | null => STATUSES[wpStatus] ?? null;

/** A WordPress GMT date (`2019-03-05 08:30:00`) as ISO, or null for WordPress's "none" (`0000-00-00 00:00:00`). */
export function gmtDate(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(value.trim());
  if (!m || m[1] === '0000') return null;
  const date = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** post_name as our slug rule reads it: WordPress stores non-ASCII names percent-encoded. */
export function wantedSlug(item: Pick<WxrItem, 'name' | 'title'>): string {
  let name = item.name;
  try {
    name = decodeURIComponent(name);
  } catch {
    // a lone % stays as it is
  }
  return slugBase(name) || slugBase(item.title) || 'article';
}

/** The excerpt as text (WordPress allows HTML there; ours is plain), at most 1,000 characters. */
export function excerptText(excerpt: string): string | null {
  const text = excerpt
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text ? text.slice(0, 1000) : null;
}

/** Headlines fit a front page (150 characters, the product's rule): a longer one is cut at a word. */
export const TITLE_MAX = 150;
export function headline(title: string): string {
  const clean = title.replace(/\s+/g, ' ').trim() || 'Sans titre';
  if (clean.length <= TITLE_MAX) return clean;
  const cut = clean.slice(0, TITLE_MAX - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 100 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

/** The path part of the blog's address, without its trailing slash ('' at a domain's root). */
function blogPrefix(channel: Pick<WxrChannel, 'baseBlogUrl' | 'link'>): string {
  try {
    return new URL(channel.baseBlogUrl || channel.link).pathname.replace(/\/+$/, '');
  } catch {
    return '';
  }
}

/**
 * The addresses WordPress answered for a post, lower case: its permalink as exported (whatever the
 * site's structure: dated, by category, plain), the dated form `/<yyyy>/<mm>/<dd>/<slug>/` and the
 * bare `/<slug>/` (WordPress redirects both to the post), and `/?p=<id>`.
 */
export function oldPaths(
  item: Pick<WxrItem, 'id' | 'link' | 'name' | 'localDate'>,
  channel: Pick<WxrChannel, 'baseBlogUrl' | 'link'>,
): string[] {
  const prefix = blogPrefix(channel);
  const paths = new Set<string>([`${prefix}/?p=${item.id}`]);
  try {
    const link = new URL(item.link);
    paths.add(link.pathname + (link.pathname === `${prefix}/` || link.pathname === '/' ? link.search : ''));
  } catch {
    // no permalink in the export: the forms below still hold
  }
  const name = item.name.trim();
  if (name) {
    paths.add(`${prefix}/${name}/`);
    const day = /^(\d{4})-(\d{2})-(\d{2})/.exec(item.localDate);
    if (day && day[1] !== '0000') paths.add(`${prefix}/${day[1]}/${day[2]}/${day[3]}/${name}/`);
  }
  return [...paths].map((p) => p.toLowerCase()).filter((p) => p.startsWith('/') && p.length <= 600);
}

/**
 * The old paths a post may keep, and those it may not: the site's own addresses come first
 * (isSitePath: /admin/, /auth/, a category's, /search/, the feeds…), so a permalink that is one of
 * them is not recorded (the importer reports it). `/?p=<id>` stays: the home page reads no `p`.
 */
export function sitePathsApart(paths: string[]): { kept: string[]; taken: string[] } {
  const taken = paths.filter((p) => !p.startsWith('/?') && isSitePath(p.split('?')[0]));
  return { kept: paths.filter((p) => !taken.includes(p)), taken };
}

/** The most characters an article's content holds (the database's check, LIMITS.content). */
export const CONTENT_MAX = LIMITS.content.max;
/**
 * A post whose text in the export is this long (pictures written into it taken out first:
 * withoutDataImages) is refused before it is cleaned: cleaning (block comments, shortcodes) never
 * takes away four fifths, and parsing and sanitizing a 50 MB post would hold the importer's memory
 * and time for nothing.
 */
export const RAW_CONTENT_MAX = 5 * CONTENT_MAX;

/** `<img src="data:…">`: a picture written into the text itself (base64), often megabytes. */
const DATA_IMAGE = /<img\b[^>]*?\ssrc\s*=\s*["']?\s*data:[^>]*>/gi;

/** The post's text without the pictures written into it (never imported: reported), and how many there were. */
export function withoutDataImages(html: string): { html: string; removed: number } {
  let removed = 0;
  const kept = html.replace(DATA_IMAGE, () => (removed++, ''));
  return { html: kept, removed };
}

/** Characters as PostgreSQL's char_length counts them (code points: a pair of UTF-16 surrogates is one). */
export const charLength = (text: string) => text.length - (text.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g)?.length ?? 0);

/** The report's words for a post too big for an article, in a dry run as for real. */
export const tooBigMessage = (chars: number) =>
  `non importé, trop volumineux (${frenchCount(chars)} caractères) : ${LIMITS.content.message}`;

/** What a rerun with --update compares: the post's fields that make the article. */
export function postDigest(item: WxrItem): string {
  const facts = [
    item.title,
    item.content,
    item.excerpt,
    item.status,
    item.dateGmt,
    item.name,
    item.creator,
    item.meta._thumbnail_id ?? '',
    ...item.categories.map((c) => `${c.domain}:${c.nicename}`),
  ];
  return createHash('sha256').update(JSON.stringify(facts)).digest('hex');
}

/**
 * The article's id, from the site and the post: the same on every run, so an article a killed run
 * left without its record is found (and made again) by the next.
 */
export function articleId(channel: Pick<WxrChannel, 'baseSiteUrl' | 'link'>, wordpressId: number): string {
  const hex = createHash('sha256')
    .update(`wordpress:${channel.baseSiteUrl || channel.link}:${wordpressId}`)
    .digest('hex');
  // A version 4-shaped UUID (the variant and version bits set), as gen_random_uuid() makes.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16], 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
