import type { DataClient } from '@/lib/supabase';
import { onlyPublic } from '@/public/api/visibility';

/**
 * Ids a page's answer is purged by that its data does not hold: read as anon with the page, and
 * kept with it. An error throws: an answer that cannot say what it shows must not be kept.
 */
export async function publicArticleId(db: DataClient, slug: string): Promise<string | undefined> {
  const { data, error } = await onlyPublic(db.from('articles').select('id').eq('slug', slug)).maybeSingle();
  if (error) throw new Error(`The article ${slug} could not be read: ${error.message}`);
  return data?.id;
}

/** The user id of the byline at /auteur/<slug> (the bylines view lists authors with a public article). */
export async function bylineId(db: DataClient, slug: string): Promise<string | undefined> {
  const { data, error } = await db.from('bylines').select('user_id').eq('slug', slug).maybeSingle();
  if (error) throw new Error(`The byline ${slug} could not be read: ${error.message}`);
  return data?.user_id ?? undefined;
}
