import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/lib/database.ts';
import { fetchSavedArticles } from '../../src/public/api/saved.ts';
import { saveArticle, unsaveArticle } from '../../src/public/api/savedState.ts';
import { serviceClient, signedUpClient } from '@afriqueactu/supabase-local/testing';
import { expectDenied, must, uid, withFixtures } from './helpers.ts';

// Saved articles ("À lire plus tard"): each reader's list is theirs alone, holds public articles
// only, and shows only those still public. Through supabase-js and the app's own calls.

const ctx = withFixtures();
const svc = serviceClient();
type Reader = { sb: SupabaseClient<Database>; userId: string };
let amina: Reader;
let kofi: Reader;

beforeAll(async () => {
  [amina, kofi] = (await Promise.all([signedUpClient('Amina Lectrice'), signedUpClient('Kofi Lecteur')])) as unknown as Reader[];
});

/** What the service role finds saved, per reader and article. */
const storedSaves = async (userId: string) =>
  must(await svc.from('saved_articles').select('article_id').eq('user_id', userId), 'service role reads the saves').map(
    (r) => r.article_id,
  );

const listedIds = async (reader: Reader) => (await fetchSavedArticles(reader.sb)).map((s) => s.article.id);

/** A published article of its own for one test, removed by the fixtures' category cleanup. */
async function publishedArticle(title: string): Promise<string> {
  return must(
    await ctx.who.admin.sb
      .from('articles')
      .insert({ slug: `garde-${uid()}`, title, content: '<p>x</p>', status: 'published', category_id: ctx.f.category.id })
      .select('id')
      .single(),
    'admin publishes an article',
  ).id as string;
}

describe('saved articles: a reader’s own list', () => {
  it('a reader saves an article, finds it with its card, saves it again harmlessly, and removes it', async () => {
    await saveArticle(amina.sb, ctx.f.published.id);
    const list = await fetchSavedArticles(amina.sb);
    expect(list).toHaveLength(1);
    expect(list[0].article).toMatchObject({ id: ctx.f.published.id, title: ctx.f.published.title, slug: ctx.f.published.slug });
    expect(list[0].article.category).toEqual({ name: ctx.f.category.name, slug: ctx.f.category.slug });

    // The same save from a second device: no error, still one row.
    await saveArticle(amina.sb, ctx.f.published.id);
    expect(await storedSaves(amina.userId)).toEqual([ctx.f.published.id]);

    await unsaveArticle(amina.sb, ctx.f.published.id);
    expect(await listedIds(amina)).toEqual([]);
    expect(await storedSaves(amina.userId)).toEqual([]);
  });

  it('lists the newest save first', async () => {
    const older = await publishedArticle('Sauvé en premier');
    const newer = await publishedArticle('Sauvé ensuite');
    await saveArticle(kofi.sb, older);
    await saveArticle(kofi.sb, newer);
    expect(await listedIds(kofi)).toEqual([newer, older]);
    await unsaveArticle(kofi.sb, older);
    await unsaveArticle(kofi.sb, newer);
  });

  it('the owner and the moment come from the session and the clock: a reader cannot write them', async () => {
    const forged = await amina.sb.from('saved_articles').insert({ article_id: ctx.f.published.id, user_id: kofi.userId });
    expectDenied(forged, 'a reader saving into another reader’s list');
    const backdated = await amina.sb.from('saved_articles').insert({ article_id: ctx.f.published.id, saved_at: '2000-01-01T00:00:00Z' });
    expectDenied(backdated, 'a reader choosing the moment of a save');
    expect(await storedSaves(kofi.userId)).toEqual([]);
    expect(await storedSaves(amina.userId)).toEqual([]);
  });
});

describe('saved articles: nobody else’s to read or change', () => {
  it('another reader neither sees nor removes a reader’s save; the owner still has it', async () => {
    await saveArticle(amina.sb, ctx.f.published.id);
    const seen = await kofi.sb.from('saved_articles').select('*').eq('user_id', amina.userId);
    expect(seen.error).toBeNull();
    expect(seen.data).toEqual([]);
    expect(await listedIds(kofi)).toEqual([]);

    const removed = await kofi.sb.from('saved_articles').delete({ count: 'exact' }).eq('user_id', amina.userId);
    expect(removed.error).toBeNull();
    expect(removed.count).toBe(0);
    // Removing "this article" from one's own list leaves others' lists alone.
    await unsaveArticle(kofi.sb, ctx.f.published.id);
    expect(await listedIds(amina)).toEqual([ctx.f.published.id]);
    await unsaveArticle(amina.sb, ctx.f.published.id);
  });

  it('an administrator does not read a reader’s list through the API either', async () => {
    await saveArticle(amina.sb, ctx.f.published.id);
    const seen = await ctx.who.admin.sb.from('saved_articles').select('*').eq('user_id', amina.userId);
    expect(seen.error).toBeNull();
    expect(seen.data).toEqual([]);
    const removed = await ctx.who.admin.sb.from('saved_articles').delete({ count: 'exact' }).eq('user_id', amina.userId);
    expect(removed.count).toBe(0);
    expect(await storedSaves(amina.userId)).toEqual([ctx.f.published.id]);
    await unsaveArticle(amina.sb, ctx.f.published.id);
  });

  it('anon can neither read, save nor remove saves', async () => {
    await saveArticle(amina.sb, ctx.f.published.id);
    const anon = ctx.who.anon.sb;
    expectDenied(await anon.from('saved_articles').select('*'), 'anon reading saved articles');
    expectDenied(await anon.from('saved_articles').insert({ article_id: ctx.f.published.id }), 'anon saving an article');
    expectDenied(await anon.from('saved_articles').delete().eq('article_id', ctx.f.published.id), 'anon removing saves');
    expect(await storedSaves(amina.userId)).toEqual([ctx.f.published.id]);
    await unsaveArticle(amina.sb, ctx.f.published.id);
  });
});

describe('saved articles: public articles only', () => {
  it('a draft cannot be saved, not even by an administrator who can read it', async () => {
    await expect(saveArticle(amina.sb, ctx.f.draft.id)).rejects.toThrow(/row-level security/);
    expectDenied(await ctx.who.admin.sb.from('saved_articles').insert({ article_id: ctx.f.draft.id }), 'an admin saving a draft');
    expect(await storedSaves(amina.userId)).toEqual([]);
  });

  it('a scheduled article cannot be saved before its moment', async () => {
    const scheduled = must(
      await ctx.who.admin.sb
        .from('articles')
        .insert({
          slug: `programme-${uid()}`,
          title: 'Programmé',
          content: '<p>x</p>',
          status: 'scheduled',
          published_at: new Date(Date.now() + 86_400_000).toISOString(),
          category_id: ctx.f.category.id,
        })
        .select('id')
        .single(),
      'admin schedules an article',
    ).id as string;
    expectDenied(await amina.sb.from('saved_articles').insert({ article_id: scheduled }), 'saving a scheduled article early');
  });

  it('an article unpublished after it was saved is hidden from the list, and back once published again', async () => {
    const id = await publishedArticle('Bientôt retiré');
    await saveArticle(amina.sb, ctx.f.published.id);
    await saveArticle(amina.sb, id);
    must(await ctx.who.admin.sb.from('articles').update({ status: 'draft' }).eq('id', id).select('id').single(), 'admin unpublishes');
    expect(await listedIds(amina)).toEqual([ctx.f.published.id]);
    // Still saved: the list hides it rather than losing it.
    expect((await storedSaves(amina.userId)).sort()).toEqual([ctx.f.published.id, id].sort());

    must(await ctx.who.admin.sb.from('articles').update({ status: 'published' }).eq('id', id).select('id').single(), 'admin republishes');
    expect(await listedIds(amina)).toEqual([id, ctx.f.published.id]);
    await unsaveArticle(amina.sb, id);
    await unsaveArticle(amina.sb, ctx.f.published.id);
  });

  it('a newsroom member browsing their list sees only public articles too', async () => {
    const id = await publishedArticle('Lu par un administrateur');
    const admin = ctx.who.admin.sb as unknown as SupabaseClient<Database>;
    await saveArticle(admin, id);
    must(await ctx.who.admin.sb.from('articles').update({ status: 'draft' }).eq('id', id).select('id').single(), 'admin unpublishes');
    expect((await fetchSavedArticles(admin)).map((s) => s.article.id)).not.toContain(id);
    expect(await storedSaves(ctx.who.admin.userId!)).toContain(id);
    await unsaveArticle(admin, id);
  });

  it('deleting an article removes it from every list', async () => {
    const id = await publishedArticle('Supprimé');
    await saveArticle(kofi.sb, id);
    must(await ctx.who.admin.sb.from('articles').delete().eq('id', id).select('id').single(), 'admin deletes the article');
    expect(await storedSaves(kofi.userId)).toEqual([]);
  });
});
