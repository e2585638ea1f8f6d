import { describe, expect, it } from 'vitest';
import { serviceClient, signedUpClient } from '@afriqueactu/supabase-local/testing';
import { expectDenied, must, uid, withFixtures } from './helpers.ts';

// Writes a non-admin must not make, and columns nobody may set through the API.

const ctx = withFixtures();
const svc = serviceClient();

/** The published fixture as the admin reads it back. */
const published = async () =>
  must(await ctx.who.admin.sb.from('articles').select('*').eq('id', ctx.f.published.id).single(), 'admin reads the article');

const newArticle = (extra: Record<string, unknown>) => ({
  slug: `attaque-${uid()}`,
  title: 'Attaque',
  content: '<p>x</p>',
  status: 'published',
  category_id: ctx.f.category.id,
  ...extra,
});

describe('attack: a reader edits or deletes an article', () => {
  it('an update of the published article affects no row', async () => {
    const before = await published();
    const res = await ctx.who.reader.sb.from('articles').update({ title: 'Piraté' }, { count: 'exact' }).eq('id', ctx.f.published.id);
    expect(res.error).toBeNull();
    expect(res.count, 'reader update of an article must touch 0 rows').toBe(0);
    expect(await published(), 'the article is unchanged').toEqual(before);
  });

  it('a delete affects no row and the article stays', async () => {
    const res = await ctx.who.reader.sb.from('articles').delete({ count: 'exact' }).eq('id', ctx.f.published.id);
    expect(res.error).toBeNull();
    expect(res.count, 'reader delete of an article must touch 0 rows').toBe(0);
    expect((await published()).id).toBe(ctx.f.published.id);
  });
});

describe('attack: mass assignment by a reader', () => {
  // Columns outside the grant fail outright (view_count is no column at all: a computed field);
  // granted ones (author_id too: administrators choose the byline) reach RLS, which filters the row away.
  it.each([
    ['view_count', 999_999, 'denied'],
    ['created_at', '2000-01-01T00:00:00+00:00', 'denied'],
    ['updated_at', '2000-01-01T00:00:00+00:00', 'denied'],
    ['author_id', 'SELF', 'hidden'],
    ['published_at', '2000-01-01T00:00:00+00:00', 'hidden'],
  ] as const)('update of %s is %s', async (column, raw, outcome) => {
    const value = raw === 'SELF' ? ctx.who.reader.userId : raw;
    const before = await published();
    const res = await ctx.who.reader.sb
      .from('articles')
      .update({ [column]: value }, { count: 'exact' })
      .eq('id', ctx.f.published.id);
    if (outcome === 'denied') expectDenied(res, `reader sets articles.${column}`, column === 'view_count' ? 'PGRST204' : '42501');
    else expect(res.count, `reader sets articles.${column}: no row may change`).toBe(0);
    expect(await published(), `articles.${column} is unchanged`).toEqual(before);
  });

  it.each([
    ['view_count', 999_999],
    ['author_id', 'SELF'],
    ['published_at', '2000-01-01T00:00:00+00:00'],
    ['created_at', '2000-01-01T00:00:00+00:00'],
  ] as const)('insert of an article carrying %s is refused', async (column, raw) => {
    const row = newArticle({ [column]: raw === 'SELF' ? ctx.who.reader.userId : raw });
    expectDenied(
      await ctx.who.reader.sb.from('articles').insert(row),
      `reader inserts an article with ${column}`,
      column === 'view_count' ? 'PGRST204' : '42501',
    );
    const { count } = await svc.from('articles').select('*', { count: 'exact', head: true }).eq('slug', row.slug);
    expect(count, 'no article was created').toBe(0);
  });
});

describe('attack: mass assignment by an admin', () => {
  it.each([
    ['view_count', 999_999],
    ['created_at', '2000-01-01T00:00:00+00:00'],
    ['updated_at', '2000-01-01T00:00:00+00:00'],
  ] as const)('update of %s is refused by the column grants', async (column, value) => {
    const before = await published();
    expectDenied(
      await ctx.who.admin.sb
        .from('articles')
        .update({ [column]: value })
        .eq('id', ctx.f.published.id),
      `admin sets articles.${column}`,
      column === 'view_count' ? 'PGRST204' : '42501',
    );
    expect(await published()).toEqual(before);
  });

  it.each([
    ['view_count', 999_999],
    ['created_at', '2000-01-01T00:00:00+00:00'],
  ] as const)('insert carrying %s is refused', async (column, value) => {
    expectDenied(
      await ctx.who.admin.sb.from('articles').insert(newArticle({ [column]: value })),
      `admin inserts with ${column}`,
      column === 'view_count' ? 'PGRST204' : '42501',
    );
  });

  it('signing an article with a reader’s name, or with none, is refused (update and insert)', async () => {
    // An administrator chooses the byline among the newsroom only (writing-desk.int.test.ts has the rest).
    for (const userId of [ctx.who.reader.userId, null]) {
      const before = await published();
      const upd = await ctx.who.admin.sb.from('articles').update({ author_id: userId }).eq('id', ctx.f.published.id);
      expectDenied(upd, `admin sets author_id ${userId}`, '23514');
      expect(upd.error!.details).toBe('author_not_newsroom');
      expect(await published()).toEqual(before);
    }
    const ins = await ctx.who.admin.sb.from('articles').insert(newArticle({ author_id: ctx.who.reader.userId }));
    expectDenied(ins, 'admin inserts as the reader', '23514');
    expect(ins.error!.details).toBe('author_not_newsroom');
  });

  it('published_at follows the status: a draft cannot carry a publication date', async () => {
    const res = await ctx.who.admin.sb
      .from('articles')
      .update({ published_at: '2000-01-01T00:00:00+00:00' })
      .eq('id', ctx.f.draft.id)
      .select('published_at')
      .single();
    expect(res.error, `admin may write published_at: ${res.error?.message}`).toBeNull();
    expect(res.data!.published_at, 'the trigger keeps a draft unpublished').toBeNull();
  });
});

describe('attack: profiles', () => {
  it('a reader edits its own full_name and bio', async () => {
    const me = await signedUpClient('Awa Sangaré');
    const res = await me.sb
      .from('profiles')
      .update({ full_name: 'Awa T.', bio: 'Lectrice à Bamako' }, { count: 'exact' })
      .eq('user_id', me.userId);
    expect(res.error, `own profile update: ${res.error?.message}`).toBeNull();
    expect(res.count).toBe(1);
    const { data } = await me.sb.from('profiles').select('full_name, bio').eq('user_id', me.userId).single();
    expect(data).toEqual({ full_name: 'Awa T.', bio: 'Lectrice à Bamako' });
  });

  it('a reader cannot edit someone else’s profile (the admin’s byline)', async () => {
    const me = await signedUpClient('Intrus');
    const before = must(await svc.from('profiles').select('*').eq('user_id', ctx.who.admin.userId!).single(), 'admin profile');
    const res = await me.sb
      .from('profiles')
      .update({ full_name: 'Piraté', bio: 'x' }, { count: 'exact' })
      .eq('user_id', ctx.who.admin.userId!);
    expect(res.error).toBeNull();
    expect(res.count, 'another user’s profile must not change').toBe(0);
    expect(must(await svc.from('profiles').select('*').eq('user_id', ctx.who.admin.userId!).single(), 'admin profile')).toEqual(before);
  });

  it('a reader cannot move its profile to another user (user_id)', async () => {
    const me = await signedUpClient('Usurpateur');
    expectDenied(
      await me.sb.from('profiles').update({ user_id: ctx.who.admin.userId }).eq('user_id', me.userId),
      'reader sets profiles.user_id',
    );
    const { count } = await svc.from('profiles').select('*', { count: 'exact', head: true }).eq('user_id', me.userId);
    expect(count, 'the profile still belongs to its user').toBe(1);
  });

  it('anon cannot read the private columns of a profile (bio)', async () => {
    expectDenied(await ctx.who.anon.sb.from('profiles').select('bio').limit(1), 'anon selects profiles.bio');
  });
});
