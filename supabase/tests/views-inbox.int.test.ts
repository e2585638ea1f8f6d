import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFrom, postgresDb, serviceClient } from '@afriqueactu/supabase-local/testing';
import { withFixtures } from './helpers.ts';

// A crowd's views do not queue behind one row: a counted view appends to an inbox and folds it
// into the counts only if no other transaction is folding (migration views_without_hot_rows).
// Readers come from loopback addresses of their own (127.0.3.x), as in attacks-views.

const ctx = withFixtures();
const svc = serviceClient();
let db: pg.Client;
beforeAll(async () => {
  db = await postgresDb();
});
afterAll(async () => {
  await db.end();
});

const viewCount = async (articleId: string) =>
  ((await svc.from('article_view_counts').select('view_count').eq('article_id', articleId).maybeSingle()).data?.view_count as
    number | undefined) ?? 0;
const FOLD_LOCK = "pg_catalog.hashtextextended('private.fold_views', 0)";

describe('views of a crowd', () => {
  it('are counted at once on a quiet site, each reader once', async () => {
    const id = ctx.f.published.id;
    const before = await viewCount(id);
    for (const reader of ['127.0.3.1', '127.0.3.2', '127.0.3.1']) {
      expect((await clientFrom(reader).rpc('record_article_view', { p_article_id: id })).error).toBeNull();
    }
    expect(await viewCount(id)).toBe(before + 2);
  });

  it('do not wait while another transaction folds: they are kept, and counted by the next fold', async () => {
    const id = ctx.f.published.id;
    const before = await viewCount(id);
    // Another transaction is folding (it holds the fold's lock) and takes its time.
    await db.query('begin');
    await db.query(`select pg_advisory_xact_lock(${FOLD_LOCK})`);
    try {
      const started = Date.now();
      const calls = await Promise.all(
        Array.from({ length: 20 }, (_, i) => clientFrom(`127.0.3.${10 + i}`).rpc('record_article_view', { p_article_id: id })),
      );
      expect(calls.map((c) => c.error)).toEqual(Array(20).fill(null));
      // None of the twenty waited for the folder (with one hot row each would have waited for it).
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(await viewCount(id)).toBe(before);
      const { rows } = await db.query<{ n: string }>('select count(*) as n from private.views_inbox where article_id = $1', [id]);
      expect(Number(rows[0]!.n)).toBe(20);
    } finally {
      await db.query('commit');
    }
    // The server's fold (or the next view) counts them, each once.
    expect((await svc.rpc('views_fold')).error).toBeNull();
    expect(await viewCount(id)).toBe(before + 20);
    const { rows } = await db.query<{ n: string }>('select count(*) as n from private.views_inbox where article_id = $1', [id]);
    expect(Number(rows[0]!.n)).toBe(0);
  }, 30_000);

  it('keep page views the same way, and nobody but the service role folds', async () => {
    const path = `/category/inbox-${Date.now()}`;
    const pageRows = async () => (await svc.from('page_views').select('*', { count: 'exact', head: true }).eq('path', path)).count ?? 0;
    expect((await clientFrom('127.0.3.40').rpc('record_page_view', { p_path: path })).error).toBeNull();
    expect(await pageRows()).toBe(1);
    for (const who of [ctx.who.anon, ctx.who.reader, ctx.who.admin]) expect((await who.sb.rpc('views_fold')).error?.code).toBe('42501');
  });
});
