import type { SupabaseClient } from '@supabase/supabase-js';
import { afterEach, describe, expect, it } from 'vitest';
import { anonClient, serviceClient } from '@afriqueactu/supabase-local/testing';
import { must, sleep, uid, withFixtures } from './helpers.ts';

// Every way a visitor could reach an unpublished article. The reader (signed in, not admin)
// must see exactly what anon sees.

const ctx = withFixtures();

const VISITORS = ['anon', 'reader'] as const;

describe.each(VISITORS)('attack: %s reads a draft', (role) => {
  const sb = () => ctx.who[role].sb;
  const noDraft = (value: unknown, what: string) =>
    expect(JSON.stringify(value), `${role} ${what} must not reveal the draft`).not.toContain(ctx.f.draft.slug);

  it('by id: nothing, while the published article is there', async () => {
    const draft = await sb().from('articles').select('*').eq('id', ctx.f.draft.id);
    expect(draft.error).toBeNull();
    expect(draft.data, `${role} selects the draft by id`).toEqual([]);
    const published = await sb().from('articles').select('id').eq('id', ctx.f.published.id);
    expect(published.data, `${role} does see the published article (control)`).toEqual([{ id: ctx.f.published.id }]);
  });

  it('by slug: nothing', async () => {
    const { data, error } = await sb().from('articles').select('id, title').eq('slug', ctx.f.draft.slug);
    expect(error).toBeNull();
    expect(data, `${role} selects the draft by slug`).toEqual([]);
  });

  it('through article_images, by article id and by image id: nothing', async () => {
    const byArticle = await sb().from('article_images').select('*').eq('article_id', ctx.f.draft.id);
    expect(byArticle.data, `${role} lists the draft's images`).toEqual([]);
    const byId = await sb().from('article_images').select('*, articles(*)').eq('id', ctx.f.draftImageId);
    expect(byId.data, `${role} fetches the draft's image row`).toEqual([]);
    const control = await sb().from('article_images').select('id').eq('article_id', ctx.f.published.id);
    expect(control.data, `${role} sees the published article's image (control)`).toEqual([{ id: ctx.f.publishedImageId }]);
  });

  it('through a category embedding (categories?select=*,articles(*)): only the published article', async () => {
    const { data, error } = await sb().from('categories').select('*, articles(*)').eq('id', ctx.f.category.id).single();
    expect(error).toBeNull();
    expect(
      (data!.articles as { id: string }[]).map((a) => a.id),
      `${role} embeds the category's articles`,
    ).toEqual([ctx.f.published.id]);
  });

  it('through count=exact on status=draft: zero', async () => {
    const { count, error } = await sb().from('articles').select('*', { count: 'exact', head: true }).eq('status', 'draft');
    expect(error).toBeNull();
    expect(count, `${role} counts drafts`).toBe(0);
  });

  it('through the home_page RPC: not there, the published article is', async () => {
    const { data, error } = await sb().rpc('home_page', { p_per_category: 20 });
    expect(error, `home_page: ${error?.message}`).toBeNull();
    noDraft(data, 'home_page');
    expect(JSON.stringify(data), 'home_page lists the published fixture (control)').toContain(ctx.f.published.slug);
  });

  it('through the search_articles RPC: only the published article matches', async () => {
    const { data, error } = await sb().rpc('search_articles', { q: ctx.f.token });
    expect(error, `search_articles: ${error?.message}`).toBeNull();
    expect(
      (data as { slug: string }[]).map((a) => a.slug),
      `${role} searches the word both titles share`,
    ).toEqual([ctx.f.published.slug]);
  });
});

describe('the admin sees drafts in the back office, but not on the public pages', () => {
  it('reads the draft and counts it', async () => {
    const { data } = await ctx.who.admin.sb.from('articles').select('id').eq('id', ctx.f.draft.id);
    expect(data, 'admin reads the draft by id').toEqual([{ id: ctx.f.draft.id }]);
    const { count } = await ctx.who.admin.sb.from('articles').select('*', { count: 'exact', head: true }).eq('status', 'draft');
    expect(count, 'admin counts at least the fixture draft').toBeGreaterThanOrEqual(1);
  });

  it('home_page and search_articles stay the readers’ view', async () => {
    const home = await ctx.who.admin.sb.rpc('home_page', { p_per_category: 20 });
    expect(JSON.stringify(home.data), 'admin home page has no draft').not.toContain(ctx.f.draft.slug);
    const search = await ctx.who.admin.sb.rpc('search_articles', { q: ctx.f.token });
    expect((search.data as { slug: string }[]).map((a) => a.slug)).toEqual([ctx.f.published.slug]);
  });
});

describe('attack: anon listens to realtime changes on articles', () => {
  type Change = { eventType: string; new: Record<string, unknown>; old: Record<string, unknown> };
  const opened: SupabaseClient[] = [];
  const created: string[] = [];

  afterEach(async () => {
    for (const sb of opened.splice(0)) await sb.removeAllChannels();
    if (created.length) await serviceClient().from('articles').delete().in('id', created.splice(0));
  });

  async function listen(sb: SupabaseClient): Promise<Change[]> {
    opened.push(sb);
    const events: Change[] = [];
    const channel = sb
      .channel(`securite-${uid()}`)
      .on('postgres_changes' as never, { event: '*', schema: 'public', table: 'articles' } as never, (p: Change) => events.push(p));
    const status = await new Promise<string>((resolve) =>
      channel.subscribe((s, err) => (s === 'SUBSCRIBED' ? resolve(s) : resolve(`${s}: ${err?.message}`))),
    );
    expect(status, 'the realtime subscription must be accepted').toBe('SUBSCRIBED');
    return events;
  }

  async function waitFor(events: Change[], match: (e: Change) => boolean, ms = 3000): Promise<Change> {
    for (const deadline = Date.now() + ms; Date.now() < deadline; await sleep(25)) {
      const hit = events.find(match);
      if (hit) return hit;
    }
    throw new Error(`no matching realtime event within ${ms} ms (got ${events.length} events)`);
  }

  const insertArticle = async (token: string, status: 'draft' | 'published') => {
    const row = must(
      await ctx.who.admin.sb
        .from('articles')
        .insert({ slug: `direct-${token}`, title: `Direct ${token}`, content: '<p>secret</p>', status, category_id: ctx.f.category.id })
        .select('id')
        .single(),
      `admin inserts a ${status}`,
    );
    created.push(row.id);
    return row.id as string;
  };
  const edit = async (id: string, patch: Record<string, unknown>) =>
    must(
      await ctx.who.admin.sb.from('articles').update(patch).eq('id', id).select('id').single(),
      `admin updates ${JSON.stringify(patch)}`,
    );
  const visitor = (role: 'anon' | 'reader') => (role === 'anon' ? anonClient() : ctx.who.reader.sb);

  it.each(VISITORS)('%s gets nothing when the admin writes a draft, and the event once it is published', async (role) => {
    const events = await listen(visitor(role));
    const witness = await listen(ctx.who.admin.sb); // proves the draft's changes were emitted at all
    const token = uid();
    const id = await insertArticle(token, 'draft');
    await edit(id, { title: `Direct ${token} v2` });
    await waitFor(witness, (e) => e.eventType === 'UPDATE' && e.new.id === id);
    await sleep(1500);
    const leaked = events.filter((e) => e.new?.id === id || JSON.stringify(e).includes(token));
    expect(leaked, `${role} must receive no event about a draft`).toEqual([]);

    await edit(id, { status: 'published' });
    const published = await waitFor(events, (e) => e.eventType === 'UPDATE' && e.new.id === id);
    expect(published.new, `${role} receives the article once it is published`).toMatchObject({
      status: 'published',
      title: `Direct ${token} v2`,
    });
  });

  it('anon gets nothing of an article once it is unpublished and rewritten', async () => {
    const events = await listen(anonClient());
    const witness = await listen(ctx.who.admin.sb);
    const token = uid();
    const id = await insertArticle(token, 'published');
    await waitFor(events, (e) => e.eventType === 'INSERT' && e.new.id === id);
    await edit(id, { status: 'draft' });
    await edit(id, { title: `Embargo ${token}` });
    await waitFor(witness, (e) => e.eventType === 'UPDATE' && e.new.title === `Embargo ${token}`);
    await sleep(1500);
    expect(JSON.stringify(events), 'the unpublished article’s new title must not reach anon').not.toContain('Embargo');
    expect(
      events.filter((e) => e.eventType === 'UPDATE' && e.new.id === id),
      'no update of the now-draft reaches anon',
    ).toEqual([]);
  });

  it('a deleted draft reaches anon as its id at most, never its content', async () => {
    const events = await listen(anonClient());
    const witness = await listen(ctx.who.admin.sb);
    const token = uid();
    const id = await insertArticle(token, 'draft');
    must(await ctx.who.admin.sb.from('articles').delete().eq('id', id).select('id').single(), 'admin deletes the draft');
    await waitFor(witness, (e) => e.eventType === 'DELETE' && e.old.id === id);
    await sleep(1500);
    // Like hosted Realtime, a DELETE cannot be checked against RLS (the row is gone); only the key may travel.
    const about = events.filter((e) => e.old?.id === id || e.new?.id === id);
    expect(
      about.map((e) => [e.eventType, Object.keys(e.old ?? {})]),
      'anon gets no INSERT and a DELETE carries only the id',
    ).toEqual(about.length ? [['DELETE', ['id']]] : []);
    expect(JSON.stringify(events), 'no content of the draft').not.toContain(token);
  });
});
