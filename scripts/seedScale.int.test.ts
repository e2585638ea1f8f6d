// `npm run seed:scale` on a small count, on a stack of its own (the archive it adds would change
// what the other files' tests count on the shared one): what readers and the newsroom then see.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ws from 'ws';
import { freePort, type RunningStack } from '@afriqueactu/supabase-local';
import { appStackOptions, startAppStack } from './localStack.ts';
import { runCommand } from '../tests/integration/runCommand.ts';
import { SCALE_DOMAIN, SCALE_PASSWORD, scaleSizes } from './scale/seed.ts';

const ARTICLES = 210;
const sizes = scaleSizes(ARTICLES);
const NAV_CATEGORIES = ['actualite', 'politique', 'economie', 'culture', 'sport', 'reussite', 'tribune-libre'];
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

let stack: RunningStack;
let dataDir: string;
const sb = (key: string): SupabaseClient =>
  createClient(stack.apiUrl, key, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: ws as never } });

/** One fill of the small archive: seconds alone, minutes on a busy 2-core machine. */
const SEED_MS = 180_000;

/** The command as a developer runs it, on this stack's database port. */
const seedScale = () =>
  runCommand('scripts/seedScale.ts', ['--articles', String(ARTICLES)], { SUPABASE_LOCAL_DB_PORT: new URL(stack.dbUrl).port }, SEED_MS);

const publicCount = async (client: SupabaseClient) => {
  const { count, error } = await client.from('articles').select('id', { count: 'exact', head: true });
  if (error) throw error;
  return count!;
};

const viewCounts = async (service: SupabaseClient) => {
  const article = await service.from('article_views').select('id', { count: 'exact', head: true });
  const page = await service.from('page_views').select('id', { count: 'exact', head: true });
  return { article: article.count!, page: page.count! };
};

let seedPublic: number;
let seedViews: { article: number; page: number };
let firstRun: { code: number; out: string };

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-scale-test-'));
  stack = await startAppStack(
    { ...appStackOptions(), dataDir, apiPort: await freePort(), dbPort: await freePort(), quiet: true },
    { durable: false },
  );
  seedPublic = await publicCount(sb(stack.anonKey));
  seedViews = await viewCounts(sb(stack.serviceRoleKey));
  firstRun = await seedScale();
  // The stack's start, then the fill.
}, SEED_MS + 120_000);

afterAll(async () => {
  await stack?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run seed:scale -- --articles N', () => {
  it('adds N public articles that anonymous readers see, and drafts, pieces in review and scheduled ones they do not', async () => {
    expect(firstRun.out).toContain('Done in');
    expect(firstRun.code).toBe(0);
    const anon = sb(stack.anonKey);
    expect(await publicCount(anon)).toBe(seedPublic + ARTICLES);
    const service = sb(stack.serviceRoleKey);
    for (const status of ['draft', 'review', 'scheduled'] as const) {
      const { count } = await service.from('articles').select('id', { count: 'exact', head: true }).eq('status', status);
      expect(count, status).toBeGreaterThanOrEqual(sizes[status === 'draft' ? 'drafts' : status]);
      const seen = await anon.from('articles').select('id', { count: 'exact', head: true }).eq('status', status);
      expect(seen.count, `${status} seen by anon`).toBe(0);
    }
  });

  it('fills every category of the navigation, with valid and distinct slugs and texts of 600 to 1,200 words', async () => {
    const anon = sb(stack.anonKey);
    const { data, error } = await anon
      .from('articles')
      .select('slug, word_count, key_points, category:categories(slug)')
      .order('published_at', { ascending: false })
      .limit(1000);
    expect(error).toBeNull();
    // The archive's slugs end with the article's number; the seed's do not.
    const archive = data!.filter((a) => /-\d+$/.test(a.slug));
    expect(archive.length).toBe(ARTICLES);
    for (const a of data!) expect(a.slug).toMatch(SLUG);
    for (const a of archive) {
      expect(a.word_count, a.slug).toBeGreaterThanOrEqual(600);
      expect(a.word_count, a.slug).toBeLessThanOrEqual(1200);
    }
    expect(new Set(data!.map((a) => a.slug)).size).toBe(data!.length);
    const categories = new Set(archive.map((a) => (a.category as unknown as { slug: string }).slug));
    expect([...categories].sort()).toEqual([...NAV_CATEGORIES].sort());
    expect(archive.some((a) => a.key_points.length > 0)).toBe(true);
  });

  it('gives every article of the archive its country, and one in three a topic', async () => {
    const service = sb(stack.serviceRoleKey);
    const { data, error } = await service.from('articles').select('id, tags(kind)').limit(5000);
    expect(error).toBeNull();
    // The sample content's articles (fixed ids) are tagged by hand in supabase/seed.sql.
    const scale = data!.filter((a) => !a.id.startsWith('b0000000-'));
    expect(scale.length).toBeGreaterThanOrEqual(ARTICLES);
    expect(scale.every((a) => a.tags.filter((t) => t.kind === 'pays').length === 1)).toBe(true);
    const topics = scale.filter((a) => a.tags.some((t) => t.kind !== 'pays')).length;
    expect(topics / scale.length).toBeGreaterThan(0.25);
    expect(topics / scale.length).toBeLessThan(0.42);
    const senegal = await sb(stack.anonKey).from('tags').select('articles(id)').eq('slug', 'senegal').single();
    expect(senegal.data!.articles.length, 'a country page is filled').toBeGreaterThan(0);
  });

  it('attributes every view to a public article, and the read counts are those views', async () => {
    const service = sb(stack.serviceRoleKey);
    const views = await viewCounts(service);
    expect(views.article - seedViews.article).toBe(sizes.article_views);
    expect(views.page - seedViews.page).toBe(sizes.page_views);
    const { count: onPrivate } = await service
      .from('article_views')
      .select('id, articles!inner(status)', { count: 'exact', head: true })
      .not('articles.status', 'in', '(published,scheduled)');
    expect(onPrivate).toBe(0);
    const { data: counts } = await service.from('article_view_counts').select('view_count');
    expect(counts!.reduce((sum, c) => sum + c.view_count, 0)).toBe(views.article);
  });

  it('gives every view of the archive a channel: « Sources » over its days sums them all', async () => {
    const service = sb(stack.serviceRoleKey);
    // The views go back 90 days from now: 91 UTC days, today's included.
    const { data, error } = await service.rpc('channel_sources', { p_days: 91 });
    expect(error).toBeNull();
    const rows = data as {
      channel: string;
      views: number;
      readings: number;
      engaged_seconds: number;
      median_engaged_seconds: number | null;
    }[];
    expect(rows.reduce((sum, r) => sum + r.views, 0)).toBe(sizes.article_views);
    expect(rows.map((r) => r.channel)).toContain('whatsapp');
    expect(rows.every((r) => r.readings <= r.views && r.engaged_seconds >= 0)).toBe(true);
    // The readings' bands are seeded too: each channel with readings has a median (5 to 182 s seeded).
    expect(rows.filter((r) => r.readings > 0).every((r) => r.median_engaged_seconds! >= 5 && r.median_engaged_seconds! <= 300)).toBe(true);
  });

  it('gives the archive its first revision, as saving it would have', async () => {
    const service = sb(stack.serviceRoleKey);
    const { count: articles } = await service.from('articles').select('id', { count: 'exact', head: true });
    const { data: revisions } = await service.from('article_revisions').select('article_id').limit(5000);
    expect(new Set(revisions!.map((r) => r.article_id)).size).toBe(articles);
  });

  it('makes readers who sign in and find the articles they saved, and subscribers and messages for the newsroom', async () => {
    const reader = sb(stack.anonKey);
    const { error } = await reader.auth.signInWithPassword({ email: `lecteur-1@${SCALE_DOMAIN}`, password: SCALE_PASSWORD });
    expect(error).toBeNull();
    const service = sb(stack.serviceRoleKey);
    const { count: saved } = await service.from('saved_articles').select('user_id', { count: 'exact', head: true });
    expect(saved).toBeGreaterThan(0);
    const { count: subscribers } = await service.from('newsletter_subscribers').select('id', { count: 'exact', head: true });
    expect(subscribers).toBeGreaterThanOrEqual(sizes.subscribers);
    const { count: messages } = await service.from('contact_messages').select('id', { count: 'exact', head: true });
    expect(messages).toBeGreaterThanOrEqual(sizes.messages);
  });

  it('refuses to fill the same database twice, and says how to start again', { timeout: SEED_MS }, async () => {
    const again = await seedScale();
    expect(again.code).not.toBe(0);
    expect(again.out).toContain('db:reset');
    expect(await publicCount(sb(stack.anonKey))).toBe(seedPublic + ARTICLES);
  });
});
