import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient } from '@afriqueactu/supabase-local/testing';
import { save as saveArticle, stored as storedArticle } from './desk.ts';
import { expectDenied, must, newAdmin, signInColleague, sleep, uid, withFixtures, type Session } from './helpers.ts';

// The newsroom's workflow as the editor drives it through supabase-js: saves that must carry the
// version they were based on, revisions and slug history written by the database alone,
// authorship that survives an edit, corrections, and the dashboard's counts.

const ctx = withFixtures();
const svc = serviceClient();
let colleague: Session & { userId: string; fullName: string };
const made: string[] = [];
const categories: string[] = [];

beforeAll(async () => {
  colleague = await signInColleague();
});
afterAll(async () => {
  await svc.from('articles').delete().in('id', made);
  await svc.from('categories').delete().in('id', categories);
});

type Row = {
  id: string;
  slug: string;
  title: string;
  version: number;
  author_id: string | null;
  status: string;
  published_at: string | null;
};
const COLUMNS = 'id, slug, title, version, author_id, status, published_at';

async function create(sb: SupabaseClient, extra: Record<string, unknown> = {}): Promise<Row> {
  const token = uid();
  const row = must(
    await sb
      .from('articles')
      .insert({
        slug: `flux-${token}`,
        title: `Flux ${token}`,
        content: `<p>${token}</p>`,
        status: 'published',
        category_id: ctx.f.category.id,
        ...extra,
      })
      .select(COLUMNS)
      .single(),
    'create an article',
  ) as Row;
  made.push(row.id);
  return row;
}

/** An editor's save: the changes plus the version the form was loaded at. */
const save = (sb: SupabaseClient, article: { id: string; version: number }, changes: Record<string, unknown>) =>
  saveArticle<Row>(sb, article, changes, { columns: COLUMNS, single: true });
const stored = (id: string) => storedArticle<Row>(id, { columns: COLUMNS, single: true });
const revisions = async (id: string) => (await svc.from('article_revisions').select('*').eq('article_id', id).order('version')).data!;
const oldSlugs = async (id: string) =>
  (await svc.from('article_slugs').select('slug').eq('article_id', id).order('slug')).data!.map((r) => r.slug);
const future = (ms = 3_600_000) => new Date(Date.now() + ms).toISOString();

describe('stale saves', () => {
  it('a save based on the stored version passes and bumps the version by one', async () => {
    const a = await create(ctx.who.admin.sb);
    expect(a.version).toBe(1);
    const first = await save(ctx.who.admin.sb, a, { title: 'Première relecture' });
    expect(first.error).toBeNull();
    expect(first.data!.version).toBe(2);
    const second = await save(ctx.who.admin.sb, first.data!, { title: 'Seconde relecture' });
    expect(second.error).toBeNull();
    expect(second.data!.version).toBe(3);
  });

  it('two saves based on the same version: the second gets 409 PT409 and the first is kept', async () => {
    const a = await create(ctx.who.admin.sb);
    // Both editors opened version 1.
    const mine = await save(ctx.who.admin.sb, a, { title: 'Titre de la rédactrice en chef' });
    expect(mine.error).toBeNull();
    const theirs = await save(colleague.sb, a, { title: 'Titre du journaliste', content: '<p>Autre texte</p>' });
    expect(theirs.error?.code).toBe('PT409');
    expect(theirs.status).toBe(409);
    expect(theirs.error?.details).toBe('stale_version');
    expect(theirs.error?.hint).toMatch(/now at version 2/);
    expect(await stored(a.id)).toMatchObject({ title: 'Titre de la rédactrice en chef', version: 2 });
    expect(
      (await revisions(a.id)).map((r) => r.version),
      'the refused save left no revision',
    ).toEqual([1, 2]);

    // Reloaded, the colleague saves on top of it.
    const again = await save(colleague.sb, { id: a.id, version: 2 }, { title: 'Titre du journaliste' });
    expect(again.error).toBeNull();
    expect(again.data).toMatchObject({ title: 'Titre du journaliste', version: 3 });
  });

  it('a version ahead of the stored one is refused too, and the version cannot be chosen on insert', async () => {
    const a = await create(ctx.who.admin.sb);
    expect((await save(ctx.who.admin.sb, { id: a.id, version: 7 }, { title: 'Du futur' })).error?.code).toBe('PT409');
    expect(await stored(a.id)).toMatchObject({ title: a.title, version: 1 });
    const slug = `flux-${uid()}`;
    expectDenied(
      await ctx.who.admin.sb.from('articles').insert({ slug, title: 'Version choisie', content: '<p>x</p>', version: 40 }),
      'admin inserts with a version',
    );
    expect((await svc.from('articles').select('id').eq('slug', slug)).data).toEqual([]);
  });
});

describe('the publication time stays', () => {
  // Beyond the product spec (« sets published_at to the current time on every save »): a fix to a
  // story readers already see is an update, not a new publication; « Republier » is an act of its own.
  const times = async (id: string) =>
    must(await svc.from('articles').select('published_at, updated_at, version').eq('id', id).single(), 'times') as {
      published_at: string;
      updated_at: string;
      version: number;
    };

  it('an edit of a published article keeps published_at and moves updated_at, even when the save sends a new time', async () => {
    const a = await create(ctx.who.admin.sb);
    const before = await times(a.id);
    await sleep(50);
    // As the editor saved before: status Publié with the current time.
    const saved = must(
      await save(ctx.who.admin.sb, a, { title: `${a.title} (corrigé)`, status: 'published', published_at: new Date().toISOString() }),
      'admin fixes the headline',
    );
    const after = await times(a.id);
    expect(saved.published_at).toBe(before.published_at);
    expect(after.published_at).toBe(before.published_at);
    expect(Date.parse(after.updated_at)).toBeGreaterThan(Date.parse(before.updated_at));
    expect(after.version).toBe(before.version + 1);
  });

  it('a scheduled article past its moment keeps that moment when saved as published; one scheduled for later goes out now', async () => {
    const due = new Date(Date.now() - 60_000).toISOString();
    const a = await create(ctx.who.admin.sb, { status: 'scheduled', published_at: due });
    const saved = must(await save(ctx.who.admin.sb, a, { status: 'published', published_at: new Date().toISOString() }), 'save');
    expect(Date.parse(saved.published_at!)).toBe(Date.parse(due));
    const later = await create(ctx.who.admin.sb, { status: 'scheduled', published_at: future() });
    const now = Date.now();
    const out = must(await save(ctx.who.admin.sb, later, { status: 'published' }), 'publish now');
    expect(Math.abs(Date.parse(out.published_at!) - now)).toBeLessThan(5_000);
  });

  it('taken back to draft and published again, an article goes out anew', async () => {
    const a = await create(ctx.who.admin.sb);
    const draft = must(await save(ctx.who.admin.sb, a, { status: 'draft' }), 'unpublish');
    expect(draft.published_at).toBeNull();
    await sleep(50);
    const again = must(await save(ctx.who.admin.sb, draft, { status: 'published' }), 'publish again');
    expect(Date.parse(again.published_at!)).toBeGreaterThan(Date.parse(a.published_at!));
  });

  it('« Republier »: an administrator sets it to now (a new version); a journalist, a reader and anon are refused', async () => {
    const a = await create(ctx.who.admin.sb, { published_at: new Date(Date.now() - 3_600_000).toISOString() });
    const before = await times(a.id);
    for (const role of ['anon', 'reader', 'journalist'] as const) {
      expectDenied(await ctx.who[role].sb.rpc('republish_article', { p_article_id: a.id }), `${role} republishes`);
    }
    expect(await times(a.id)).toEqual(before);
    const res = await ctx.who.admin.sb.rpc('republish_article', { p_article_id: a.id });
    expect(res.error).toBeNull();
    const after = await times(a.id);
    expect(Date.parse(after.published_at)).toBe(Date.parse(res.data as string));
    expect(Date.parse(after.published_at)).toBeGreaterThan(Date.parse(before.published_at));
    expect(Math.abs(Date.parse(after.published_at) - Date.now())).toBeLessThan(5_000);
    expect(after.version).toBe(before.version + 1);
    // The revision records the new time, signed by the administrator.
    const last = (await revisions(a.id)).at(-1)!;
    expect(Date.parse(last.published_at!)).toBe(Date.parse(after.published_at));
    expect(last.editor_id).toBe(ctx.who.admin.userId);
  });

  it('« Republier » refuses what readers do not see: a draft, a scheduled article before its moment', async () => {
    const draft = await create(ctx.who.admin.sb, { status: 'draft' });
    const scheduled = await create(ctx.who.admin.sb, { status: 'scheduled', published_at: future() });
    for (const a of [draft, scheduled]) {
      const res = await ctx.who.admin.sb.rpc('republish_article', { p_article_id: a.id });
      expect(res.error?.code).toBe('23514');
      expect(res.error?.message).toBe('Seul un article publié peut être republié.');
      expect((await stored(a.id))?.status).toBe(a.status);
    }
  });
});

describe('revisions', () => {
  it('one per insert and per update, signed by the admin who saved, with the version and the fields', async () => {
    const a = await create(ctx.who.admin.sb, { excerpt: 'Chapeau', image_url: 'https://img.example.test/une.webp' });
    const v2 = must(await save(colleague.sb, a, { title: 'Titre relu', content: '<p>Texte relu</p>' }), 'colleague edits');
    must(await save(ctx.who.admin.sb, v2, { status: 'draft' }), 'admin unpublishes');
    const rows = await revisions(a.id);
    expect(rows.map((r) => [r.version, r.editor_id, r.title, r.status])).toEqual([
      [1, ctx.who.admin.userId, a.title, 'published'],
      [2, colleague.userId, 'Titre relu', 'published'],
      [3, ctx.who.admin.userId, 'Titre relu', 'draft'],
    ]);
    expect(rows[0]).toMatchObject({
      slug: a.slug,
      excerpt: 'Chapeau',
      image_url: 'https://img.example.test/une.webp',
      category_id: ctx.f.category.id,
      published_at: a.published_at,
    });
    expect(rows[1]).toMatchObject({ content: '<p>Texte relu</p>', excerpt: 'Chapeau' });
    expect(rows[2].published_at).toBeNull();

    // What the history panel asks: the admin reads them with the editor's name. Revisions also
    // record the byline (author_id, another link to profiles), so the embedding names its link.
    const ambiguous = await ctx.who.admin.sb.from('article_revisions').select('version, editor:profiles(full_name)').eq('article_id', a.id);
    expect(ambiguous.error?.code, 'two links from a revision to profiles').toBe('PGRST201');
    const { data, error } = await ctx.who.admin.sb
      .from('article_revisions')
      .select('version, editor:profiles!article_revisions_editor_id_fkey(full_name)')
      .eq('article_id', a.id)
      .order('version');
    expect(error).toBeNull();
    expect(data).toEqual([
      { version: 1, editor: { full_name: 'Aminata Diallo' } },
      { version: 2, editor: { full_name: colleague.fullName } },
      { version: 3, editor: { full_name: 'Aminata Diallo' } },
    ]);
  });

  it('a save that changes nothing the history shows bumps the version but records no revision', async () => {
    const a = await create(ctx.who.admin.sb, { excerpt: 'Chapeau' });
    const same = must(
      await save(ctx.who.admin.sb, a, { title: a.title, excerpt: 'Chapeau', status: 'published', published_at: a.published_at }),
      'save unchanged',
    );
    expect(same.version).toBe(2);
    expect((await revisions(a.id)).map((r) => r.version)).toEqual([1]);
    // The next real change is recorded with the version it made.
    must(await save(ctx.who.admin.sb, same, { excerpt: 'Nouveau chapeau' }), 'change the excerpt');
    expect((await revisions(a.id)).map((r) => [r.version, r.excerpt])).toEqual([
      [1, 'Chapeau'],
      [3, 'Nouveau chapeau'],
    ]);
  });

  it('anon and the reader cannot read them, even of a published article', async () => {
    const a = await create(ctx.who.admin.sb);
    expectDenied(await ctx.who.anon.sb.from('article_revisions').select('*').eq('article_id', a.id), 'anon reads revisions');
    const reader = await ctx.who.reader.sb.from('article_revisions').select('*').eq('article_id', a.id);
    expect(reader.error).toBeNull();
    expect(reader.data, 'the reader reads revisions').toEqual([]);
    expect(
      (await ctx.who.admin.sb.from('article_revisions').select('id').eq('article_id', a.id)).data,
      'the admin does (control)',
    ).toHaveLength(1);
  });

  it.each(['anon', 'reader', 'admin'] as const)('%s cannot insert, update or delete one through the API', async (role) => {
    const a = await create(ctx.who.admin.sb);
    const sb = ctx.who[role].sb;
    const [rev] = await revisions(a.id);
    const forged = {
      article_id: a.id,
      version: 2,
      title: 'Fausse révision',
      slug: a.slug,
      content: '<p>faux</p>',
      status: 'published',
      editor_id: colleague.userId,
    };
    expectDenied(await sb.from('article_revisions').insert(forged), `${role} inserts a revision`);
    expectDenied(
      await sb.from('article_revisions').update({ title: 'Histoire réécrite', editor_id: null }).eq('id', rev.id),
      `${role} rewrites a revision`,
    );
    expectDenied(await sb.from('article_revisions').delete().eq('id', rev.id), `${role} deletes a revision`);
    expect(await revisions(a.id), 'the history is unchanged').toEqual([rev]);
  });

  it('they go with their article', async () => {
    const a = await create(ctx.who.admin.sb);
    must(await save(ctx.who.admin.sb, a, { title: 'Avant suppression' }), 'edit');
    expect(await revisions(a.id)).toHaveLength(2);
    const del = await ctx.who.admin.sb.from('articles').delete({ count: 'exact' }).eq('id', a.id);
    expect(del.count).toBe(1);
    expect(await revisions(a.id)).toEqual([]);
  });
});

describe('slug history', () => {
  const readable = async (sb: SupabaseClient, slug: string) =>
    (await sb.from('article_slugs').select('article_id, articles(slug)').eq('slug', slug)).data;

  it('renaming a published article records its old slug, which anon reads with the current one', async () => {
    const a = await create(ctx.who.admin.sb);
    const renamed = must(await save(ctx.who.admin.sb, a, { title: 'Nouveau titre', slug: `nouveau-${uid()}` }), 'rename');
    expect(await oldSlugs(a.id)).toEqual([a.slug]);
    for (const role of ['anon', 'reader'] as const) {
      expect(await readable(ctx.who[role].sb, a.slug), `${role} follows the old address`).toEqual([
        { article_id: a.id, articles: { slug: renamed.slug } },
      ]);
    }
    // A second rename keeps both old addresses.
    const again = must(await save(ctx.who.admin.sb, renamed, { slug: `encore-${uid()}` }), 'rename again');
    expect(await oldSlugs(a.id)).toEqual([a.slug, renamed.slug].sort());
    expect(await readable(ctx.who.anon.sb, a.slug)).toEqual([{ article_id: a.id, articles: { slug: again.slug } }]);
    // A save that does not touch the slug records nothing.
    must(await save(ctx.who.admin.sb, again, { title: 'Sans changer d’adresse' }), 'edit');
    expect(await oldSlugs(a.id)).toHaveLength(2);
  });

  it('renaming a draft, or a scheduled article before its moment, records nothing', async () => {
    const draft = await create(ctx.who.admin.sb, { status: 'draft' });
    must(await save(ctx.who.admin.sb, draft, { slug: `brouillon-${uid()}` }), 'rename the draft');
    const scheduled = await create(ctx.who.admin.sb, { status: 'scheduled', published_at: future() });
    must(await save(ctx.who.admin.sb, scheduled, { slug: `programme-${uid()}` }), 'rename the scheduled article');
    expect(await oldSlugs(draft.id)).toEqual([]);
    expect(await oldSlugs(scheduled.id)).toEqual([]);
  });

  it('going back to an old slug keeps its row: the article answers at it again, and the detour is remembered', async () => {
    const a = await create(ctx.who.admin.sb);
    const renamed = must(await save(ctx.who.admin.sb, a, { slug: `detour-${uid()}` }), 'rename');
    const back = must(await save(ctx.who.admin.sb, renamed, { slug: a.slug }), 'rename back');
    expect(back.slug).toBe(a.slug);
    expect(await oldSlugs(a.id)).toEqual([a.slug, renamed.slug].sort());
    // The reader looks for a current article first: the slug is the article's own again.
    expect((await ctx.who.anon.sb.from('articles').select('id').eq('slug', a.slug)).data).toEqual([{ id: a.id }]);
    expect(await readable(ctx.who.anon.sb, renamed.slug)).toEqual([{ article_id: a.id, articles: { slug: a.slug } }]);
  });

  it('a draft taking a retired slug leaves the old link to its article; an article readers saw there since takes the link when renamed', async () => {
    const a = await create(ctx.who.admin.sb);
    const renamed = must(await save(ctx.who.admin.sb, a, { slug: `ailleurs-${uid()}` }), 'rename');
    const successor = await create(colleague.sb, { slug: a.slug, status: 'draft' });
    // Readers do not see the draft, so the old link still leads to the renamed article.
    expect((await ctx.who.anon.sb.from('articles').select('id').eq('slug', a.slug)).data).toEqual([]);
    expect(await readable(ctx.who.anon.sb, a.slug)).toEqual([{ article_id: a.id, articles: { slug: renamed.slug } }]);
    // The draft moves on without ever going out: the link still leads to the renamed article.
    const moved = must(await save(colleague.sb, successor, { slug: `brouillon-${uid()}` }), 'the draft is renamed');
    expect(await readable(ctx.who.anon.sb, a.slug)).toEqual([{ article_id: a.id, articles: { slug: renamed.slug } }]);
    expect(await oldSlugs(moved.id)).toEqual([]);

    // Another article goes out under the slug: readers get it there (current articles first).
    // Renamed in turn, it is the one the slug leads to: the last article readers saw there.
    const taker = await create(colleague.sb, { slug: a.slug });
    expect((await ctx.who.anon.sb.from('articles').select('id').eq('slug', a.slug)).data).toEqual([{ id: taker.id }]);
    const gone = must(await save(colleague.sb, taker, { slug: `plus-loin-${uid()}` }), 'the taker is renamed');
    expect(await readable(ctx.who.anon.sb, a.slug)).toEqual([{ article_id: taker.id, articles: { slug: gone.slug } }]);
    expect(await oldSlugs(a.id)).toEqual([]);
  });

  it('an article unpublished, renamed while hidden, then published again keeps its first link', async () => {
    const a = await create(ctx.who.admin.sb);
    const hidden = must(await save(ctx.who.admin.sb, a, { status: 'draft' }), 'unpublish');
    const renamed = must(await save(ctx.who.admin.sb, hidden, { slug: `reprise-${uid()}` }), 'rename the draft');
    expect(await oldSlugs(a.id), 'readers saw it under its first slug').toEqual([a.slug]);
    for (const role of ['anon', 'reader'] as const) expect(await readable(ctx.who[role].sb, a.slug), `${role}, while hidden`).toEqual([]);
    const again = must(await save(ctx.who.admin.sb, renamed, { status: 'published' }), 'publish again');
    for (const role of ['anon', 'reader'] as const) {
      expect(await readable(ctx.who[role].sb, a.slug), `${role}, published again`).toEqual([
        { article_id: a.id, articles: { slug: again.slug } },
      ]);
    }
    // Renamed once live: the slug it went out under again is an old address too.
    must(await save(ctx.who.admin.sb, again, { slug: `definitif-${uid()}` }), 'rename once live');
    expect(await oldSlugs(a.id)).toEqual([a.slug, renamed.slug].sort());
  });

  it('a scheduled article renamed after its moment came keeps the link it went out under; one postponed before its moment has none', async () => {
    const soon = await create(ctx.who.admin.sb, { status: 'scheduled', published_at: future(2_500) });
    const later = await create(ctx.who.admin.sb, { status: 'scheduled', published_at: future(2_500) });
    const postponed = must(await save(ctx.who.admin.sb, later, { published_at: future() }), 'postpone before its moment');
    expect(Date.now(), 'the machine was too slow to postpone before the moment').toBeLessThan(Date.parse(later.published_at!) - 200);
    await new Promise((resolve) => setTimeout(resolve, Date.parse(soon.published_at!) - Date.now() + 500));
    // Taken back to draft after its moment, then renamed while hidden.
    const hidden = must(await save(ctx.who.admin.sb, soon, { status: 'draft' }), 'unpublish after its moment');
    must(await save(ctx.who.admin.sb, hidden, { slug: `parue-${uid()}` }), 'rename');
    expect(await oldSlugs(soon.id)).toEqual([soon.slug]);
    must(await save(ctx.who.admin.sb, postponed, { slug: `repoussee-${uid()}` }), 'rename the postponed one');
    expect(await oldSlugs(later.id), 'its first moment never came').toEqual([]);
  });

  it('old slugs of an article taken back to draft or rescheduled are hidden from visitors, not from admins', async () => {
    const a = await create(ctx.who.admin.sb);
    const renamed = must(await save(ctx.who.admin.sb, a, { slug: `retire-${uid()}` }), 'rename');
    const draft = must(await save(ctx.who.admin.sb, renamed, { status: 'draft' }), 'unpublish');
    for (const role of ['anon', 'reader'] as const) expect(await readable(ctx.who[role].sb, a.slug), `${role}, draft`).toEqual([]);
    expect(await readable(ctx.who.admin.sb, a.slug), 'admin, draft').toHaveLength(1);
    must(await save(ctx.who.admin.sb, draft, { status: 'scheduled', published_at: future() }), 'reschedule');
    for (const role of ['anon', 'reader'] as const) expect(await readable(ctx.who[role].sb, a.slug), `${role}, scheduled`).toEqual([]);
  });

  it.each(['anon', 'reader', 'admin'] as const)('%s cannot write the history through the API', async (role) => {
    const a = await create(ctx.who.admin.sb);
    must(await save(ctx.who.admin.sb, a, { slug: `ecrit-${uid()}` }), 'rename');
    const sb = ctx.who[role].sb;
    const hijack = `piratage-${uid()}`;
    expectDenied(await sb.from('article_slugs').insert({ slug: hijack, article_id: a.id }), `${role} inserts an old slug`);
    expectDenied(
      await sb.from('article_slugs').update({ article_id: ctx.f.published.id }).eq('slug', a.slug),
      `${role} points an old slug elsewhere`,
    );
    expectDenied(await sb.from('article_slugs').delete().eq('slug', a.slug), `${role} deletes an old slug`);
    expect(await oldSlugs(a.id)).toEqual([a.slug]);
    expect((await svc.from('article_slugs').select('slug').eq('slug', hijack)).data).toEqual([]);
  });
});

describe('authorship', () => {
  it('another admin’s edit leaves the author as it was; the editor is in the revision', async () => {
    const a = await create(ctx.who.admin.sb);
    expect(a.author_id).toBe(ctx.who.admin.userId);
    const edited = must(await save(colleague.sb, a, { title: 'Relu par un collègue', status: 'published' }), 'colleague edits');
    expect(edited.author_id).toBe(ctx.who.admin.userId);
    expect((await revisions(a.id)).at(-1)!.editor_id).toBe(colleague.userId);
  });

  it('an admin re-signs an article with a colleague’s name: a revision records the new byline', async () => {
    const a = await create(ctx.who.admin.sb);
    const resigned = must(await save(ctx.who.admin.sb, a, { author_id: colleague.userId }), 'admin re-signs');
    expect(resigned).toMatchObject({ author_id: colleague.userId, version: 2 });
    expect((await revisions(a.id)).map((r) => [r.version, r.editor_id, r.author_id])).toEqual([
      [1, ctx.who.admin.userId, ctx.who.admin.userId],
      [2, ctx.who.admin.userId, colleague.userId],
    ]);
    // No byline at all is not a byline: refused like a reader's name.
    const none = await save(ctx.who.admin.sb, resigned, { author_id: null });
    expectDenied(none, 'an admin clears author_id', '23514');
    expect(none.error!.details).toBe('author_not_newsroom');
    expect(await stored(a.id)).toMatchObject({ author_id: colleague.userId, version: 2 });
  });

  it('an author’s account deleted: the article stays, unsigned, and so does its history', async () => {
    const leaving = await newAdmin('Pigiste de passage');
    const a = await create(leaving.sb);
    must(await save(leaving.sb, a, { title: 'Dernier papier' }), 'edit');
    expect((await svc.auth.admin.deleteUser(leaving.userId)).error).toBeNull();
    expect(await stored(a.id)).toMatchObject({ author_id: null, title: 'Dernier papier', version: 3 });
    // Unsigning the article (version 3) changes nothing the history shows: no revision of its own.
    expect((await revisions(a.id)).map((r) => [r.version, r.editor_id])).toEqual([
      [1, null],
      [2, null],
    ]);
  });

  it('an article is created in its creator’s name unless an admin signs it with a colleague’s', async () => {
    expect((await create(colleague.sb)).author_id).toBe(colleague.userId);
    const signed = must(
      await colleague.sb
        .from('articles')
        .insert({ slug: `flux-${uid()}`, title: 'Au nom d’une autre', content: '<p>x</p>', author_id: ctx.who.admin.userId })
        .select('author_id')
        .single(),
      'an admin creates an article in another admin’s name',
    );
    expect(signed.author_id).toBe(ctx.who.admin.userId);
  });
});

describe('corrections', () => {
  // The columns every API role reads; author_id is the administrators', through correction_authors.
  const correct = (sb: SupabaseClient, row: Record<string, unknown>) =>
    sb.from('article_corrections').insert(row).select('id, article_id, note, corrected_at').single();
  const authorOf = async (c: { id: string; article_id: string }) =>
    must(await ctx.who.admin.sb.rpc('correction_authors', { p_article_id: c.article_id }), 'correction authors').find(
      (r: { id: string; author_id: string | null }) => r.id === c.id,
    )?.author_id;
  const notes = async (id: string) => (await svc.from('article_corrections').select('note').eq('article_id', id)).data!.map((r) => r.note);

  it('an admin adds one to a public article, stamped with its own account and the time', async () => {
    const a = await create(colleague.sb);
    const started = Date.now();
    const res = await correct(ctx.who.admin.sb, {
      article_id: a.id,
      note: 'Une première version de cet article comportait une erreur de date.',
    });
    expect(res.error).toBeNull();
    expect(res.data).toMatchObject({ article_id: a.id });
    expect(await authorOf(res.data!)).toBe(ctx.who.admin.userId);
    expect(Date.parse(res.data!.corrected_at)).toBeGreaterThanOrEqual(started - 1000);
    // A past date is accepted (a correction noted after the fact).
    const past = await correct(ctx.who.admin.sb, {
      article_id: a.id,
      note: 'Précision apportée hier.',
      corrected_at: new Date(Date.now() - 86_400_000).toISOString(),
    });
    expect(past.error).toBeNull();
  });

  it('it cannot carry another author', async () => {
    const a = await create(ctx.who.admin.sb);
    expectDenied(
      await correct(ctx.who.admin.sb, { article_id: a.id, note: 'Signée par un autre', author_id: colleague.userId }),
      'admin sets author_id',
    );
    expect(await notes(a.id)).toEqual([]);
  });

  it('refused on a draft, on a scheduled article before its moment, and dated in the future', async () => {
    const draft = await create(ctx.who.admin.sb, { status: 'draft' });
    const scheduled = await create(ctx.who.admin.sb, { status: 'scheduled', published_at: future() });
    const live = await create(ctx.who.admin.sb);
    expectDenied(await correct(ctx.who.admin.sb, { article_id: draft.id, note: 'Sur un brouillon' }), 'correction of a draft');
    expectDenied(
      await correct(ctx.who.admin.sb, { article_id: scheduled.id, note: 'Avant parution' }),
      'correction of a scheduled article',
    );
    expectDenied(
      await correct(ctx.who.admin.sb, { article_id: live.id, note: 'Datée de demain', corrected_at: future(86_400_000) }),
      'correction dated tomorrow',
    );
    for (const a of [draft, scheduled, live]) expect(await notes(a.id)).toEqual([]);
  });

  it('the note must say something, in at most 2,000 characters', async () => {
    const a = await create(ctx.who.admin.sb);
    expect((await correct(ctx.who.admin.sb, { article_id: a.id, note: '   ' })).error?.code).toBe('23514');
    expect((await correct(ctx.who.admin.sb, { article_id: a.id, note: 'x'.repeat(2001) })).error?.code).toBe('23514');
    expect((await correct(ctx.who.admin.sb, { article_id: a.id, note: 'x'.repeat(2000) })).error).toBeNull();
  });

  it('visitors read the corrections of public articles only', async () => {
    const a = await create(ctx.who.admin.sb);
    const c = must(await correct(ctx.who.admin.sb, { article_id: a.id, note: 'Le chiffre exact est 12 %.' }), 'correction');
    for (const role of ['anon', 'reader'] as const) {
      const { data } = await ctx.who[role].sb.from('article_corrections').select('id, note, corrected_at').eq('article_id', a.id);
      expect(data, `${role} reads the correction`).toEqual([{ id: c.id, note: c.note, corrected_at: c.corrected_at }]);
    }
    must(await save(ctx.who.admin.sb, a, { status: 'draft' }), 'unpublish');
    for (const role of ['anon', 'reader'] as const) {
      expect(
        (await ctx.who[role].sb.from('article_corrections').select('id').eq('article_id', a.id)).data,
        `${role}, once a draft`,
      ).toEqual([]);
    }
    expect((await ctx.who.admin.sb.from('article_corrections').select('id').eq('article_id', a.id)).data, 'admin, once a draft').toEqual([
      { id: c.id },
    ]);
  });

  it('a reader cannot add, edit or delete one', async () => {
    const a = await create(ctx.who.admin.sb);
    const c = must(await correct(ctx.who.admin.sb, { article_id: a.id, note: 'Note authentique' }), 'correction');
    const reader = ctx.who.reader.sb;
    expectDenied(await correct(reader, { article_id: a.id, note: 'Fausse correction' }), 'reader adds a correction');
    const upd = await reader.from('article_corrections').update({ note: 'Note falsifiée' }, { count: 'exact' }).eq('id', c.id);
    expect([upd.error, upd.count]).toEqual([null, 0]);
    const del = await reader.from('article_corrections').delete({ count: 'exact' }).eq('id', c.id);
    expect([del.error, del.count]).toEqual([null, 0]);
    expect(await notes(a.id)).toEqual(['Note authentique']);
  });

  it('an admin edits and deletes one, but neither moves it to another article nor dates it in the future', async () => {
    const a = await create(ctx.who.admin.sb);
    const c = must(await correct(ctx.who.admin.sb, { article_id: a.id, note: 'Premier jet' }), 'correction');
    const edited = await colleague.sb
      .from('article_corrections')
      .update({ note: 'Note reformulée' })
      .eq('id', c.id)
      .select('note')
      .single();
    expect(edited.data).toEqual({ note: 'Note reformulée' });
    expect(await authorOf(c), 'the author stays who wrote it').toBe(ctx.who.admin.userId);
    expectDenied(
      await ctx.who.admin.sb.from('article_corrections').update({ article_id: ctx.f.published.id }).eq('id', c.id),
      'admin moves a correction',
    );
    expectDenied(
      await ctx.who.admin.sb
        .from('article_corrections')
        .update({ corrected_at: future(86_400_000) })
        .eq('id', c.id),
      'admin dates it tomorrow',
    );
    expect(await notes(a.id)).toEqual(['Note reformulée']);
    const del = await ctx.who.admin.sb.from('article_corrections').delete({ count: 'exact' }).eq('id', c.id);
    expect(del.count).toBe(1);
    expect(await notes(a.id)).toEqual([]);
  });

  it('they go with their article', async () => {
    const a = await create(ctx.who.admin.sb);
    must(await correct(ctx.who.admin.sb, { article_id: a.id, note: 'Bientôt supprimée' }), 'correction');
    must(await ctx.who.admin.sb.from('articles').delete().eq('id', a.id).select('id'), 'delete');
    expect(await notes(a.id)).toEqual([]);
  });
});

describe('dashboard_stats', () => {
  /** The same figures counted independently, as the service role. */
  async function expected() {
    const { data } = await svc.from('articles').select('status, published_at');
    const now = Date.now();
    const live = (r: { status: string; published_at: string | null }) =>
      r.status !== 'draft' && r.published_at !== null && Date.parse(r.published_at) <= now;
    return {
      total_articles: data!.length,
      published: data!.filter(live).length,
      scheduled: data!.filter((r) => r.status === 'scheduled' && !live(r)).length,
      drafts: data!.filter((r) => r.status === 'draft').length,
    };
  }
  const stats = async () => must(await ctx.who.admin.sb.rpc('dashboard_stats'), 'dashboard_stats') as Record<string, number>;

  it('counts scheduled articles apart until their moment; then they count as published', async () => {
    const before = await stats();
    expect(before).toMatchObject(await expected());
    await create(ctx.who.admin.sb, { status: 'scheduled', published_at: future() });
    await create(ctx.who.admin.sb, { status: 'scheduled', published_at: new Date(Date.now() - 60_000).toISOString() });
    await create(ctx.who.admin.sb, { status: 'draft' });
    const after = await stats();
    expect(after).toMatchObject(await expected());
    expect(after).toMatchObject({
      total_articles: before.total_articles + 3,
      scheduled: before.scheduled + 1,
      published: before.published + 1,
      drafts: before.drafts + 1,
    });
  });

  it('analytics_summary counts a category active once its scheduled article is live, not before', async () => {
    const active = async () =>
      (must(await ctx.who.admin.sb.rpc('analytics_summary', { p_days: 7 }), 'analytics_summary') as { active_categories: number })
        .active_categories;
    const category = async (name: string) => {
      const token = uid();
      const c = must(
        await ctx.who.admin.sb
          .from('categories')
          .insert({ name: `${name} ${token}`, slug: `${name.toLowerCase()}-${token}` })
          .select('id')
          .single(),
        'category',
      );
      categories.push(c.id);
      return c.id;
    };
    const before = await active();
    await create(ctx.who.admin.sb, {
      status: 'scheduled',
      published_at: new Date(Date.now() - 60_000).toISOString(),
      category_id: await category('Parue'),
    });
    await create(ctx.who.admin.sb, { status: 'scheduled', published_at: future(), category_id: await category('Attendue') });
    expect(await active()).toBe(before + 1);
  });
});
