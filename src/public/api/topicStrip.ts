import type { DataClient } from '@/lib/supabase';
import type { TopicStrip } from './types';
import { onlyPublic } from './visibility';

/** How many titles the strip lists: a glance, not a second front page. */
export const TOPIC_STRIP_TITLES = 4;

/**
 * The country or topic « La une » pinned (front_page_topic) with its newest public articles, in
 * one round trip; null when none is pinned or the tag is hidden; undefined when the read failed
 * (the home page then shows without it and is not kept so).
 */
export async function fetchTopicStrip(sb: DataClient): Promise<TopicStrip | null | undefined> {
  const { data, error } = await onlyPublic(
    sb.from('front_page_topic').select('tag:tags!inner(id, kind, name, slug, articles(id, slug, title))').eq('tag.hidden', false),
    'tag.articles',
  )
    .order('published_at', { referencedTable: 'tag.articles', ascending: false })
    .order('id', { referencedTable: 'tag.articles', ascending: false })
    .limit(TOPIC_STRIP_TITLES, { referencedTable: 'tag.articles' })
    .maybeSingle()
    .overrideTypes<{ tag: TopicStrip }, { merge: false }>();
  if (error) {
    console.error('The front page’s topic strip failed to load', error);
    return undefined;
  }
  return data?.tag ?? null;
}
