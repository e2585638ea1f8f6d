import { tagPath } from '@/lib/readerPaths';
import type { DataClient } from '@/lib/supabase';
import { newestPublicTagged } from '@/public/api/visibility';
import { described, FEED_COLUMNS, feedXml, failed, RSS_ITEMS, type FeedRow } from './feeds';

/**
 * A country's or a topic's RSS (/pays/<slug>/rss.xml, /sujet/<slug>/rss.xml) and the tag's id (the
 * feed is purged with the tag): its latest public articles in one round trip, as its page reads
 * them. Null for a tag readers do not see, or one asked under the other section's address.
 */
export async function tagRss(
  db: DataClient,
  origin: string,
  section: string,
  slug: string,
): Promise<{ xml: string; tagId: string } | null> {
  // Read in the tag's date order, as its page is (fetchTag).
  const { data, error } = await newestPublicTagged(
    db
      .from('tags')
      .select(`id, kind, name, slug, article_tags(article:articles(${FEED_COLUMNS}, category:categories(name, slug)))`)
      .eq('slug', slug)
      .eq('hidden', false),
  )
    .limit(RSS_ITEMS, { referencedTable: 'article_tags' })
    .maybeSingle()
    .overrideTypes<
      { id: string; kind: string; name: string; slug: string; article_tags: { article: FeedRow | null }[] },
      { merge: false }
    >();
  if (error) throw failed('Feed tag', error);
  if (!data || (data.kind === 'pays') !== (section === 'pays')) return null;
  return {
    xml: feedXml(
      origin,
      { name: data.name, path: tagPath(data.kind, data.slug) },
      await described(
        db,
        data.article_tags.flatMap((r) => (r.article ? [r.article] : [])),
      ),
    ),
    tagId: data.id,
  };
}
