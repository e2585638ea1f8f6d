// bench:live's view counting: a crowd of distinct readers counted on one article at once, through
// the counting in use (the inbox, migration views_without_hot_rows) and, side by side in the same
// run, through the counting it replaced (each view updating the shared roll-up rows in its own
// transaction), rebuilt for the run in a scratch schema of the bench's throwaway stack.
import pg from 'pg';
import { quantile } from '../edge/spikeReaders.ts';

export interface ViewFigures {
  name: string;
  views: number;
  perSecond: number;
  p50: number;
  p95: number;
  counted: number;
}

const HOT_ROWS = `
  create schema if not exists bench_live;
  create or replace function bench_live.record_article_view_hot_rows(p_article_id uuid) returns void
  language plpgsql volatile security definer set search_path = '' as $$
  begin
    if not exists (select 1 from public.articles a where a.id = p_article_id and private.article_is_public(a.status, a.published_at)) then
      return;
    end if;
    if private.first_read('article:' || p_article_id::text) then
      insert into public.article_views (article_id) values (p_article_id);
      insert into public.article_view_counts as c (article_id, view_count) values (p_article_id, 1)
        on conflict (article_id) do update set view_count = c.view_count + 1;
    end if;
  end $$;
  grant usage on schema bench_live to anon;
  grant execute on function bench_live.record_article_view_hot_rows(uuid) to anon;`;

/** `views` readers (addresses of their own) counted on `articleId`, `parallel` at a time, as anon through `fn`. */
async function crowd(pool: pg.Pool, fn: string, articleId: string, views: number, parallel: number, firstReader: number) {
  const ms: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      const client = await pool.connect();
      try {
        for (let i = next++; i < views; i = next++) {
          const reader = firstReader + i;
          const headers = JSON.stringify({
            'cf-connecting-ip': `10.${(reader >> 16) & 255}.${(reader >> 8) & 255}.${reader & 255}`,
            'user-agent': 'bench:live',
          });
          const t = performance.now();
          await client.query('begin');
          await client.query('set local role anon');
          await client.query("select set_config('request.headers', $1, true)", [headers]);
          await client.query(`select ${fn}($1)`, [articleId]);
          await client.query('commit');
          ms.push(performance.now() - t);
        }
      } finally {
        client.release();
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, ms };
}

/** Both countings, the replaced one first, each with its own readers; the counts read after a fold. */
export async function benchViews(dbUrl: string, articleId: string, views: number, parallel: number): Promise<ViewFigures[]> {
  const pool = new pg.Pool({ connectionString: dbUrl, max: parallel });
  try {
    await pool.query(HOT_ROWS);
    const count = async () => {
      await pool.query('select public.views_fold()');
      const { rows } = await pool.query<{ n: number }>(
        'select coalesce((select view_count from public.article_view_counts where article_id = $1), 0) as n',
        [articleId],
      );
      return rows[0].n;
    };
    const figures: ViewFigures[] = [];
    const runs = [
      ['one roll-up row per view (before)', 'bench_live.record_article_view_hot_rows'],
      ['inbox folded by one at a time (now)', 'public.record_article_view'],
    ] as const;
    for (const [i, [name, fn]] of runs.entries()) {
      const before = await count();
      const { seconds, ms } = await crowd(pool, fn, articleId, views, parallel, (i + 1) << 20);
      figures.push({
        name,
        views,
        perSecond: views / seconds,
        p50: quantile(ms, 0.5),
        p95: quantile(ms, 0.95),
        counted: (await count()) - before,
      });
    }
    await pool.query('drop schema bench_live cascade');
    return figures;
  } finally {
    await pool.end();
  }
}
