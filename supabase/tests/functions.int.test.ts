import { describe, expect, it } from 'vitest';
import { serviceClient } from '@afriqueactu/supabase-local/testing';
import { expectDenied, uid, withFixtures } from './helpers.ts';

// The RPCs anyone may call must not become a way to write garbage or probe drafts; the
// statistics RPCs are for the newsroom (the dashboard) and the administrators (the audience).

const ctx = withFixtures();
const svc = serviceClient();

/** Page views of a path once the views inbox is folded (another file's views may be folding). */
const pageViews = async (path: string) => {
  await svc.rpc('views_fold');
  return (await svc.from('page_views').select('*', { count: 'exact', head: true }).eq('path', path)).count;
};

describe('attack: record_page_view with a bad path', () => {
  it.each([
    ['longer than 512 characters', `/${'a'.repeat(512)}`],
    ['not starting with /', `https://evil.example.test/${uid()}`],
    ['empty', ''],
  ])('a path %s is rejected and nothing is stored', async (_why, path) => {
    const res = await ctx.who.anon.sb.rpc('record_page_view', { p_path: path });
    expect(res.error?.code, `record_page_view(${path.slice(0, 30)}…) must fail with 22023`).toBe('22023');
    expect(res.error!.message).toMatch(/must start with \/ and be at most 512 characters/);
    expect(await pageViews(path), 'no row stored').toBe(0);
  });

  it('a path of exactly 512 characters starting with / is recorded (control)', async () => {
    const path = `/${uid()}`.padEnd(512, 'x');
    const res = await ctx.who.anon.sb.rpc('record_page_view', { p_path: path });
    expect(res.error, `record_page_view(512 chars): ${res.error?.message}`).toBeNull();
    expect(await pageViews(path)).toBe(1);
  });
});

describe('attack: record_article_view on a draft', () => {
  const viewsOf = async (id: string) => {
    const { data } = await ctx.who.admin.sb.from('articles').select('view_count').eq('id', id).single();
    await svc.rpc('views_fold');
    const { count } = await ctx.who.admin.sb.from('article_views').select('*', { count: 'exact', head: true }).eq('article_id', id);
    return { viewCount: data!.view_count as number, rows: count };
  };

  it.each(['anon', 'reader'] as const)('%s: the draft’s view_count and view rows are unchanged, answered like a success', async (role) => {
    const before = await viewsOf(ctx.f.draft.id);
    const res = await ctx.who[role].sb.rpc('record_article_view', { p_article_id: ctx.f.draft.id });
    // Same answer as for a published article, so the call cannot tell whether a draft exists.
    expect(res.error, `record_article_view(draft): ${res.error?.message}`).toBeNull();
    expect(await viewsOf(ctx.f.draft.id), 'admin reads back the draft’s counters').toEqual(before);
  });

  it('a published article is counted at a reader’s first call (control; repeats are attacks-views.int.test.ts)', async () => {
    const before = await viewsOf(ctx.f.published.id);
    expect((await ctx.who.anon.sb.rpc('record_article_view', { p_article_id: ctx.f.published.id })).error).toBeNull();
    expect(await viewsOf(ctx.f.published.id)).toEqual({ viewCount: before.viewCount + 1, rows: (before.rows ?? 0) + 1 });
  });
});

describe('attack: statistics RPCs called by non-admins', () => {
  const CALLS = [
    ['analytics_summary', { p_days: 30 }],
    ['dashboard_stats', {}],
  ] as const;

  it.each(CALLS)('anon calling %s is refused (no execute grant)', async (fn, args) => {
    const res = await ctx.who.anon.sb.rpc(fn, args);
    expectDenied(res, `anon rpc ${fn}`);
    expect(res.data).toBeNull();
  });

  // The dashboard is the whole newsroom's; the audience figures stay the administrators'.
  it.each([
    ['analytics_summary', { p_days: 30 }, /administrators only/],
    ['dashboard_stats', {}, /newsroom members only/],
  ] as const)('a reader calling %s is refused', async (fn, args, message) => {
    const res = await ctx.who.reader.sb.rpc(fn, args);
    expectDenied(res, `reader rpc ${fn}`);
    expect(res.error!.message).toMatch(message);
    expect(res.data).toBeNull();
  });

  it('the admin gets analytics_summary', async () => {
    const { data, error } = await ctx.who.admin.sb.rpc('analytics_summary', { p_days: 30 });
    expect(error, `admin analytics_summary: ${error?.message}`).toBeNull();
    expect(data).toMatchObject({ period_days: 30, total_page_views: expect.any(Number), top_articles: expect.any(Array) });
    expect(data.daily).toHaveLength(30);
  });

  it('the admin gets dashboard_stats, which counts the fixture draft', async () => {
    const { data, error } = await ctx.who.admin.sb.rpc('dashboard_stats');
    expect(error, `admin dashboard_stats: ${error?.message}`).toBeNull();
    expect(data).toMatchObject({ total_articles: expect.any(Number), published: expect.any(Number), total_views: expect.any(Number) });
    expect(data.drafts).toBeGreaterThanOrEqual(1);
    expect(data.daily).toHaveLength(14);
  });
});
