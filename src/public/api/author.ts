import type { DataClient } from '@/lib/supabase';
import { CARD_COLUMNS } from './cards';
import { LoadError, type AuthorPageData } from './types';
import { onlyPublic } from './visibility';

/** An author page's address part, as the database makes it from a name (profiles.slug). */
const AUTHOR_SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const AUTHOR_SLUG_MAX = 140;

/**
 * An author's page: their byline (the bylines view knows only authors with a public article) and
 * their public articles, newest first; null when there is no such author, or nothing of theirs
 * readers may see (an administrator's session reads more: the articles are filtered all the same).
 */
export async function fetchAuthor(sb: DataClient, slug: string): Promise<AuthorPageData | null> {
  if (slug.length > AUTHOR_SLUG_MAX || !AUTHOR_SLUG.test(slug)) return null;
  const { data: found, error } = await sb.from('bylines').select('user_id, full_name, slug, bio').eq('slug', slug).maybeSingle();
  if (error) throw new LoadError('Erreur lors du chargement', error);
  const name = found?.full_name?.trim();
  if (!found || !name) return null;
  const { data, error: listError } = await onlyPublic(sb.from('articles').select(CARD_COLUMNS).eq('author_id', found.user_id)).order(
    'published_at',
    { ascending: false },
  );
  if (listError) throw new LoadError('Erreur lors du chargement', listError);
  if (!data.length) return null;
  // The byline was found by its slug (the view's slug is nullable to the type checker).
  return { author: { full_name: name, slug, bio: found.bio?.trim() || null }, articles: data };
}
