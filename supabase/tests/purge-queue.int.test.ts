import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresDb, serviceClient } from '@afriqueactu/supabase-local/testing';
import { must, newJournalist, uid } from './helpers.ts';

// The CDN purge queue (docs/deployment.md#purges): each statement that moves the public content
// version records, in its transaction, exactly the cache keys it changed and the version it
// produced. Changes go through the real stack (the service role's API: the triggers fire as for
// the newsroom); the queue, private, is read as `postgres`.

const svc = serviceClient();
let db: pg.Client;
let author: string;
let category: string;
let otherCategory: string;

interface Row {
  keys: string[];
  slugs: Record<string, string[]>;
  version: string;
}

/** The rows `change` queued (rows of other test files running meanwhile left out by `mine`). */
async function recorded(change: () => PromiseLike<unknown>, mine: (keys: string[]) => boolean = () => true): Promise<Row[]> {
  const before = await db.query<{ id: string }>('select coalesce(max(id), 0) as id from private.purge_queue');
  const result = await change();
  if (result && typeof result === 'object' && 'error' in result && result.error) throw new Error(JSON.stringify(result.error));
  const { rows } = await db.query<Row>('select keys, slugs, version::text from private.purge_queue where id > $1 order by id', [
    before.rows[0].id,
  ]);
  return rows.filter((r) => mine(r.keys));
}

const about =
  (...ids: string[]) =>
  (keys: string[]) =>
    ids.some((id) => keys.some((k) => k.endsWith(id)));
const LISTS = ['404', 'edition', 'feeds', 'front', 'search'];
const articleKeys = (id: string, ...extra: string[]) =>
  [`article-${id}`, `author-${author}`, `category-${category}`, ...LISTS, ...extra].sort();

async function newArticle(status: 'draft' | 'published', slug = `purge-${uid()}`): Promise<string> {
  const published_at = status === 'published' ? new Date(Date.now() - 60_000).toISOString() : null;
  return must(
    await svc
      .from('articles')
      .insert({ slug, title: `Purge ${slug}`, content: 'Texte.', status, published_at, category_id: category, author_id: author })
      .select('id')
      .single(),
    'article',
  ).id;
}

beforeAll(async () => {
  db = await postgresDb();
  author = (await newJournalist(`Plume ${uid()}`)).userId;
  category = must(
    await svc
      .from('categories')
      .insert({ name: `Purges ${uid()}`, slug: `purges-${uid()}` })
      .select('id')
      .single(),
    'category',
  ).id;
  otherCategory = must(
    await svc
      .from('categories')
      .insert({ name: `Autres ${uid()}`, slug: `autres-${uid()}` })
      .select('id')
      .single(),
    'category',
  ).id;
});
afterAll(async () => {
  await svc.from('articles').delete().in('category_id', [category, otherCategory]);
  await svc.from('categories').delete().in('id', [category, otherCategory]);
  await db.end();
});

describe('purge queue: which keys each change records', () => {
  it('a draft written, edited and deleted records nothing', async () => {
    let id = '';
    const rows = await recorded(
      async () => {
        id = await newArticle('draft');
        must(await svc.from('articles').update({ title: 'Brouillon revu' }).eq('id', id).select('id'), 'edit');
        must(await svc.from('articles').delete().eq('id', id).select('id'), 'delete');
      },
      (keys) => keys.some((k) => k.includes(category) || k.includes(author)),
    );
    expect(rows).toEqual([]);
  });

  it('publish, edit, correction, slug rename, unpublish: the article, its lists, and the version it produced', async () => {
    const id = await newArticle('draft');
    const published = await recorded(
      () =>
        svc
          .from('articles')
          .update({ status: 'published', published_at: new Date(Date.now() - 1000).toISOString() })
          .eq('id', id),
      about(id),
    );
    expect(published.map((r) => r.keys)).toEqual([articleKeys(id)]);
    const { rows } = await db.query<{ version: string }>('select version::text from private.public_content_version');
    expect(Number(published[0].version)).toBeLessThanOrEqual(Number(rows[0].version));

    const edited = await recorded(() => svc.from('articles').update({ title: 'Titre revu' }).eq('id', id), about(id));
    expect(edited.map((r) => r.keys)).toEqual([articleKeys(id)]);

    const corrected = await recorded(
      () => svc.from('article_corrections').insert({ article_id: id, note: 'Un chiffre corrigé.' }),
      about(id),
    );
    expect(corrected.map((r) => r.keys)).toEqual([articleKeys(id, 'corrections')]);

    const oldSlug = must(await svc.from('articles').select('slug').eq('id', id).single(), 'slug').slug;
    const newSlug = `renomme-${uid()}`;
    const renamed = await recorded(() => svc.from('articles').update({ slug: newSlug }).eq('id', id), about(id));
    // Its old address's 301 answers under the article's key; the old slug is kept for purges by address.
    // Corrected, it is listed on the corrections page by its address and title: that page too.
    expect(renamed.map((r) => r.keys)).toEqual([articleKeys(id, 'corrections')]);
    expect(renamed[0].slugs[`article-${id}`].sort()).toEqual([newSlug, oldSlug].sort());

    // Withdrawn, it must leave the corrections page as well as its own.
    const unpublished = await recorded(() => svc.from('articles').update({ status: 'draft' }).eq('id', id), about(id));
    expect(unpublished.map((r) => r.keys)).toEqual([articleKeys(id, 'corrections')]);
  });

  it('moved to another category: both categories', async () => {
    const id = await newArticle('published');
    const moved = await recorded(() => svc.from('articles').update({ category_id: otherCategory }).eq('id', id), about(id));
    expect(moved.map((r) => r.keys)).toEqual([[...articleKeys(id), `category-${otherCategory}`].sort()]);
    await svc.from('articles').delete().eq('id', id);
  });

  it('a public article deleted: its keys and its slug (its address is known nowhere else then)', async () => {
    const slug = `supprime-${uid()}`;
    const id = await newArticle('published', slug);
    const deleted = await recorded(() => svc.from('articles').delete().eq('id', id), about(id));
    // With the corrections page: its corrections, if any, went with it (they cannot be read any more).
    expect(deleted.map((r) => r.keys)).toEqual([articleKeys(id, 'corrections')]);
    expect(deleted[0].slugs).toEqual({ [`article-${id}`]: [slug] });
  });

  it('a byline change: the author and their public articles (a draft of theirs adds nothing)', async () => {
    const id = await newArticle('published');
    await newArticle('draft');
    const byline = await recorded(
      () =>
        svc
          .from('profiles')
          .update({ full_name: `Plume ${uid()}` })
          .eq('user_id', author),
      about(author),
    );
    expect(byline.map((r) => r.keys)).toEqual([articleKeys(id)]);
    await svc.from('articles').delete().eq('id', id);
  });

  it('a category created, renamed: the menu, its pages (old and new slug), the feeds and kept 404s', async () => {
    const slug = `rubrique-${uid()}`;
    let id = '';
    const created = await recorded(
      async () => {
        id = must(
          await svc
            .from('categories')
            .insert({ name: `Rubrique ${uid()}`, slug })
            .select('id')
            .single(),
          'category',
        ).id;
      },
      (keys) => keys.some((k) => k.startsWith('category-')) && keys.includes('menu'),
    );
    expect(created.filter((r) => r.keys.includes(`category-${id}`)).map((r) => r.keys)).toEqual([
      ['404', `category-${id}`, 'feeds', 'menu'],
    ]);
    const renamed = await recorded(
      () =>
        svc
          .from('categories')
          .update({ name: 'Rubrique renommée', slug: `${slug}-2` })
          .eq('id', id),
      about(id),
    );
    expect(renamed.map((r) => r.keys)).toEqual([['404', `category-${id}`, 'feeds', 'menu']]);
    expect(renamed[0].slugs).toEqual({ [`category-${id}`]: [slug, `${slug}-2`] });
    await svc.from('categories').delete().eq('id', id);
  });

  it('a scheduled article going out at its moment (no write): queued once by the first sender that asks', async () => {
    const slug = `programme-${uid()}`;
    const id = must(
      await svc
        .from('articles')
        .insert({
          slug,
          title: 'Programmé',
          content: 'x',
          status: 'scheduled',
          published_at: new Date(Date.now() + 1500).toISOString(),
          category_id: category,
          author_id: author,
        })
        .select('id')
        .single(),
      'scheduled',
    ).id;
    const early = await recorded(() => svc.rpc('purge_scheduled_out'), about(id));
    expect(early, 'nothing before its moment').toEqual([]);
    await new Promise((r) => setTimeout(r, 1700));
    let counts: unknown[] = [];
    const out = await recorded(async () => {
      counts = [(await svc.rpc('purge_scheduled_out')).data, (await svc.rpc('purge_scheduled_out')).data];
    }, about(id));
    // Other files' scheduled articles may go out in the same call: this one's keys are all there.
    expect(out).toHaveLength(1);
    expect(out[0].keys).toEqual(expect.arrayContaining(articleKeys(id)));
    expect(counts[1], 'the second caller finds nothing new').toBe(0);
    await svc.from('articles').delete().eq('id', id);
  });

  it('one statement, one row; a statement with too many keys to list records `all`', async () => {
    const ids = [await newArticle('published'), await newArticle('published')];
    const both = await recorded(() => svc.from('articles').update({ excerpt: 'Chapô revu.' }).in('id', ids), about(...ids));
    expect(both).toHaveLength(1);
    expect(both[0].keys).toEqual(expect.arrayContaining(ids.map((id) => `article-${id}`)));
    const many = await recorded(() =>
      db.query(
        `insert into public.articles (slug, title, content, status, published_at, category_id, author_id)
         select 'masse-' || $1 || '-' || i, 'Masse ' || i, 'x', 'published', now() - interval '1 minute', $2, $3 from generate_series(1, 600) i`,
        [uid(), category, author],
      ),
    );
    expect(many.filter((r) => r.keys.includes('all'))).toEqual([expect.objectContaining({ keys: ['all'], slugs: {} })]);
  });
});
