import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, postgresDb, serviceClient } from '@afriqueactu/supabase-local/testing';
import { must, signIn, uid, type Session } from './helpers';

// "Les plus lus" (public.most_read): the week's counted views of public articles, ranked in SQL.
// The fixtures' views outnumber the seed's (at most 200 an article), so they lead the list.

type Status = 'published' | 'draft' | 'review' | 'scheduled';
const HOUR = 3600_000;
const token = uid();
let admin: Session & { userId: string };
let db: pg.Client;
let categoryId: string;
const made: Record<string, { id: string; slug: string; title: string }> = {};

/** Counted views of an article, `hoursAgo` back, spread over an hour each (as record_article_view dates them). */
async function addViews(articleId: string, count: number, hoursAgo: (i: number) => number): Promise<void> {
  const times = Array.from({ length: count }, (_, i) => new Date(Date.now() - hoursAgo(i) * HOUR).toISOString());
  await db.query('insert into public.article_views (article_id, created_at) select $1, unnest($2::timestamptz[])', [articleId, times]);
}

async function article(key: string, status: Status, publishedHoursAgo: number): Promise<string> {
  made[key] = must(
    await admin.sb
      .from('articles')
      .insert({
        slug: `plus-lu-${key}-${token}`,
        title: `Plus lu ${key} ${token}`,
        content: 'Texte.',
        status,
        published_at: new Date(Date.now() - publishedHoursAgo * HOUR).toISOString(),
        category_id: categoryId,
      })
      .select('id, slug, title')
      .single(),
    `admin creates ${key}`,
  );
  return made[key].id;
}

beforeAll(async () => {
  admin = await signIn('admin');
  db = await postgresDb();
  categoryId = must(
    await admin.sb
      .from('categories')
      .insert({ name: `Plus lus ${token}`, slug: `plus-lus-${token}` })
      .select('id')
      .single(),
    'admin creates the category',
  ).id;
  // Spread over the week (up to 150 hours back), so none sits on its edge.
  const thisWeek = (i: number) => 1 + (i % 150);
  await addViews(await article('first', 'published', 200), 1003, thisWeek);
  // 3,000 more views 9 to 10 days ago (before the week's first UTC day, whatever the hour) would
  // put it first if older views counted.
  const second = await article('second', 'published', 300);
  await addViews(second, 1002, thisWeek);
  await addViews(second, 3000, (i) => 9 * 24 + (i % 24));
  // Equal counts: the newer article first.
  await addViews(await article('older-tie', 'published', 72), 1001, thisWeek);
  await addViews(await article('newer-tie', 'published', 24), 1001, thisWeek);
  // Read a lot, but not public now, or not this week.
  await addViews(await article('draft', 'draft', 10), 5000, thisWeek);
  await addViews(await article('review', 'review', 10), 5000, thisWeek);
  await addViews(await article('scheduled', 'scheduled', -48), 5000, thisWeek);
  const unpublished = await article('unpublished', 'published', 100);
  await addViews(unpublished, 5000, thisWeek);
  must(await admin.sb.from('articles').update({ status: 'draft' }).eq('id', unpublished).select('id').single(), 'admin unpublishes');
  await addViews(await article('last-month', 'published', 40 * 24), 5000, (i) => 10 * 24 + (i % 200));
});

afterAll(async () => {
  const svc = serviceClient();
  await svc
    .from('articles')
    .delete()
    .in(
      'id',
      Object.values(made).map((a) => a.id),
    );
  await svc.from('categories').delete().eq('id', categoryId);
  await db?.end();
});

const slugs = (cards: { slug: string }[]) => cards.map((c) => c.slug);

describe('most_read', () => {
  it("anon gets the week's most-read public articles as cards: most views first, equal counts newest first, at most 5", async () => {
    const { data, error } = await anonClient().rpc('most_read');
    expect(error).toBeNull();
    expect(data).toHaveLength(5);
    expect(slugs(data.slice(0, 4))).toEqual([made.first.slug, made.second.slug, made['newer-tie'].slug, made['older-tie'].slug]);
    expect(data[0]).toMatchObject({
      id: made.first.id,
      slug: made.first.slug,
      title: made.first.title,
      category: { name: `Plus lus ${token}`, slug: `plus-lus-${token}` },
    });
    // The home page's card shape (private.article_card), and no count leaves the database.
    const home = await anonClient().rpc('home_page');
    expect(Object.keys(data[0]).sort()).toEqual(Object.keys(home.data.featured).sort());
    expect(Object.keys(data[0])).not.toContain('views');
  });

  it('never lists drafts, articles in review, scheduled or unpublished ones, nor counts views before the week’s first UTC day, whoever asks', async () => {
    const hidden = ['draft', 'review', 'scheduled', 'unpublished', 'last-month'].map((k) => made[k].slug);
    for (const sb of [anonClient(), admin.sb]) {
      const { data, error } = await sb.rpc('most_read', { p_limit: 5 });
      expect(error).toBeNull();
      expect(slugs(data).filter((s: string) => hidden.includes(s))).toEqual([]);
      expect(data[0].slug).toBe(made.first.slug);
    }
  });

  it('leaves out the article being read, and never answers more than 5', async () => {
    const without = await anonClient().rpc('most_read', { p_except: made.first.id });
    expect(slugs(without.data).slice(0, 3)).toEqual([made.second.slug, made['newer-tie'].slug, made['older-tie'].slug]);
    expect(slugs(without.data)).not.toContain(made.first.slug);
    expect((await anonClient().rpc('most_read', { p_limit: 500 })).data).toHaveLength(5);
    expect(slugs((await anonClient().rpc('most_read', { p_limit: 2 })).data)).toEqual([made.first.slug, made.second.slug]);
  });

  it('the view rows themselves stay closed to visitors', async () => {
    const { error } = await anonClient().from('article_views').select('article_id').limit(1);
    expect(error?.code).toBe('42501');
  });
});
