import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtures, must, removeFixtures, signIn, sleep, type Fixtures, type Session } from '../../../supabase/tests/helpers';
import { anonClient, serviceClient } from '@afriqueactu/supabase-local/testing';
import { Redirect } from '../routing/redirect';
import { fetchArticle } from './article';
import { fetchCategory } from './category';
import { fetchCorrections } from './corrections';
import type { ArticlePageData } from './types';
import { onlyPublic } from './visibility';

// The reader's queries with an administrator's session, whose RLS sees every article: they must
// show what readers see all the same (an admin browsing the site), so each filters for itself.
describe("reader queries under an administrator's session", () => {
  let admin: Session & { userId: string };
  let f: Fixtures;
  let scheduled: { id: string; slug: string; title: string };
  const SCHEDULED_IN_MS = 4000;
  let goesOutAt = 0;

  beforeAll(async () => {
    admin = await signIn('admin');
    f = await createFixtures(admin.sb);
    goesOutAt = Date.now() + SCHEDULED_IN_MS;
    scheduled = must(
      await admin.sb
        .from('articles')
        .insert({
          slug: `programme-${f.token}`,
          title: `Programmé ${f.token}`,
          content: `Texte programmé ${f.token}`,
          status: 'scheduled',
          published_at: new Date(goesOutAt).toISOString(),
          category_id: f.category.id,
        })
        .select('id, slug, title')
        .single(),
      'admin schedules an article',
    );
  });
  afterAll(async () => {
    if (scheduled) await serviceClient().from('articles').delete().eq('id', scheduled.id);
    await removeFixtures(f);
  });

  it('the admin can read the scheduled article and the draft through the API (the reason for the filter)', async () => {
    const { data } = await admin.sb.from('articles').select('id').in('id', [scheduled.id, f.draft.id]);
    expect(data).toHaveLength(2);
  });

  it('onlyPublic keeps neither: by slug, in a category, among related articles, in a category embed', async () => {
    expect(await fetchArticle(admin.sb, scheduled.slug)).toBeNull();
    expect(await fetchArticle(admin.sb, f.draft.slug)).toBeNull();
    const category = await fetchCategory(admin.sb, f.category.slug);
    expect(category!.articles.map((a) => a.id)).toEqual([f.published.id]);
    const page = (await fetchArticle(admin.sb, f.published.slug)) as ArticlePageData;
    expect(page.article.id).toBe(f.published.id);
    expect(page.related).toEqual([]);
    const { data } = await onlyPublic(admin.sb.from('categories').select('id, articles(id)').eq('id', f.category.id), 'articles').single();
    expect((data as { articles: { id: string }[] }).articles.map((a) => a.id)).toEqual([f.published.id]);
  });

  it('once its moment has come, the scheduled article is everywhere, with no job run', async () => {
    await sleep(Math.max(0, goesOutAt - Date.now()) + 300);
    for (const sb of [admin.sb, anonClient()] as SupabaseClient[]) {
      const page = (await fetchArticle(sb, scheduled.slug)) as ArticlePageData;
      expect(page?.article.title).toBe(scheduled.title);
      expect(page.related.map((a) => a.id)).toEqual([f.published.id]);
      const category = await fetchCategory(sb, f.category.slug);
      expect(category!.articles.map((a) => a.id).sort()).toEqual([f.published.id, scheduled.id].sort());
    }
  });
});

describe('old addresses and corrections', () => {
  let admin: Session & { userId: string };
  let f: Fixtures;

  beforeAll(async () => {
    admin = await signIn('admin');
    f = await createFixtures(admin.sb);
  });
  afterAll(async () => removeFixtures(f));

  async function rename(id: string, slug: string) {
    const { data: row } = await admin.sb.from('articles').select('version').eq('id', id).single();
    must(await admin.sb.from('articles').update({ slug, version: row!.version }).eq('id', id).select('id').single(), `rename to ${slug}`);
  }

  it("an article's old slug answers a redirect to its current address, for anyone", async () => {
    const first = f.published.slug;
    await rename(f.published.id, `${first}-v2`);
    await rename(f.published.id, `${first}-v3`);
    for (const sb of [anonClient(), admin.sb] as SupabaseClient[]) {
      for (const old of [first, `${first}-v2`]) {
        const answer = await fetchArticle(sb, old);
        expect(answer).toBeInstanceOf(Redirect);
        expect((answer as Redirect).path).toBe(`/article/${first}-v3`);
      }
    }
    expect(await fetchArticle(anonClient(), `jamais-${f.token}`)).toBeNull();
  });

  it('an old slug of an article no longer public leads nowhere, even for an administrator', async () => {
    const { data: row } = await admin.sb.from('articles').select('slug, version').eq('id', f.published.id).single();
    must(
      await admin.sb.from('articles').update({ status: 'draft', version: row!.version }).eq('id', f.published.id).select('id').single(),
      'unpublish',
    );
    try {
      expect(await fetchArticle(admin.sb, f.published.slug)).toBeNull();
      expect(await fetchArticle(anonClient(), f.published.slug)).toBeNull();
    } finally {
      const { data: again } = await admin.sb.from('articles').select('version').eq('id', f.published.id).single();
      must(
        await admin.sb
          .from('articles')
          .update({ status: 'published', version: again!.version })
          .eq('id', f.published.id)
          .select('id')
          .single(),
        'republish',
      );
    }
  });

  it('corrections come with the article, oldest first, and are listed newest first with the current address', async () => {
    const { data: row } = await admin.sb.from('articles').select('slug').eq('id', f.published.id).single();
    const notes = [
      { note: `Le chiffre était faux ${f.token}.`, corrected_at: new Date(Date.now() - 3600_000).toISOString() },
      { note: `Le nom du ministre est corrigé ${f.token}.`, corrected_at: new Date(Date.now() - 60_000).toISOString() },
    ];
    for (const n of notes)
      must(
        await admin.sb
          .from('article_corrections')
          .insert({ article_id: f.published.id, ...n })
          .select('id')
          .single(),
        'add a correction',
      );
    const page = (await fetchArticle(anonClient(), row!.slug)) as ArticlePageData;
    expect(page.corrections.map((c) => c.note)).toEqual(notes.map((n) => n.note));
    expect(page.incomplete).toBeUndefined();
    const listed = (await fetchCorrections(anonClient())).filter((c) => c.note.includes(f.token));
    expect(listed.map((c) => c.note)).toEqual([notes[1].note, notes[0].note]);
    expect(listed[0].article).toEqual({ slug: row!.slug, title: f.published.title });
  });
});
