import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient } from '@afriqueactu/supabase-local/testing';
import { removeWritten, write, type DeskArticle } from './desk.ts';
import { expectDenied, must, sleep, uid, withFixtures } from './helpers.ts';

// The front page as an editorial choice: an administrator pins « À la une » (rank 1) and three
// top stories (ranks 2 to 4); home_page() follows the pins readers may see, and without a pin
// the newest article leads, as before.

const ctx = withFixtures();
const svc = serviceClient();

interface Card {
  id: string;
  slug: string;
  image_alt: string | null;
}
interface Home {
  featured: Card | null;
  top: Card[];
  sections: { category: { id: string }; articles: Card[] }[];
}

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
/** Five public stories of the fixture's category, from 10 to 50 minutes old: the oldest first. */
let stories: DeskArticle[];

beforeAll(async () => {
  stories = [];
  for (const age of [50, 40, 30, 20, 10]) {
    stories.push(await write(ctx.who.admin.sb, ctx.f.category.id, { status: 'published', published_at: minutesAgo(age) }));
  }
});
afterAll(removeWritten);
afterEach(async () => void (await svc.from('front_page').delete().gte('rank', 1)));

const home = async (who: 'anon' | 'reader' | 'admin' = 'anon'): Promise<Home> =>
  must(await ctx.who[who].sb.rpc('home_page', { p_per_category: 20 }), `${who} home_page`) as Home;
const pin = async (rank: number, articleId: string) =>
  must(
    await ctx.who.admin.sb.from('front_page').insert({ rank, article_id: articleId }).select('rank, article_id').single(),
    `pin rank ${rank}`,
  );
const sectionOf = (h: Home) => h.sections.find((s) => s.category.id === ctx.f.category.id)!.articles.map((a) => a.id);
const newestPublic = async () =>
  must(await ctx.who.anon.sb.from('articles').select('id').order('published_at', { ascending: false }).limit(1).single(), 'newest').id;

describe('without a pin', () => {
  it('the newest public article leads and there are no top stories', async () => {
    const h = await home();
    expect(h.featured!.id).toBe(await newestPublic());
    expect(h.top).toEqual([]);
  });
});

describe('pins', () => {
  it('rank 1 leads even when older, is not repeated in its section, and is recorded as the administrator’s choice', async () => {
    expect(await pin(1, stories[0].id)).toEqual({ rank: 1, article_id: stories[0].id });
    const recorded = must(await svc.from('front_page').select('pinned_by').eq('rank', 1).single(), 'the pin as stored');
    expect(recorded.pinned_by).toBe(ctx.who.admin.userId);
    for (const who of ['anon', 'reader', 'admin'] as const) {
      const h = await home(who);
      expect(h.featured!.id, `${who}: the pinned story leads`).toBe(stories[0].id);
      expect(sectionOf(h), `${who}: the lead is not repeated below`).not.toContain(stories[0].id);
      expect(sectionOf(h)).toEqual(expect.arrayContaining(stories.slice(1).map((s) => s.id)));
    }
  });

  it('ranks 2 to 4 are the top stories in rank order, whatever their dates; the lead is then the newest', async () => {
    await pin(2, stories[1].id);
    await pin(3, stories[4].id);
    await pin(4, stories[0].id);
    const h = await home();
    expect(h.top.map((c) => c.id)).toEqual([stories[1].id, stories[4].id, stories[0].id]);
    expect(h.featured!.id).toBe(await newestPublic());
  });

  it('a gap is fine: ranks 2 and 4 only give two top stories', async () => {
    await pin(4, stories[2].id);
    await pin(2, stories[3].id);
    expect((await home()).top.map((c) => c.id)).toEqual([stories[3].id, stories[2].id]);
  });

  it('moving a story to another place (update) and unpinning it (delete)', async () => {
    await pin(2, stories[1].id);
    must(await ctx.who.admin.sb.from('front_page').update({ rank: 1 }).eq('rank', 2).select('rank').single(), 'move to rank 1');
    expect((await home()).featured!.id).toBe(stories[1].id);
    must(await ctx.who.admin.sb.from('front_page').delete().eq('rank', 1).select('rank').single(), 'unpin');
    expect((await home()).featured!.id).toBe(await newestPublic());
  });

  it('only four places, and a story in one place at a time', async () => {
    const five = await ctx.who.admin.sb.from('front_page').insert({ rank: 5, article_id: stories[0].id });
    expectDenied(five, 'rank 5', '23514');
    await pin(1, stories[0].id);
    expectDenied(await ctx.who.admin.sb.from('front_page').insert({ rank: 2, article_id: stories[0].id }), 'the same story twice', '23505');
    expectDenied(
      await ctx.who.admin.sb.from('front_page').insert({ rank: 1, article_id: stories[1].id }),
      'two stories at rank 1',
      '23505',
    );
  });

  it('visitors and signed-in callers read the order (rank, article), not who pinned nor when', async () => {
    await pin(1, stories[0].id);
    const order = [{ rank: 1, article_id: stories[0].id }];
    expect(must(await ctx.who.anon.sb.from('front_page').select('rank, article_id'), 'anon reads the order')).toEqual(order);
    expectDenied(await ctx.who.anon.sb.from('front_page').select('pinned_by'), 'anon reads who pinned');
    expectDenied(await ctx.who.anon.sb.from('front_page').select('pinned_at'), 'anon reads when it was pinned');
    // '*' names every column, pinned_by included: a visitor's query must name the two it may read.
    expectDenied(await ctx.who.anon.sb.from('front_page').select('*'), 'anon reads the whole pin');
    expect(must(await ctx.who.reader.sb.from('front_page').select('rank, article_id'), 'reader reads the order')).toEqual(order);
    expectDenied(await ctx.who.reader.sb.from('front_page').select('pinned_by'), 'reader reads who pinned');
    expectDenied(await ctx.who.reader.sb.from('front_page').select('pinned_at'), 'reader reads when it was pinned');
  });

  it('a deleted story leaves its place empty', async () => {
    const gone = await write(ctx.who.admin.sb, ctx.f.category.id, { status: 'published', published_at: minutesAgo(5) });
    await pin(2, gone.id);
    must(await ctx.who.admin.sb.from('articles').delete().eq('id', gone.id).select('id').single(), 'delete the story');
    expect((await svc.from('front_page').select('rank')).data).toEqual([]);
  });

  it('the cards carry the main image’s alternative text', async () => {
    const url = `https://img.example.test/${uid()}.webp`;
    must(
      await ctx.who.admin.sb
        .from('article_images')
        .insert({ article_id: stories[2].id, image_url: url, alt_text: 'Un marché de Bamako' })
        .select('id')
        .single(),
      'describe the image',
    );
    must(await ctx.who.admin.sb.from('articles').update({ image_url: url }).eq('id', stories[2].id).select('id').single(), 'main image');
    await pin(1, stories[2].id);
    await pin(2, stories[3].id);
    const h = await home();
    expect(h.featured).toMatchObject({ id: stories[2].id, image_alt: 'Un marché de Bamako' });
    expect(h.top[0]).toMatchObject({ id: stories[3].id, image_alt: null });
  });
});

describe('set_front_page: the « La une » screen saves the four places at once', () => {
  const places = async () => (await svc.from('front_page').select('rank, article_id, pinned_by').order('rank')).data;
  const setAs = (who: 'anon' | 'reader' | 'journalist' | 'admin', ids: (string | null)[]) =>
    ctx.who[who].sb.rpc('set_front_page', { p_article_ids: ids });

  it('places follow the array (null leaves one empty); a swap that row by row would collide is one save', async () => {
    const [a, b, c] = stories.map((s) => s.id);
    expect((await setAs('admin', [a, null, b, c])).error).toBeNull();
    const by = ctx.who.admin.userId;
    expect(await places()).toEqual([
      { rank: 1, article_id: a, pinned_by: by },
      { rank: 3, article_id: b, pinned_by: by },
      { rank: 4, article_id: c, pinned_by: by },
    ]);
    expect((await setAs('admin', [c, a, null, b])).error).toBeNull();
    expect((await places())!.map((p) => p.article_id)).toEqual([c, a, b]);
    expect((await home()).featured!.id).toBe(c);
    expect((await setAs('admin', [])).error).toBeNull();
    expect(await places()).toEqual([]);
  });

  it('a refused save changes nothing: the same story twice (23505), five places (22023)', async () => {
    const [a, b] = stories.map((s) => s.id);
    expect((await setAs('admin', [a, b])).error).toBeNull();
    const before = await places();
    expectDenied(await setAs('admin', [b, a, a]), 'the same story twice', '23505');
    expectDenied(await setAs('admin', [b, null, null, null, a]), 'a fifth place', '22023');
    expect(await places()).toEqual(before);
  });

  it('administrators only (42501): not a journalist, a reader or a visitor; the front page stays', async () => {
    expect((await setAs('admin', [stories[0].id])).error).toBeNull();
    const before = await places();
    for (const who of ['journalist', 'reader', 'anon'] as const) {
      expectDenied(await setAs(who, [stories[1].id]), `${who} saves the front page`);
    }
    expect(await places()).toEqual(before);
  });

  it('saves made at the same moment follow one another: each succeeds, and the last leaves its whole front page', async () => {
    const orders = [0, 1, 2, 3, 4].map((i) => [0, 1, 2, 3].map((n) => stories[(i + n) % stories.length].id));
    const results = await Promise.all(orders.map((ids) => setAs('admin', ids)));
    expect(results.map((r) => r.error?.message ?? null)).toEqual(orders.map(() => null));
    const final = (await places())!.map((p) => p.article_id);
    expect(orders, 'the front page is one save’s, not a mix').toContainEqual(final);
  });
});

describe('pins of stories readers may not see yet', () => {
  it('a pinned draft: not shown, not even the pin; the newest leads; the administrator sees the pin', async () => {
    await pin(1, ctx.f.draft.id);
    await pin(2, stories[1].id);
    for (const who of ['anon', 'reader'] as const) {
      const h = await home(who);
      expect(h.featured!.id, `${who}: the newest leads`).toBe(await newestPublic());
      expect(JSON.stringify(h), `${who}: no trace of the draft`).not.toContain(ctx.f.draft.id);
      expect((await ctx.who[who].sb.from('front_page').select('rank, article_id')).data).toEqual([{ rank: 2, article_id: stories[1].id }]);
    }
    expect((await ctx.who.admin.sb.from('front_page').select('rank').order('rank')).data).toEqual([{ rank: 1 }, { rank: 2 }]);
  });

  it('a pinned scheduled story leads only from its moment, with no one acting', async () => {
    const due = new Date(Date.now() + 2_500).toISOString();
    const scheduled = await write(ctx.who.admin.sb, ctx.f.category.id, { status: 'scheduled', published_at: due });
    await pin(1, scheduled.id);
    const before = await home();
    expect(before.featured!.id).not.toBe(scheduled.id);
    expect(JSON.stringify(before)).not.toContain(scheduled.id);
    expect((await ctx.who.anon.sb.from('front_page').select('rank')).data, 'the pin itself is hidden').toEqual([]);
    await sleep(Date.parse(due) - Date.now() + 300);
    const after = await home();
    expect(after.featured!.id).toBe(scheduled.id);
    expect(sectionOf(after)).not.toContain(scheduled.id);
    expect((await ctx.who.anon.sb.from('front_page').select('rank')).data).toEqual([{ rank: 1 }]);
  });
});
