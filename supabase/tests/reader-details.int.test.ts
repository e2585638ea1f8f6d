import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { contentText } from '@/admin/articles/workflow/revisionDiff';
import type { HomeData } from '@/lib/database';
import { countWords } from '@/lib/readingTime';
import { CATEGORY_PAGE_SIZE, fetchCategory } from '@/public/api/category';
import { anonClient, serviceClient } from '@afriqueactu/supabase-local/testing';
import { must, sleep, uid, withFixtures } from './helpers.ts';

// What the reader's cards and live home page get from the database: a word count per article,
// one page of a category at a time, and a notice when an article stops being public.
const ctx = withFixtures();
const created: string[] = [];
afterAll(async () => {
  if (created.length) await serviceClient().from('articles').delete().in('id', created);
});

const editorCount = (content: string) => countWords(contentText(content).replace(/\[image\]/g, ''));

async function publish(n: number, hoursAgo: number, content = `<p>Article ${n} de la série.</p>`) {
  const row = must(
    await ctx.who.admin.sb
      .from('articles')
      .insert({
        slug: `page-${n}-${ctx.f.token}-${uid()}`,
        title: `Série ${n} ${ctx.f.token}`,
        content,
        status: 'published',
        published_at: new Date(Date.now() - hoursAgo * 3_600_000).toISOString(),
        category_id: ctx.f.category.id,
      })
      .select('id, slug, title')
      .single(),
    'admin publishes an article',
  );
  created.push(row.id);
  return row as { id: string; slug: string; title: string };
}

describe('word counts for the read time', () => {
  it("every public article's word_count is the editor's count of its text (HTML and plain text alike)", async () => {
    const { data, error } = await anonClient().from('articles').select('id, content, word_count');
    expect(error).toBeNull();
    expect(data!.length).toBeGreaterThan(20);
    for (const a of data!) expect(a.word_count, a.id).toBe(editorCount(a.content));
    // The seed's articles are real stories, not one-liners: their read times differ.
    expect(new Set(data!.map((a) => a.word_count)).size).toBeGreaterThan(10);
  });

  it('counts words as readers see them: tags and character references aside, elisions and compounds once, accents whatever the locale', async () => {
    const content =
      '<p>L&#39;<em>année</em> 2026 au <strong>Nord-Kivu</strong>&nbsp;: « une reprise »,<br>dit-on… — 35 %<img src="x.webp" alt="carte"></p><p>Fin</p>';
    const a = await publish(0, 1, content);
    const { data } = await anonClient().from('articles').select('word_count').eq('id', a.id).single();
    expect(data!.word_count).toBe(9);
    expect(editorCount(content)).toBe(9);
  });

  it('home_page and search cards carry the same word_count as the cards the reader selects itself', async () => {
    const anon = anonClient();
    const { data: rows } = await anon.from('articles').select('id, word_count');
    const expected = new Map(rows!.map((r) => [r.id, r.word_count]));
    const home = must(await anon.rpc('home_page', { p_per_category: 10 }), 'home_page') as HomeData;
    const cards = [home.featured!, ...(home.top ?? []), ...home.sections.flatMap((s) => s.articles)];
    expect(cards.length).toBeGreaterThan(10);
    for (const card of cards) expect(card.word_count, card.slug).toBe(expected.get(card.id));
    const found = must(await anon.rpc('search_articles', { q: 'Dakar' }), 'search') as { id: string; word_count: number }[];
    expect(found.length).toBeGreaterThan(0);
    for (const card of found) expect(card.word_count).toBe(expected.get(card.id));
  });
});

describe('category pages', () => {
  it(`shows ${CATEGORY_PAGE_SIZE} articles a page, newest first, says whether more follow, and has nothing past the last`, async () => {
    // The fixture category already holds one published article (just now): 13 more, older, make 14.
    for (let n = 1; n <= CATEGORY_PAGE_SIZE + 1; n++) await publish(n, n);
    const anon = anonClient();
    const { data: all } = await anon
      .from('articles')
      .select('id')
      .eq('category_id', ctx.f.category.id)
      .order('published_at', { ascending: false });
    const ids = all!.map((a) => a.id);
    expect(ids.length).toBeGreaterThan(CATEGORY_PAGE_SIZE);
    expect(ids.length).toBeLessThanOrEqual(2 * CATEGORY_PAGE_SIZE);
    const first = (await fetchCategory(anon, ctx.f.category.slug))!;
    const second = (await fetchCategory(anon, ctx.f.category.slug, 2))!;
    const third = (await fetchCategory(anon, ctx.f.category.slug, 3))!;
    expect(first).toMatchObject({ page: 1, hasMore: true });
    expect(first.articles.map((a) => a.id)).toEqual(ids.slice(0, CATEGORY_PAGE_SIZE));
    expect(second).toMatchObject({ page: 2, hasMore: false });
    expect(second.articles.map((a) => a.id)).toEqual(ids.slice(CATEGORY_PAGE_SIZE));
    expect(third).toMatchObject({ page: 3, hasMore: false, articles: [] });
    // A draft never fills a place on a page.
    expect(ids).not.toContain(ctx.f.draft.id);
  });
});

describe('withdrawals for the live home page', () => {
  type Change = { eventType: string; table: string; new: Record<string, unknown> };
  const opened: SupabaseClient[] = [];
  afterEach(async () => {
    for (const sb of opened.splice(0)) await sb.removeAllChannels();
  });

  async function listen(sb: SupabaseClient): Promise<Change[]> {
    opened.push(sb);
    const events: Change[] = [];
    const push = (p: Change) => events.push(p);
    const channel = sb
      .channel(`retraits-${uid()}`)
      .on('postgres_changes' as never, { event: '*', schema: 'public', table: 'articles' } as never, push)
      .on('postgres_changes' as never, { event: 'INSERT', schema: 'public', table: 'article_withdrawals' } as never, push);
    const status = await new Promise<string>((resolve) =>
      channel.subscribe((s, err) => (s === 'SUBSCRIBED' ? resolve(s) : resolve(`${s}: ${err?.message}`))),
    );
    expect(status, 'the realtime subscription must be accepted').toBe('SUBSCRIBED');
    return events;
  }

  async function withdrawalOf(events: Change[], id: string): Promise<Change> {
    for (const deadline = Date.now() + 5000; Date.now() < deadline; await sleep(25)) {
      const hit = events.find((e) => e.table === 'article_withdrawals' && e.new.article_id === id);
      if (hit) return hit;
    }
    throw new Error(`no withdrawal of ${id} within 5 s (got ${JSON.stringify(events)})`);
  }

  it('a visitor hears nothing of an unpublished article from articles, and is told by a withdrawal', async () => {
    const a = await publish(100, 0.5);
    const events = await listen(anonClient());
    must(await ctx.who.admin.sb.from('articles').update({ status: 'draft' }).eq('id', a.id).select('id').single(), 'unpublish');
    await withdrawalOf(events, a.id);
    // Delivery follows commit order: the article's own change would have come first.
    expect(events.filter((e) => e.table === 'articles' && e.new?.id === a.id)).toEqual([]);
  });

  it('a deleted public article is withdrawn too; an edit of a public article and a deleted draft are not', async () => {
    const kept = await publish(101, 0.5);
    const deleted = await publish(102, 0.5);
    const draft = must(
      await ctx.who.admin.sb
        .from('articles')
        .insert({ slug: `brouillon-${uid()}`, title: 'Brouillon', content: '<p>x</p>', status: 'draft', category_id: ctx.f.category.id })
        .select('id')
        .single(),
      'draft',
    );
    const events = await listen(anonClient());
    must(await ctx.who.admin.sb.from('articles').update({ title: 'Titre revu' }).eq('id', kept.id).select('id').single(), 'edit');
    must(await ctx.who.admin.sb.from('articles').delete().eq('id', draft.id).select('id').single(), 'delete draft');
    must(await ctx.who.admin.sb.from('articles').delete().eq('id', deleted.id).select('id').single(), 'delete public');
    await withdrawalOf(events, deleted.id);
    const withdrawn = events.filter((e) => e.table === 'article_withdrawals').map((e) => e.new.article_id);
    expect(withdrawn).toEqual([deleted.id]);
  });

  it('nobody but the trigger writes withdrawals', async () => {
    const res = await ctx.who.admin.sb.from('article_withdrawals').insert({ article_id: ctx.f.published.id });
    expect(res.error?.code).toBe('42501');
    const { count } = await anonClient()
      .from('article_withdrawals')
      .select('*', { count: 'exact', head: true })
      .eq('article_id', ctx.f.published.id);
    expect(count).toBe(0);
  });
});
