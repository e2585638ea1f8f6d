import type { DataClient } from '@/lib/supabase';
import { CARD_COLUMNS } from './cards';
import { DEFAULT_AUTHOR } from '../meta';
import { LoadError, type ArticleCard, type ArticleDetail, type ArticlePageData } from './types';

export const RELATED_COUNT = 3;

/**
 * An article page's data: the published article by slug, then (in parallel) its byline, images
 * and up to 3 related articles of the same category. Null when no published article has the slug.
 */
export async function fetchArticle(sb: DataClient, slug: string): Promise<ArticlePageData | null> {
  const { data, error } = await sb
    .from('articles')
    .select(`${CARD_COLUMNS}, content, author_id, category_id, updated_at`)
    .eq('slug', slug)
    .eq('status', 'published')
    .maybeSingle();
  if (error) throw new LoadError("Erreur lors du chargement de l'article", error);
  if (!data) return null;
  // `sanitized` is the site server's word alone (see ArticleDetail): never taken from a row.
  const article = { ...(data as unknown as ArticleDetail), sanitized: undefined };

  const [author, images, related] = await Promise.all([
    article.author_id
      ? sb.from('bylines').select('full_name').eq('user_id', article.author_id).maybeSingle()
      : Promise.resolve({ data: null, error: null }),
    sb.from('article_images').select('image_url, created_at').eq('article_id', article.id).order('created_at'),
    article.category_id
      ? sb
          .from('articles')
          .select(CARD_COLUMNS)
          .eq('status', 'published')
          .eq('category_id', article.category_id)
          .neq('id', article.id)
          .order('published_at', { ascending: false })
          .limit(RELATED_COUNT)
      : Promise.resolve({ data: [], error: null }),
  ]);
  // The byline, images and related list are extras: a failure there must not hide the article.
  const failed = [author, images, related].filter((r) => r.error);
  for (const r of failed) console.error('Article extras failed to load', r.error);

  const imageUrls = (images.data ?? []).map((i: { image_url: string }) => i.image_url);
  return {
    article,
    authorName: (author.data as { full_name: string | null } | null)?.full_name?.trim() || DEFAULT_AUTHOR,
    images: imageUrls.length ? imageUrls : article.image_url ? [article.image_url] : [],
    related: (related.data ?? []) as unknown as ArticleCard[],
    ...(failed.length ? { incomplete: true as const } : {}),
  };
}
