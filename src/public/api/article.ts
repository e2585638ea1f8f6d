import type { Tables } from '@/lib/database';
import { articlePath } from '@/lib/readerPaths';
import type { DataClient } from '@/lib/supabase';
import { DEFAULT_AUTHOR } from '../meta';
import { Redirect } from '../routing/redirect';
import { CARD_COLUMNS } from './cards';
import type { LiveCursor } from './live';
import { fetchMostRead, mostReadPart } from './mostRead';
import { LoadError, type ArticleDetail, type ArticleImageFacts, type ArticlePageData } from './types';
import { onlyPublic } from './visibility';

export const RELATED_COUNT = 3;

/** An article page's columns (the preview reads the same). */
export const ARTICLE_COLUMNS = `${CARD_COLUMNS}, content, author_id, category_id, updated_at, key_points, fact_check` as const;

export const ARTICLE_LOAD_ERROR = "Erreur lors du chargement de l'article";

/**
 * An article page's data: the public article by slug, then (in parallel) its byline, images,
 * corrections, up to 3 related articles of the same category and "Les plus lus" without it, and
 * for a live article (format `live`) its coverage as `cursor` asks (api/live.ts). A slug the article
 * had before it was renamed gives a Redirect to its current address; null when no public article has or had it,
 * or the cursor names no page of it (an article's, or entries before the first).
 */
export async function fetchArticle(
  sb: DataClient,
  slug: string,
  cursor: LiveCursor = NO_CURSOR,
): Promise<ArticlePageData | Redirect | null> {
  // A cursor that is none (cursorParam's -1) names no page: no read.
  if (cursor.before === -1 || cursor.since === -1) return null;
  const { data, error } = await onlyPublic(
    // Its countries and topics, visible ones (an administrator's session reads hidden tags too).
    sb
      .from('articles')
      .select(`${ARTICLE_COLUMNS}, tags(kind, name, slug)` as const)
      .eq('slug', slug)
      .eq('tags.hidden', false),
  ).maybeSingle();
  if (error) throw new LoadError(ARTICLE_LOAD_ERROR, error);
  if (!data) return movedArticle(sb, slug);
  // Older entries and refreshes are a live article's pages only.
  const paged = cursor.before !== null || cursor.since !== null;
  if (paged && data.format !== 'live') return null;
  const [page, mostRead, live] = await Promise.all([
    withArticleExtras(sb, data),
    fetchMostRead(sb, data.id),
    data.format === 'live' ? liveOf(sb, data, cursor) : undefined,
  ]);
  // A page of older entries past the first entry is no page, like a list's page past the last.
  if (cursor.before !== null && live?.live?.entries.length === 0) return null;
  return { ...page, ...mostReadPart(mostRead), ...live };
}

const NO_CURSOR: LiveCursor = { before: null, since: null };

/** The coverage part of a live article's data; null and incomplete when it failed to load (the article is there). */
export async function liveOf(
  sb: DataClient,
  article: ArticleDetail,
  cursor: LiveCursor,
): Promise<Pick<ArticlePageData, 'live' | 'incomplete'>> {
  try {
    // On demand: an ordinary article's readers never download the live shapes it reads with.
    const { fetchLive } = await import('./live');
    return { live: await fetchLive(sb, article, cursor) };
  } catch (error) {
    console.error('Live coverage failed to load', error);
    return { live: null, incomplete: true };
  }
}

/**
 * Where an article lives now, from one of its old slugs. The database keeps the slugs of articles
 * that were public when renamed, and shows them only with their article; the article must be
 * public now too (an administrator's RLS also sees unpublished ones).
 */
async function movedArticle(sb: DataClient, slug: string): Promise<Redirect | null> {
  const { data, error } = await onlyPublic(
    sb.from('article_slugs').select('article:articles!inner(slug)').eq('slug', slug),
    'article',
  ).maybeSingle();
  if (error) throw new LoadError(ARTICLE_LOAD_ERROR, error);
  const current = data?.article.slug;
  return current ? new Redirect(articlePath(current)) : null;
}

/**
 * Where the byline's name is read. Readers: `bylines`, the names of authors with a public article,
 * all anon may see. The preview: `profiles`, which administrators read whole, since a new
 * journalist's first draft has no public article yet and must preview under the name readers
 * will see once it is out.
 */
export type BylineSource = 'bylines' | 'profiles';

/** What the article page shows around an article row: byline, images, corrections, related articles. */
export async function withArticleExtras(
  sb: DataClient,
  row: ArticleDetail,
  bylineSource: BylineSource = 'bylines',
): Promise<ArticlePageData> {
  // `sanitized` is the site server's word alone (see ArticleDetail): never taken from a row.
  const article = { ...row, sanitized: undefined };
  const [author, images, corrections, related] = await Promise.all([
    article.author_id
      ? (bylineSource === 'bylines' ? sb.from('bylines') : sb.from('profiles'))
          .select('full_name, slug')
          .eq('user_id', article.author_id)
          .maybeSingle()
      : Promise.resolve({ data: null, error: null }),
    sb
      .from('article_images')
      .select('image_url, alt_text, caption, credit')
      .eq('article_id', article.id)
      .order('position')
      .order('created_at'),
    sb.from('article_corrections').select('id, note, corrected_at').eq('article_id', article.id).order('corrected_at'),
    article.category_id
      ? onlyPublic(sb.from('articles').select(CARD_COLUMNS).eq('category_id', article.category_id).neq('id', article.id))
          .order('published_at', { ascending: false })
          .limit(RELATED_COUNT)
      : Promise.resolve({ data: [], error: null }),
  ]);
  // The byline, images, corrections and related list are extras: a failure there must not hide the article.
  const failed = [author, images, corrections, related].filter((r) => r.error);
  for (const r of failed) console.error('Article extras failed to load', r.error);

  const byline = author.data;
  const authorName = byline?.full_name?.trim();
  return {
    article,
    authorName: authorName || DEFAULT_AUTHOR,
    authorSlug: (authorName && byline?.slug) || null,
    images: articleImages(article, images.data ?? []),
    related: related.data ?? [],
    corrections: corrections.data ?? [],
    ...(failed.length ? { incomplete: true as const } : {}),
  };
}

type ImageRow = Pick<Tables<'article_images'>, 'image_url' | 'alt_text' | 'caption' | 'credit'>;

/**
 * The pictures an article page shows, in the newsroom's order (position, then upload), the main
 * image (the one cards show) leading. An article whose images were never recorded shows its main
 * image alone, described by its computed image_alt if anything.
 */
function articleImages(article: Pick<ArticleDetail, 'image_url' | 'image_alt'>, rows: ImageRow[]): ArticleImageFacts[] {
  const facts = rows.map((r) => ({ url: r.image_url, alt: r.alt_text, caption: r.caption, credit: r.credit }));
  if (!facts.length)
    return article.image_url ? [{ url: article.image_url, alt: article.image_alt ?? null, caption: null, credit: null }] : [];
  const main = facts.findIndex((f) => f.url === article.image_url);
  return main > 0 ? [facts[main], ...facts.slice(0, main), ...facts.slice(main + 1)] : facts;
}
