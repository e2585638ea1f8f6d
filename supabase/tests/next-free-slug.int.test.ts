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

  it("counts someone else's draft, which the journalist cannot see, as taken: -2, then -3", async () => {
    const wanted = `pris-${uid()}`;
    await article(wanted, 'draft');
    expect(await ask(who.journalist, wanted)).toMatchObject({ data: `${wanted}-2`, error: null });
    await article(`${wanted}-2`, 'review');
    expect(await ask(who.admin, wanted)).toMatchObject({ data: `${wanted}-3`, error: null });
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
