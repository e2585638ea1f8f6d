import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { embeddingDepth, MAX_EMBED_DEPTH, REST_RESPONSE_LIMIT } from '../src/responseLimits.ts';
import { anonClient, postgresDb, serviceClient, waitForSchemaCache } from '../src/testing/clients.ts';

// Issue 29: a 150-byte deep-embedding request answered 4 to 14 MB, and 16 of them took PostgREST
// to 214 MB. PostgREST's max rows (1000) caps each embedded list, not their product.

const ROW_BYTES = 5000;
const FIXTURES = `
  create table public.emb_rows (id int primary key, body text not null);
  alter table public.emb_rows enable row level security;
  create policy emb_rows_read on public.emb_rows for select to anon, service_role using (true);
  grant select on public.emb_rows to anon, service_role;
  insert into public.emb_rows select i, repeat('x', ${ROW_BYTES}) from generate_series(1, 1000) i;
`;

let db: pg.Client;
beforeAll(async () => {
  db = await postgresDb();
  await db.query(FIXTURES);
  await db.query(`notify pgrst, 'reload schema'`);
  await waitForSchemaCache(() => anonClient().from('emb_rows').select('id').limit(1));
});
afterAll(async () => {
  await db.query('drop table public.emb_rows');
  await db.end();
});

describe('REST embedding depth', () => {
  it('serves a select nested three and four levels deep, as hosted PostgREST does', async () => {
    // Refused with 400 54001 while the local cap was 2 levels; hosted has no depth cap.
    const three = await anonClient()
      .from('categories')
      .select('slug, articles(slug, category:categories(slug, articles(slug)))')
      .eq('slug', 'politique')
      .limit(2, { referencedTable: 'articles' })
      .single();
    expect(three.error).toBeNull();
    const row = three.data as unknown as { articles: { category: { articles: { slug: string }[] } }[] };
    expect(row.articles[0]!.category.articles.length).toBeGreaterThan(0);
    // The outside test's four-level shape, kept small (slugs, two articles): answered whole, never 54001.
    const four = 'slug,categories(slug,articles(slug,categories(slug,articles(slug))))';
    const res = await fetch(`${inject('apiUrl')}/rest/v1/articles?select=${encodeURIComponent(four)}&category_id=not.is.null&limit=2`, {
      headers: { apikey: inject('anonKey') },
    });
    expect(res.status).toBe(200);
    const rows = (await res.json()) as { categories: { articles: { categories: { articles: { slug: string }[] } }[] } }[];
    expect(rows).toHaveLength(2);
    expect(rows[0]!.categories.articles[0]!.categories.articles.length).toBeGreaterThan(0);
  });

  it(`refuses a select nested deeper than ${MAX_EMBED_DEPTH} levels, in PostgREST’s error shape`, async () => {
    const deep = `id${',emb_rows(id'.repeat(MAX_EMBED_DEPTH + 1)}${')'.repeat(MAX_EMBED_DEPTH + 1)}`;
    const res = await fetch(`${inject('apiUrl')}/rest/v1/articles?select=${encodeURIComponent(deep)}`, {
      headers: { apikey: inject('anonKey') },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: '54001',
      details: null,
      hint: expect.stringContaining('second request'),
      message: `Embedding nested ${MAX_EMBED_DEPTH + 1} levels deep: the API allows ${MAX_EMBED_DEPTH}`,
    });
    // Through supabase-js: an error, for the service role too.
    const { data, error } = await serviceClient().from('categories').select(deep);
    expect(data).toBeNull();
    expect(error?.code).toBe('54001');
  });

  it('serves the product’s deepest reads: a category with its articles and their category, a count', async () => {
    const { data, error } = await anonClient()
      .from('categories')
      .select('slug, articles(slug, category:categories(name, slug))')
      .eq('slug', 'politique')
      .single();
    expect(error).toBeNull();
    expect(data!.articles.length).toBeGreaterThan(0);
    expect(data!.articles[0]!.category).toMatchObject({ slug: 'politique' });
    const counted = await serviceClient().from('categories').select('slug, articles(count)').limit(1);
    expect(counted.error).toBeNull();
    expect(counted.data![0]!.articles).toEqual([{ count: expect.any(Number) }]);
  });

  it('counts nesting, not aggregates’ empty parentheses nor quoted names', () => {
    expect(embeddingDepth('id,title')).toBe(0);
    expect(embeddingDepth('slug,articles(count)')).toBe(1);
    expect(embeddingDepth('amount.sum(),a(b(c))')).toBe(2);
    expect(embeddingDepth('"odd(name",a(b)')).toBe(1);
  });
});

describe('REST response size', () => {
  it(`cuts a response over ${REST_RESPONSE_LIMIT / 1024 / 1024} MiB with an error, whatever asked for it`, async () => {
    // 1000 rows (max rows) of 5 KB: about 5 MB in one 60-byte request.
    const { data, error } = await anonClient().from('emb_rows').select('id, body');
    expect(data).toBeNull();
    expect(error).toMatchObject({ code: '54000', message: `Response larger than ${REST_RESPONSE_LIMIT / 1024 / 1024} MiB` });
  });

  it('passes a large legitimate page whole (700 rows, 3.5 MB), and counts with HEAD', async () => {
    const { data, error } = await anonClient().from('emb_rows').select('id, body').order('id').limit(700);
    expect(error).toBeNull();
    expect(data).toHaveLength(700);
    expect(data![699]).toEqual({ id: 700, body: 'x'.repeat(ROW_BYTES) });
    const { count } = await anonClient().from('emb_rows').select('id', { count: 'exact', head: true });
    expect(count).toBe(1000);
  });
});
