import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient } from '@afriqueactu/supabase-local/testing';
import { expectDenied, must, sessions, uid, type Role, type Session } from './helpers.ts';

// public.next_free_article_slug: which slug is free, asked of the database (docs/product.md#slugs).

let who: Record<Role, Session>;
const created: string[] = [];

/** An article written as the service role (any status, any author), removed after the file. */
async function article(slug: string, status = 'draft'): Promise<string> {
  const row = must(
    await serviceClient()
      .from('articles')
      .insert({
        slug,
        title: `Titre ${slug.slice(0, 20)}`,
        content: 'Texte',
        status,
        published_at: status === 'draft' ? null : new Date().toISOString(),
      })
      .select('id')
      .single(),
    `service role creates ${slug}`,
  );
  created.push(row.id);
  return row.id;
}

const ask = (s: Session, wanted: string, articleId?: string) =>
  s.sb.rpc('next_free_article_slug', articleId ? { wanted, article_id: articleId } : { wanted });

beforeAll(async () => {
  who = await sessions();
});
afterAll(async () => {
  await serviceClient().from('articles').delete().in('id', created);
});

describe('next_free_article_slug', () => {
  it('answers the wanted slug when no article has it', async () => {
    const wanted = `libre-${uid()}`;
    expect(await ask(who.admin, wanted)).toMatchObject({ data: wanted, error: null });
    expect(await ask(who.journalist, wanted)).toMatchObject({ data: wanted, error: null });
  });

  it("counts someone else's draft as taken for an administrator: -2, then -3", async () => {
    const wanted = `pris-${uid()}`;
    await article(wanted, 'draft');
    expect(await ask(who.admin, wanted)).toMatchObject({ data: `${wanted}-2`, error: null });
    await article(`${wanted}-2`, 'review');
    expect(await ask(who.admin, wanted)).toMatchObject({ data: `${wanted}-3`, error: null });
  });

  // Fourth abuse round: « -2 » told a journalist that an article he cannot read held the slug.
  it('tells a journalist nothing of articles he cannot read, and still answers a slug his save can take', async () => {
    const wanted = `scoop-${uid()}`;
    await article(wanted, 'draft');
    await article(`${wanted}-2`, 'review');
    const first = await ask(who.journalist, wanted);
    expect(first.error).toBeNull();
    // Not the numbering an administrator hears (which counts the hidden articles), a suffix that
    // does not depend on them, the same when asked again.
    expect(first.data).toMatch(new RegExp(`^${wanted}-[0-9a-f]{6}$`));
    expect(await ask(who.journalist, wanted)).toMatchObject({ data: first.data });
    // The legitimate use: his draft saves under it.
    const saved = await who.journalist.sb
      .from('articles')
      .insert({ slug: first.data!, title: 'Un scoop', content: 'Texte', status: 'draft' })
      .select('id, slug')
      .single();
    expect(saved.error).toBeNull();
    created.push(saved.data!.id);
    // Asked for his own article, his slug is his; a public article's slug is counted as before (-2).
    expect(await ask(who.journalist, first.data!, saved.data!.id)).toMatchObject({ data: first.data });
    const open = `public-${uid()}`;
    await article(open, 'published');
    expect(await ask(who.journalist, open)).toMatchObject({ data: `${open}-2`, error: null });
  });

  it('leaves an article its own slug, and its own old addresses; another article’s old address is taken', async () => {
    const first = `ancien-${uid()}`;
    const id = await article(first, 'published');
    expect(await ask(who.admin, first, id)).toMatchObject({ data: first, error: null });
    // Renamed while public: the old address now leads to this article (article_slugs).
    must(
      await serviceClient()
        .from('articles')
        .update({ slug: `${first}-nouveau` })
        .eq('id', id)
        .select('id')
        .single(),
      'rename',
    );
    expect(await ask(who.admin, first, id)).toMatchObject({ data: first, error: null });
    expect(await ask(who.admin, first)).toMatchObject({ data: `${first}-2`, error: null });
  });

  it('answers a slug that fits the column, suffix included', async () => {
    const long = `${uid()}-${'a'.repeat(195)}`.slice(0, 200);
    await article(long);
    const { data, error } = await ask(who.admin, `${long}-b`);
    expect(error).toBeNull();
    expect(data).toBe(`${long.slice(0, 198)}-2`);
  });

  it('refuses something that is not a slug, with a message for developers', async () => {
    const res = await ask(who.admin, 'Pas un slug');
    expect(res.error?.code).toBe('22023');
    expect(res.error?.message).toMatch(/wanted must be a slug/);
  });

  it('answers the service role; refuses readers (who would learn of drafts) and anonymous callers', async () => {
    const wanted = `svc-${uid()}`;
    expect(await serviceClient().rpc('next_free_article_slug', { wanted })).toMatchObject({ data: wanted, error: null });
    expectDenied(await ask(who.reader, wanted), 'a reader asking for a free slug');
    expectDenied(await ask(who.anon, wanted), 'anon asking for a free slug');
  });
});

// has_been_public: the editor's computed field saying whether a slug still follows its title.
describe('has_been_public', () => {
  const read = async (id: string) =>
    must(await who.admin.sb.from('articles').select('has_been_public').eq('id', id).single(), 'has_been_public').has_been_public;

  it('is false for a draft and for a scheduled article whose moment has not come', async () => {
    expect(await read(await article(`jamais-${uid()}`, 'draft'))).toBe(false);
    const later = await article(`plus-tard-${uid()}`, 'draft');
    await serviceClient()
      .from('articles')
      .update({ status: 'scheduled', published_at: new Date(Date.now() + 86_400_000).toISOString() })
      .eq('id', later);
    expect(await read(later)).toBe(false);
  });

  it('is true while public, and stays true once the article is withdrawn', async () => {
    const id = await article(`public-${uid()}`, 'published');
    expect(await read(id)).toBe(true);
    await serviceClient().from('articles').update({ status: 'draft', published_at: null }).eq('id', id);
    expect(await read(id)).toBe(true);
  });
});
