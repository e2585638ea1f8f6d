import type { DataProvider } from 'react-admin';
import { followsTitle } from '@/lib/slug';
import type { DataClient } from '@/lib/supabase';
import { refusalLayers } from './frenchErrors';

/** Saves of one title racing each other: each refusal asks the database again, this many times at most. */
const ATTEMPTS = 3;

/** The database refused the save because another article has the slug (its unique constraint, named in the message). */
export const isSlugTaken = (error: unknown) =>
  refusalLayers(error).some((layer) => layer.code === '23505' && /articles_slug_key/.test((layer.error as Error | null)?.message ?? ''));

type Write = { slug?: unknown; title?: unknown };

/**
 * An article's save whose slug follows its title (docs/product.md#slugs) takes the slug the
 * database says is free for it (next_free_article_slug: the title's own, else -2, -3…), never a
 * guess. Two saves of one title at once hear the same answer: the unique constraint refuses the
 * second write, which asks again and saves under the next one. A slug typed by hand is saved as
 * it is (a taken one is refused, and the editor says so).
 */
async function saveWithFreeSlug<R>(db: DataClient, data: Write, articleId: string | null, save: (data: Write) => Promise<R>): Promise<R> {
  const { slug, title } = data;
  if (typeof slug !== 'string' || typeof title !== 'string' || !followsTitle(slug, title.trim())) return save(data);
  for (let attempt = 1; ; attempt++) {
    const { data: free, error } = await db.rpc('next_free_article_slug', { wanted: slug, article_id: articleId ?? undefined });
    if (error) throw error;
    try {
      return await save({ ...data, slug: free });
    } catch (refusal) {
      if (attempt >= ATTEMPTS || !isSlugTaken(refusal)) throw refusal;
    }
  }
}

/** The articles resource's create and update with saveWithFreeSlug; other resources as they are. */
export function withFreeArticleSlugs(provider: DataProvider, db: DataClient): Pick<DataProvider, 'create' | 'update'> {
  return {
    create: (resource, params) =>
      resource === 'articles'
        ? saveWithFreeSlug(db, params.data as Write, null, (data) => provider.create(resource, { ...params, data }))
        : provider.create(resource, params),
    update: (resource, params) =>
      resource === 'articles'
        ? saveWithFreeSlug(db, params.data as Write, String(params.id), (data) => provider.update(resource, { ...params, data }))
        : provider.update(resource, params),
  };
}
