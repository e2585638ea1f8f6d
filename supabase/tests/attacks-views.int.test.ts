import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { clientFrom, fetchFrom, serviceClient, postgresDb } from '@afriqueactu/supabase-local/testing';
import { uid, withFixtures } from './helpers.ts';

// Issue 12 §5: 4,000 anonymous calls moved an article from 72 to 2,072 views. A view now counts
// once per reader (address + user agent, as the gateway saw them) per article in 30 minutes.
// Each test uses loopback addresses of its own (see addresses.ts): readers the gateway cannot
// confuse, and counts no other test touches.

const ctx = withFixtures();
const svc = serviceClient();
let db: pg.Client;

beforeAll(async () => {
  db = await postgresDb();
});
afterAll(async () => {
  await db.end();
});

/** The counts once the views a flood left in the inbox are folded (as the server's next fold does). */
const counts = async (articleId: string) => {
  const fold = await svc.rpc('views_fold');
  if (fold.error) throw new Error(`views_fold: ${fold.error.message}`);
  const { data } = await svc.from('article_view_counts').select('view_count').eq('article_id', articleId).maybeSingle();
  const { count } = await svc.from('article_views').select('*', { count: 'exact', head: true }).eq('article_id', articleId);
  return { viewCount: (data?.view_count as number | undefined) ?? 0, rows: count ?? 0 };
};
const pageRows = async (path: string) =>
  (await svc.rpc('views_fold'), await svc.from('page_views').select('*', { count: 'exact', head: true }).eq('path', path)).count ?? 0;

/** `n` calls, `parallel` at a time, each answered without error. */
async function flood(n: number, parallel: number, call: (i: number) => PromiseLike<{ error: unknown }>): Promise<void> {
  for (let i = 0; i < n; i += parallel) {
    const batch = await Promise.all(Array.from({ length: Math.min(parallel, n - i) }, (_, j) => call(i + j)));
    for (const res of batch) expect(res.error).toBeNull();
  }
}

describe('attack: buying article views', () => {
  it('1,000 calls from one anonymous client move the count by exactly one', async () => {
    const id = ctx.f.published.id;
    const before = await counts(id);
    const attacker = clientFrom('127.0.0.21');
    await flood(1000, 25, () => attacker.rpc('record_article_view', { p_article_id: id }));
    expect(await counts(id)).toEqual({ viewCount: before.viewCount + 1, rows: before.rows + 1 });
  }, 60_000);

  it('a forged X-Forwarded-For or X-Real-IP does not make new readers', async () => {
    const id = ctx.f.published.id;
    const before = await counts(id);
    const call = (i: number) =>
      fetchFrom('127.0.0.22')(`${inject('apiUrl')}/rest/v1/rpc/record_article_view`, {
        method: 'POST',
        headers: {
          apikey: inject('anonKey'),
          'content-type': 'application/json',
          'x-forwarded-for': `198.51.100.${i}`,
          'x-real-ip': `203.0.113.${i}`,
          'cf-connecting-ip': `192.0.2.${i}`,
        },
        body: JSON.stringify({ p_article_id: id }),
      }).then(async (r) => ({ error: r.ok ? null : await r.text() }));
    await flood(30, 10, call);
    expect((await counts(id)).viewCount).toBe(before.viewCount + 1);
  });

  it('distinct readers each count once: five addresses, and two browsers behind one address', async () => {
    const id = ctx.f.published.id;
    const before = await counts(id);
    for (const n of [31, 32, 33, 34, 35]) {
      const reader = clientFrom(`127.0.0.${n}`);
      for (let i = 0; i < 3; i++) expect((await reader.rpc('record_article_view', { p_article_id: id })).error).toBeNull();
    }
    for (const userAgent of ['Mozilla/5.0 (Linux; Android 13) Chrome/126', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5) Safari/604.1']) {
      const reader = clientFrom('127.0.0.36', { userAgent });
      for (let i = 0; i < 3; i++) expect((await reader.rpc('record_article_view', { p_article_id: id })).error).toBeNull();
    }
    expect(await counts(id)).toEqual({ viewCount: before.viewCount + 7, rows: before.rows + 7 });
  });

  it('rotating the user agent from one address buys at most 20 views of an article', async () => {
    const id = ctx.f.published.id;
    const before = await counts(id);
    await flood(60, 10, (i) => clientFrom('127.0.0.37', { userAgent: `bot/${i}` }).rpc('record_article_view', { p_article_id: id }));
    expect((await counts(id)).viewCount).toBe(before.viewCount + 20);
  });

  it('the same reader counts again once 30 minutes have passed', async () => {
    const id = ctx.f.published.id;
    const reader = clientFrom('127.0.0.38');
    const before = await counts(id);
    await reader.rpc('record_article_view', { p_article_id: id });
    await reader.rpc('record_article_view', { p_article_id: id });
    expect((await counts(id)).viewCount).toBe(before.viewCount + 1);
    // Move this reader's window back in time, as if 31 minutes had gone by.
    await db.query(
      `update private.recent_reads set seen_at = now() - interval '31 minutes' where target = $1 and seen_at > now() - interval '1 minute'`,
      [`article:${id}`],
    );
    await reader.rpc('record_article_view', { p_article_id: id });
    expect((await counts(id)).viewCount).toBe(before.viewCount + 2);
  });
});

describe('attack: junk page views', () => {
  it('a flood of one path from one client adds one row; another reader adds its own', async () => {
    const path = `/article/${uid()}`;
    const attacker = clientFrom('127.0.0.41');
    await flood(300, 25, () => attacker.rpc('record_page_view', { p_path: path }));
    expect(await pageRows(path)).toBe(1);
    expect((await clientFrom('127.0.0.42').rpc('record_page_view', { p_path: path })).error).toBeNull();
    expect(await pageRows(path)).toBe(2);
  });

  it('distinct junk paths from one client stop being recorded after 60 in 30 minutes', async () => {
    const prefix = `/junk-${uid()}/`;
    const attacker = clientFrom('127.0.0.43');
    await flood(150, 25, (i) => attacker.rpc('record_page_view', { p_path: `${prefix}${i}` }));
    // What the parallel calls left in the inbox is counted by the next fold (the server's, each minute).
    expect((await svc.rpc('views_fold')).error).toBeNull();
    const { count } = await svc.from('page_views').select('*', { count: 'exact', head: true }).like('path', `${prefix}%`);
    expect(count).toBe(60);
    // A reader from elsewhere is not affected by that client's allowance.
    const path = `${prefix}lecteur`;
    expect((await clientFrom('127.0.0.44').rpc('record_page_view', { p_path: path })).error).toBeNull();
    expect(await pageRows(path)).toBe(1);
  });
});

describe('what the database keeps about readers', () => {
  it('only digests: no address or user agent in any column, and the salts readable by no API role', async () => {
    const { rows: columns } = await db.query(
      `select table_name, column_name, data_type from information_schema.columns
       where table_schema = 'private' and table_name in ('recent_reads', 'view_salts') order by table_name, ordinal_position`,
    );
    expect(columns.map((c) => `${c.table_name}.${c.column_name}:${c.data_type}`)).toEqual([
      'recent_reads.reader:bytea',
      'recent_reads.address:bytea',
      'recent_reads.target:text',
      'recent_reads.seen_at:timestamp with time zone',
      'view_salts.day:date',
      'view_salts.salt:bytea',
    ]);
    const { rows } = await db.query(`select encode(reader, 'escape') || encode(address, 'escape') as raw from private.recent_reads`);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((r) => /127\.0\.0|Mozilla|test-reader/.test(r.raw))).toEqual([]);
    for (const role of ['anon', 'authenticated', 'service_role']) {
      for (const table of ['private.view_salts', 'private.recent_reads']) {
        const { rows: can } = await db.query(`select has_table_privilege($1, $2, 'select') as ok`, [role, table]);
        expect(can[0].ok, `${role} may select ${table}`).toBe(false);
      }
    }
  });

  it('keeps one salt per day, for today and at most yesterday', async () => {
    const { rows } = await db.query(`select day from private.view_salts order by day`);
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(rows.length).toBeLessThanOrEqual(2);
  });
});
