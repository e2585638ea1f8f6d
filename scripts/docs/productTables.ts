import fs from 'node:fs';
import path from 'node:path';
import {
  ARTICLE_IMAGES_BUCKET,
  IMAGE_CACHE_CONTROL,
  MASTER_QUALITY,
  MAX_IMAGE_BYTES,
  MIN_MASTER_QUALITY,
  RENDITION_QUALITY,
  RETRY_DELAY_MS,
  UPLOAD_ATTEMPTS,
  UPLOAD_BATCH_SIZE,
} from '../../src/admin/articles/images/constants';
import { LIMITS } from '../../src/admin/limits';
import { OUTBOX_RETRY_MS } from '../../src/admin/live/outbox';
import { DESK_REFRESH_MS, ENTRY_MAX_LENGTH, POLL_CHOICES } from '../../src/admin/live/types';
import { PERIODS } from '../../src/admin/analytics/types';
import * as failures from '../../src/admin/providers/frenchErrors';
import { API_MAX_ROWS } from '../../src/admin/providers/newsroomDataProvider';
import { SENTENCES_PER_PARAGRAPH } from '../../src/lib/content';
import { LIVE_PAGE_SIZE } from '../../src/lib/live';
import { WORDS_PER_MINUTE } from '../../src/lib/readingTime';
import {
  DATA_SAVER_ARTICLE_WIDTH,
  DATA_SAVER_WIDTH,
  MASTER_MAX_EDGE,
  RENDITION_WIDTHS,
  SHARE_IMAGE_MAX_BYTES,
} from '../../src/lib/renditions';
import { EDITION_HOURS, EDITION_MAX_ARTICLES } from '../../src/offline/edition';
import { RELATED_COUNT } from '../../src/public/api/article';
import { CATEGORY_PAGE_SIZE } from '../../src/public/api/category';
import { MOST_READ_COUNT } from '../../src/public/api/mostRead';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../src/public/auth/validation';
import { CAROUSEL_INTERVAL_MS } from '../../src/public/components/carousel';
import { DEFAULT_POLL_SECONDS, HIDDEN_TAB_FACTOR, MAX_BACKOFF_MS } from '../../src/public/live/schedule';
import { RSS_ITEMS } from '../../src/server/feeds';
import { MAX_SITEMAP_URLS } from '../../src/server/sitemaps';
import { LIVE_EDGE_SECONDS } from '../../src/server/headers';
import { STALE_AFTER_MS, STALE_MAX_BYTES, STALE_MAX_MS } from '../../src/server/stalePages';

/**
 * docs/product.md's tables of numbers and messages, written from the code that holds them, between
 * `<!-- generated:<name> -->` and `<!-- /generated:<name> -->` markers: a change to a constant or a
 * message changes the page. `npx tsx scripts/docs/productTables.ts` rewrites the page;
 * productTables.test.ts fails while the page differs from what this writes.
 */

export const PRODUCT_MD = path.join(import.meta.dirname, '../../docs/product.md');

type Row = readonly string[];
const table = (head: Row, rows: Row[]) => [head, head.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
const quote = (text: string) => `« ${text} »`;
const mb = (bytes: number) => `${bytes / 1024 / 1024}`;
/** A number as the page's English prose writes it (5,000). */
const en = (n: number) => n.toLocaleString('en');

/** The numbers the product states, each from the code that applies it (values without a code constant name their source). */
function constants(): string {
  const rows: Row[] = [
    ['Carousel step (home and article)', `${en(CAROUSEL_INTERVAL_MS)} ms`, '`src/public/components/carousel.ts`'],
    ['Cards per view', '1 under 640 px, 2 under 1024 px, 3 above', '`src/public/components/carousel.ts`'],
    ['Carousel start', 'first card 5 s within 200 px of the screen, or a touch', '`useCarouselStart.ts`'],
    ['Home: articles per category', '10 (the function allows 1–20)', '`src/public/api/home.ts`'],
    ['Related articles', `${RELATED_COUNT}`, '`src/public/api/article.ts`'],
    ['Sentences per paragraph', `${SENTENCES_PER_PARAGRAPH}`, '`src/lib/content.ts`'],
    [
      'Read time on featured, category, related and search cards',
      `words ÷ ${WORDS_PER_MINUTE}, rounded up; « 5 min » without text (none in home carousels)`,
      '`src/lib/readingTime.ts`, `articles.word_count`',
    ],
    ['Category page', `${CATEGORY_PAGE_SIZE} articles a page`, '`CATEGORY_PAGE_SIZE`, `src/public/api/category.ts`'],
    [
      'Les plus lus',
      `${MOST_READ_COUNT} articles, views of today and the 7 UTC days before`,
      '`src/public/api/mostRead.ts`, `public.most_read`',
    ],
    ['Points clés', `${LIMITS.keyPoints.max} lines of ${LIMITS.keyPoint.max} characters`, '`key_points` checks, `src/admin/limits.ts`'],
    [
      'Live desk',
      `entries of 1 to ${en(ENTRY_MAX_LENGTH)} characters; readers' interval ${POLL_CHOICES.join(', ')} s or stopped; the outbox retries every ${OUTBOX_RETRY_MS / 1000} s and when the network returns; the desk re-reads its entries every ${DESK_REFRESH_MS / 1000} s`,
      '`src/admin/live/`, `live_post`',
    ],
    [
      'Contact limits',
      'name 100, e-mail 254, message 5,000; 5 per client, 20 per address in 10 min',
      '`send_contact_message`, `auth/validation.ts`',
    ],
    ['Newsletter limits', '10 sign-ups per client, 30 per address in 10 min', '`subscribe_newsletter`'],
    ['Sitemap article files', `one a week of publication (Monday, UTC), at most ${en(MAX_SITEMAP_URLS)} URLs`, '`src/server/sitemaps.ts`'],
    [
      'Offline edition',
      `last ${EDITION_HOURS} h, 5 to ${EDITION_MAX_ARTICLES} articles, ≤ 500 KB (100 KB data-saver)`,
      '`src/offline/edition.ts`',
    ],
    ['Fallback picture', "the site's hero picture, 1200 × 675", '`src/public/assets/hero.webp`'],
    ['Article picture height', 'at most 600 px, 16:9', '`ArticlePage.css`'],
    ['Search', '200 characters, 30 results (function max 100)', '`routes.ts`, `api/search.ts`'],
    ['Description', 'under 200 characters', '`src/public/meta.ts`'],
    ['RSS items', `${RSS_ITEMS}`, '`src/server/feeds.ts`'],
    ['Password', `${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters`, '`src/public/auth/validation.ts`, `supabase/config.toml`'],
    ['Full name', `${LIMITS.fullName.max} characters`, 'schema, sign-up field'],
    ['Live home', 'connects 10 s after load and idle; 500 ms debounce', '`useLiveArticles.ts`'],
    [
      'Live coverage (« En direct »)',
      `${LIVE_PAGE_SIZE} entries a page, at most 20 key events, a delta at most 50 changes (then \`reload\`); readers' interval 30 s by default (10 to 600 s, 0 stops), closed after 12 h without an entry`,
      '`src/lib/live.ts`, live coverage migration',
    ],
    [
      'Live page updates',
      `every \`pollSeconds\` of the last answer (${DEFAULT_POLL_SECONDS} s by default, 0 stops), ×${HIDDEN_TAB_FACTOR} in a hidden tab, doubling after failures up to ${MAX_BACKOFF_MS / 60_000} min; in data-saver mode only on « Vérifier les nouveautés »`,
      '`src/public/live/schedule.ts`',
    ],
    [
      'Image master',
      `long edge ≤ ${MASTER_MAX_EDGE} px, ≤ ${mb(MAX_IMAGE_BYTES)} MB, WebP quality ${MASTER_QUALITY} (down to ${MIN_MASTER_QUALITY})`,
      '`renditions.ts`, `admin/articles/images/constants.ts`',
    ],
    ['Renditions', `${RENDITION_WIDTHS.join(', ')} px, quality ${RENDITION_QUALITY}`, '`src/lib/renditions.ts`'],
    ['Card picture cap', '640 px (featured 960 px from 768 px wide)', '`ArticleCard.tsx`'],
    [
      'Share picture',
      `1200 × 630 JPEG under ${SHARE_IMAGE_MAX_BYTES / 1024} KB (\`<stem>.<W>x<H>.share.jpg\`); default \`share-default.jpg\``,
      '`src/lib/renditions.ts`',
    ],
    ['Data-saver picture width', `cards ${DATA_SAVER_WIDTH} px, article ${DATA_SAVER_ARTICLE_WIDTH} px`, '`src/lib/renditions.ts`'],
    [
      'Uploads',
      `${UPLOAD_BATCH_SIZE} files at once, ${UPLOAD_ATTEMPTS} attempts, wait ${RETRY_DELAY_MS} ms × attempt`,
      '`admin/articles/images/constants.ts`',
    ],
    ['Storage cache', `${en(Number(IMAGE_CACHE_CONTROL))} s (one year)`, '`admin/articles/images/constants.ts`'],
    ['Bucket file limit', `10 MiB; JPEG, PNG, WebP, GIF, AVIF (bucket \`${ARTICLE_IMAGES_BUCKET}\`)`, 'bucket migration'],
    ['Lists in the back office', '25 per page', '`ArticleList.tsx`, `UserList.tsx`'],
    [
      'Back-office list pages',
      `read ${API_MAX_ROWS} rows per request past PostgREST's max rows (the subscribers' export)`,
      '`newsroomDataProvider.ts`',
    ],
    ['Dashboard chart', '14 days', '`dashboard_stats()`'],
    [
      'Analytics periods',
      `${PERIODS.join(', ').replace(`${PERIODS[0]}`, `${PERIODS[0]} (default)`)} days; top 10 articles`,
      '`admin/analytics/types.ts`, `analytics_summary()`',
    ],
    [
      'Views',
      'one per reader per target per 30 min; 20 per address per target, 600 per address, 60 per reader',
      'honest view counts migration',
    ],
    [
      'Dates',
      "long French (« 21 novembre 2026 ») for readers, fr-FR short (« 21/11/2026 ») in the back office, both in UTC+0; scheduled times, revision and correction dates in the back office, and the preview banner's scheduled time, in the newsroom's time zone",
      '`src/lib/dates.ts`, `src/lib/newsroomTime.ts`',
    ],
    [
      'Page cache',
      '`public, max-age=60, stale-while-revalidate=600`; data-saver pages `private, max-age=60`; 404s and old article addresses (301) `public, max-age=60`, without stale-while-revalidate; feeds 300 s (+3600 s stale); `/edition.json` `public, max-age=60` (data-saver `private, max-age=60`); a live delta `public, max-age=5`; shared caches (`Surrogate-Control`, `CDN-Cache-Control`) a day, a kept 404 5 minutes, a live delta ' +
        `${LIVE_EDGE_SECONDS} s, purged by the keys in \`Surrogate-Key\`/\`Cache-Tag\` ([architecture](architecture.md#edge-headers-and-purge-keys))`,
      '`src/server/headers.ts`',
    ],
    ["Server's wait for the database", '8 s, then 503 with `Retry-After: 30`', '`src/server/app.ts`'],
    [
      'Stale pages',
      `served when a render fails or takes over ${STALE_AFTER_MS} ms; ${STALE_MAX_MS === 86_400_000 ? 'one day' : `${STALE_MAX_MS} ms`}, ${mb(STALE_MAX_BYTES)} MB`,
      '`src/server/stalePages.ts`',
    ],
    ['Statement timeouts', 'anon 3 s, authenticated 8 s', '`packages/supabase-local/src/bootstrap.sql` (hosted: the platform)'],
    ['Request bodies (local gateway)', '1 MiB for REST and auth', '`packages/supabase-local/src/requestLimits.ts`'],
    [
      'REST answers (local gateway)',
      'embedded resources 8 levels deep, 4 MiB per response; max rows 1000 (hosted: API settings)',
      '`packages/supabase-local/src/responseLimits.ts`, `postgrest.ts`',
    ],
    ['Correction note', `1 to ${en(LIMITS.correctionNote.max)} characters`, 'workflow migration, `src/admin/limits.ts`'],
    ["Reader's first-load JavaScript", 'at most 90 KB gzip', '`tests/e2e/bundle.spec.ts`'],
  ];
  return table(['What', 'Value', 'Where'], rows);
}

/** The limits on what the newsroom types, with the message the form and the database's refusal both show. */
function limits(): string {
  const rows = Object.values(LIMITS).map((l): Row => [l.what, en(l.max), `\`${l.constraint}\``, quote(l.message)]);
  return table(['Rule', 'At most', 'Check constraint', 'Message (form and refusal)'], rows);
}

/** What each of the back office's failure sentences (src/admin/providers/frenchErrors.ts) answers. */
const FAILURE_CASES: Record<string, string> = {
  NETWORK_LOST: 'No network (fetch failed, connection refused or reset)',
  TIMED_OUT: 'Timeout (abort, 408, 504, statement timeout 57014)',
  SERVER_FAILED: 'Server failure (5xx, transient database states)',
  RATE_LIMITED: 'Too many requests (429, auth rate limit)',
  SESSION_EXPIRED: 'Session expired (401, PGRST301–303)',
  UNEXPECTED: 'Anything else',
  TITLE_TOO_LONG: 'Title over its limit (`articles_title_check`)',
  SLUG_TAKEN: 'Slug already used (23505 on the slug)',
  STALE_VERSION: 'Stale save (`PT409`, `stale_version`)',
  ALT_TEXT_REQUIRED: 'An image without alternative text on an article going out (`alt_text_required`)',
  AUTHOR_NOT_NEWSROOM: 'Byline outside the newsroom (`author_not_newsroom`)',
  PUBLICATION_TIME_MISSING: 'Scheduled without its moment (23502 on `published_at`)',
  NEWSROOM_NAME_TAKEN: "A reader's name that is a newsroom member's (`name_of_newsroom_member`)",
  LAST_ADMIN: 'Removing the last administrator (`last_admin`)',
  ALREADY_PINNED: 'An article already on the front page at another rank',
  ALREADY_EXISTS: 'Any other duplicate (23505, storage 409)',
  CATEGORY_HAS_ARTICLES: 'Deleting a category that still has articles (23503 on `articles_category_id_fkey`)',
  TAG_HAS_ARTICLES: 'Deleting a tag that articles still carry (23503 on `article_tags_tag_id_fkey`)',
  TAG_NAME_TAKEN: 'A tag of the same kind already has that name, accents and case aside (23505 on the name key)',
  TAG_SLUG_TAKEN: 'Another tag already has that slug (23505 on the tag slug)',
  TOO_MANY_TAGS: 'A ninth tag on one article (the database refuses it)',
  LINKED_GONE: 'A linked row gone (23503)',
  NOT_FOUND: 'Not found (404, 406, PGRST116)',
  INVALID_VALUE: 'Any other refused value (other checks, 22xxx)',
  CONTENT_TOO_LARGE: 'Request body over the limit (413)',
  FILE_TYPE_REFUSED: 'Storage: file type refused (415)',
  FILE_TOO_LARGE: "Storage: file over the bucket's limit (413)",
  STORAGE_FULL: 'Storage: quota reached (507)',
  FILE_NAME_REFUSED: 'Storage: object name refused (InvalidKey)',
  FILE_NOT_FOUND: 'Storage: object not found (404)',
};

function failureMessages(): string {
  const sentences = new Map(Object.entries(failures).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  for (const name of sentences.keys())
    if (!FAILURE_CASES[name])
      throw new Error(`frenchErrors.${name} has no case in scripts/docs/productTables.ts FAILURE_CASES: say when it is shown.`);
  const rows = Object.entries(FAILURE_CASES).map(([name, when]): Row => {
    const text = sentences.get(name);
    if (!text) throw new Error(`FAILURE_CASES names ${name}, which frenchErrors.ts no longer exports.`);
    return [when, quote(text)];
  });
  const forbidden = Object.entries(failures.FORBIDDEN).map(([topic, text]): Row => [
    `Permission refused (42501, 403): ${topic}`,
    quote(text),
  ]);
  return table(['Failure', 'Message'], [...rows, ...forbidden]);
}

export const GENERATED: Record<string, () => string> = { constants, limits, 'failure-messages': failureMessages };

/** The page with every generated block rewritten; throws for a block the page lacks. */
export function withGeneratedTables(markdown: string): string {
  let page = markdown;
  for (const [name, make] of Object.entries(GENERATED)) {
    const block = new RegExp(`(<!-- generated:${name} -->\\n)[\\s\\S]*?(\\n<!-- /generated:${name} -->)`);
    if (!block.test(page)) throw new Error(`docs/product.md has no <!-- generated:${name} --> … <!-- /generated:${name} --> block`);
    page = page.replace(block, (_, open: string, close: string) => `${open}${make()}${close}`);
  }
  return page;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  fs.writeFileSync(PRODUCT_MD, withGeneratedTables(fs.readFileSync(PRODUCT_MD, 'utf8')));
  console.log('docs/product.md: generated tables written');
}
