import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient } from '../local/tests/clients.ts';
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
  must(await ctx.who.admin.sb.from('front_page').insert({ rank, article_id: articleId }).select('*').single(), `pin rank ${rank}`);
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
    const row = await pin(1, stories[0].id);
    expect(row).toMatchObject({ rank: 1, article_id: stories[0].id, pinned_by: ctx.who.admin.userId });
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
