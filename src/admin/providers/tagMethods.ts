import type { PostgrestSingleResponse } from '@supabase/postgrest-js';
import type { DataClient } from '@/lib/supabase';

type Db = Pick<DataClient, 'from' | 'rpc'>;

/**
 * An article's tags and « Fusionner » (docs/product.md#tags). The editor saves an article's tags
 * as they are chosen, beside the article's own save: the database decides who may (whoever may
 * edit the article; a journalist among the visible tags only) and refuses a ninth.
 */
export interface TagMethods {
  /** The ids of the article's tags, oldest first. */
  articleTags(articleId: string): Promise<string[]>;
  /** Adds and removes tags of an article; the removals first, so a swap never counts nine. */
  changeArticleTags(articleId: string, change: { add: string[]; remove: string[] }): Promise<void>;
  /** Moves `from`'s articles and addresses to `into` (merge_tags, administrators); how many articles `into` gained. */
  mergeTags(from: string, into: string): Promise<number>;
}

const result = <T>({ data, error }: PostgrestSingleResponse<T>): T => {
  if (error) throw error;
  return data;
};

export function tagMethods(db: Db): TagMethods {
  return {
    articleTags: async (articleId) =>
      result(await db.from('article_tags').select('tag_id').eq('article_id', articleId).order('created_at')).map((r) => r.tag_id),
    async changeArticleTags(articleId, { add, remove }) {
      if (remove.length) result(await db.from('article_tags').delete().eq('article_id', articleId).in('tag_id', remove));
      if (add.length) result(await db.from('article_tags').insert(add.map((tag_id) => ({ article_id: articleId, tag_id }))));
    },
    mergeTags: async (from, into) => result(await db.rpc('merge_tags', { p_from: from, p_into: into })),
  };
}
