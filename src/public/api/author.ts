import { impossibleSlug } from '@/lib/slug';
import type { DataClient } from '@/lib/supabase';
import { CARD_COLUMNS } from './cards';
import { CATEGORY_PAGE_SIZE, cardsOf } from './category';
import { LoadError, type ArticleCard, type AuthorPageData } from './types';
import { onlyPublic } from './visibility';

/**
 * A page of an author's page: their byline (the bylines view knows only authors with a public
 * article) and one page of their public articles, newest first, paged as a category's
 * (CATEGORY_PAGE_SIZE, ties by id, a deeper page reads only ids of the skipped articles through
 * the (author, published_at, id) index); null when there is no such author, or nothing of theirs
 * readers may see (an administrator's session reads more: the articles are filtered all the same).
 */
export async function fetchAuthor(sb: DataClient, slug: string, page = 1): Promise<AuthorPageData | null> {
  // An address part the database never makes from a name (profiles.slug): no author, no lookup.
  if (impossibleSlug('author', slug)) return null;
  const { data: found, error } = await sb.from('bylines').select('user_id, full_name, slug, bio').eq('slug', slug).maybeSingle();
  if (error) throw new LoadError('Erreur lors du chargement', error);
  const name = found?.full_name?.trim();
  if (!found || !name) return null;
  const from = (page - 1) * CATEGORY_PAGE_SIZE;
  const { data, error: listError } = await onlyPublic(
    sb
      .from('articles')
      .select(page === 1 ? CARD_COLUMNS : 'id')
      .eq('author_id', found.user_id),
  )
    .order('published_at', { ascending: false })
    .order('id', { ascending: false })
    .range(from, from + CATEGORY_PAGE_SIZE)
    .overrideTypes<(ArticleCard | { id: string })[], { merge: false }>();
  if (listError) throw new LoadError('Erreur lors du chargement', listError);
  if (page === 1 && !data.length) return null;
  const shown = data.slice(0, CATEGORY_PAGE_SIZE);
  const articles =
    page === 1
      ? (shown as ArticleCard[])
      : await cardsOf(
          sb,
          shown.map((a) => a.id),
        );
  // The byline was found by its slug (the view's slug is nullable to the type checker).
  return { author: { full_name: name, slug, bio: found.bio?.trim() || null }, articles, page, hasMore: data.length > CATEGORY_PAGE_SIZE };
}
