import { describe, expect, it } from 'vitest';
import { serviceClient, signedUpClient } from '@afriqueactu/supabase-local/testing';
import { must, withFixtures } from './helpers.ts';

// Issue 12 §7: what one reader could learn about others, and names that lie about themselves.

const ctx = withFixtures();
const svc = serviceClient();
const BYLINE = 'id, user_id, full_name, avatar_url';

describe('attack: view_count of articles the caller cannot see', () => {
  const setCount = async (articleId: string, n: number) =>
    must(
      await svc.from('article_view_counts').upsert({ article_id: articleId, view_count: n }).select('article_id').single(),
      'set a view count',
    );

  it.each(['anon', 'reader'] as const)('%s gets 0 for a draft handed to the function as a made-up row', async (role) => {
    await setCount(ctx.f.draft.id, 777);
    const res = await ctx.who[role].sb.rpc('view_count', { a: { id: ctx.f.draft.id } });
    expect(res.error, `${role} rpc view_count: ${res.error?.message}`).toBeNull();
    expect(res.data).toBe(0);
  });

  it('the admin, who may see the draft, gets its count; anyone gets a published article’s (controls)', async () => {
    await setCount(ctx.f.draft.id, 777);
    await setCount(ctx.f.published.id, 41);
    expect((await ctx.who.admin.sb.rpc('view_count', { a: { id: ctx.f.draft.id } })).data).toBe(777);
    expect((await ctx.who.anon.sb.rpc('view_count', { a: { id: ctx.f.published.id } })).data).toBe(41);
    const { data } = await ctx.who.anon.sb.from('articles').select('view_count').eq('id', ctx.f.published.id).single();
    expect(data).toEqual({ view_count: 41 });
    const admin = await ctx.who.admin.sb.from('articles').select('view_count').eq('id', ctx.f.draft.id).single();
    expect(admin.data).toEqual({ view_count: 777 });
  });
});

describe('attack: a reader reading administrators’ profiles', () => {
  const adminId = () => ctx.who.admin.userId!;

  it('a signed-in reader gets no more of an author’s profile than anon does', async () => {
    const reader = ctx.who.reader.sb;
    const full = await reader.from('profiles').select('bio, created_at, updated_at').eq('user_id', adminId());
    expect(full.error).toBeNull();
    expect(full.data, 'the author’s bio and account dates').toEqual([]);
    const anonProfile = must(
      await ctx.who.anon.sb.from('profiles').select(BYLINE).eq('user_id', adminId()).single(),
      'anon reads the byline',
    );
    // The byline as the author page shows it: the short presentation is public there, the
    // account's dates never are.
    const anonByline = must(await ctx.who.anon.sb.from('bylines').select('*').eq('user_id', adminId()).single(), 'anon reads bylines');
    const readerByline = must(await reader.from('bylines').select('*').eq('user_id', adminId()).single(), 'reader reads the byline');
    expect(readerByline).toEqual(anonByline);
    expect(readerByline).toMatchObject(anonProfile);
    expect(Object.keys(readerByline).sort()).toEqual(['avatar_url', 'bio', 'full_name', 'id', 'slug', 'user_id']);
  });

  it('bylines lists published authors only, never a reader who signed up', async () => {
    const someone = await signedUpClient('Lecteur discret');
    for (const role of ['anon', 'reader'] as const) {
      const { data, error } = await ctx.who[role].sb.from('bylines').select('user_id').eq('user_id', someone.userId);
      expect(error).toBeNull();
      expect(data, `${role} sees a non-author in bylines`).toEqual([]);
    }
  });

  it('a reader still reads its own whole profile, and the admin reads everyone’s (controls)', async () => {
    const me = await signedUpClient('Awa Sangaré');
    must(await me.sb.from('profiles').update({ bio: 'Lectrice à Bamako' }).eq('user_id', me.userId).select('id').single(), 'own bio');
    const own = must(await me.sb.from('profiles').select('full_name, bio, created_at').eq('user_id', me.userId).single(), 'own profile');
    expect(own).toMatchObject({ full_name: 'Awa Sangaré', bio: 'Lectrice à Bamako', created_at: expect.any(String) });
    const all = must(
      await ctx.who.admin.sb.from('profiles').select('*, user_roles(role)').eq('user_id', me.userId).single(),
      'admin reads it',
    );
    expect(all).toMatchObject({ bio: 'Lectrice à Bamako', created_at: expect.any(String), user_roles: [] });
  });
});

describe('attack: bidirectional-text tricks in names', () => {
  // U+202E (right-to-left override) makes "Awa\u202Egpj.exe" display as "Awaexe.jpg"; the others
  // (marks, embeddings, isolates) reorder or hide text the same way.
  const CONTROLS = ['\u202E', '\u202A', '\u202B', '\u202C', '\u202D', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C'];

  it('are stripped from a name set through the API', async () => {
    const me = await signedUpClient('Nom ordinaire');
    const tricked = `Awa${CONTROLS.join('')} Sangaré\u202Egpj.exe`;
    const res = await me.sb.from('profiles').update({ full_name: tricked }).eq('user_id', me.userId).select('full_name').single();
    expect(res.error).toBeNull();
    expect(res.data!.full_name).toBe('Awa Sangarégpj.exe');
  });

  it('are stripped from the name given at sign-up, and a name made only of them is no name', async () => {
    const me = await signedUpClient('\u2067Moussa\u2069 \u200FDiallo');
    expect(must(await me.sb.from('profiles').select('full_name').eq('user_id', me.userId).single(), 'profile').full_name).toBe(
      'Moussa Diallo',
    );
    const empty = await me.sb.from('profiles').update({ full_name: '\u202E\u202C' }).eq('user_id', me.userId).select('full_name').single();
    expect(empty.data!.full_name).toBeNull();
  });

  it('leave Arabic, accents and ordinary punctuation alone (control)', async () => {
    const me = await signedUpClient('Placeholder');
    const name = 'Fatima Zahra الزهراء — Ouédraogo-Kaboré';
    const res = await me.sb.from('profiles').update({ full_name: name }).eq('user_id', me.userId).select('full_name').single();
    expect(res.data!.full_name).toBe(name);
  });
});
