import type { SenderDb } from '@/newsletter/sender';
import { chunks, type PurgeBatch } from './adapter';
import type { PurgeLookups } from './urls';

/** The ids behind keys of one kind, in slices short enough for a request's address (500 keys at most a statement). */
const idsOf = (keys: string[], prefix: string) =>
  chunks(
    keys.filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length)),
    100,
  );

/** Adds `slug` under `key` in `map`. */
function add(map: Map<string, string[]>, key: string, slug: string | null | undefined) {
  if (!slug) return;
  const slugs = map.get(key) ?? [];
  if (!slugs.includes(slug)) map.set(key, [...slugs, slug]);
}

/**
 * The slugs purgeUrls needs for a batch: those the database recorded with the change (a deleted
 * article's, a category's old one), the articles' current and old slugs (article_slugs: their old
 * addresses answer 301s), the categories', authors' and tags' current ones (and the tags' merged addresses).
 */
export async function purgeLookups(db: SenderDb, batch: PurgeBatch, origin: string): Promise<PurgeLookups> {
  const lookups: PurgeLookups = { origin, articles: new Map(), categories: new Map(), authors: new Map(), tags: new Map() };
  const BY_PREFIX = { 'article-': lookups.articles, 'category-': lookups.categories, 'tag-': lookups.tags } as const;
  for (const [key, slugs] of Object.entries(batch.slugs)) {
    const map = Object.entries(BY_PREFIX).find(([prefix]) => key.startsWith(prefix))?.[1] ?? lookups.authors;
    for (const slug of slugs) add(map, key, slug);
  }
  const articles = idsOf(batch.keys, 'article-');
  const categories = idsOf(batch.keys, 'category-');
  const authors = idsOf(batch.keys, 'author-');
  const tags = idsOf(batch.keys, 'tag-');
  const fail = (what: string, error: unknown) => new Error(`Purge addresses: reading ${what} failed: ${JSON.stringify(error)}`);
  for (const slice of articles) {
    const current = await db.from('articles').select('id, slug').in('id', slice);
    if (current.error) throw fail('articles', current.error);
    current.data.forEach((a) => add(lookups.articles, `article-${a.id}`, a.slug));
    const old = await db.from('article_slugs').select('article_id, slug').in('article_id', slice);
    if (old.error) throw fail('article_slugs', old.error);
    old.data.forEach((s) => add(lookups.articles, `article-${s.article_id}`, s.slug));
  }
  for (const slice of categories) {
    const { data, error } = await db.from('categories').select('id, slug').in('id', slice);
    if (error) throw fail('categories', error);
    data.forEach((c) => add(lookups.categories, `category-${c.id}`, c.slug));
  }
  for (const slice of authors) {
    const { data, error } = await db.from('profiles').select('user_id, slug').in('user_id', slice);
    if (error) throw fail('profiles', error);
    data.forEach((p) => add(lookups.authors, `author-${p.user_id}`, p.slug));
  }
  for (const slice of tags) {
    const current = await db.from('tags').select('id, slug').in('id', slice);
    if (current.error) throw fail('tags', current.error);
    current.data.forEach((t) => add(lookups.tags, `tag-${t.id}`, t.slug));
    const old = await db.from('tag_slugs').select('tag_id, slug').in('tag_id', slice);
    if (old.error) throw fail('tag_slugs', old.error);
    old.data.forEach((s) => add(lookups.tags, `tag-${s.tag_id}`, s.slug));
  }
  return lookups;
}
