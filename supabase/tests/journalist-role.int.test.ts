import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { serviceClient } from '@afriqueactu/supabase-local/testing';
import { ARTICLE, IMAGES_BUCKET, png, publishAsService, removeWritten, save, stored, write, type DeskArticle } from './desk.ts';
import { must, uid, withFixtures } from './helpers.ts';

// A journalist's day at the desk, through the API as the back office makes it: the seeded
// journalist (Moussa Traoré) writes, illustrates and sends his work for review; an administrator
// publishes it. What he may not do is attacks-journalist.int.test.ts.

const ctx = withFixtures();
const svc = serviceClient();
const journalist = () => ctx.who.journalist;
const FOLDER = `redaction-${uid()}`;

afterEach(removeWritten);
afterAll(async () => {
  const { data } = await svc.storage.from(IMAGES_BUCKET).list(FOLDER);
  if (data?.length) await svc.storage.from(IMAGES_BUCKET).remove(data.map((o) => `${FOLDER}/${o.name}`));
});

const SEEDED_REVIEW = 'b0000000-0000-4000-8000-000000000032';
const SEEDED_DRAFT = 'b0000000-0000-4000-8000-000000000033';

describe('the seeded journalist', () => {
  it('signs in as a journalist and sees his own two unpublished articles, and no one else’s', async () => {
    const { data: roles } = await journalist().sb.from('user_roles').select('role');
    expect(roles).toEqual([{ role: 'journalist' }]);
    const { data, error } = await journalist().sb.from('articles').select('id, status').in('status', ['draft', 'review']).order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: SEEDED_REVIEW, status: 'review' },
      { id: SEEDED_DRAFT, status: 'draft' },
    ]);
    // The administrators' drafts exist (the fixture's among them), out of his sight.
    const { count } = await svc.from('articles').select('*', { count: 'exact', head: true }).eq('status', 'draft');
    expect(count).toBeGreaterThan(1);
  });
});

describe('writing', () => {
  it('creates a draft, signed with his name by default, in the mode he writes in', async () => {
    const a = await write(journalist().sb, ctx.f.category.id, { editor_mode: 'html' });
    expect(a).toMatchObject({ status: 'draft', author_id: journalist().userId, published_at: null, version: 1, editor_mode: 'html' });
    // Signing it explicitly with his own name is the same.
    const own = await write(journalist().sb, ctx.f.category.id, { author_id: journalist().userId });
    expect(own.author_id).toBe(journalist().userId);
  });

  it('edits his draft, save after save, each on the version it loaded', async () => {
    const a = await write(journalist().sb, ctx.f.category.id);
    const v2 = must(await save(journalist().sb, a, { title: 'Premier jet relu', excerpt: 'Chapeau' }), 'first save') as DeskArticle;
    const v3 = must(await save(journalist().sb, v2, { content: '<p>Texte complété</p>' }), 'second save') as DeskArticle;
    expect(v3).toMatchObject({ title: 'Premier jet relu', version: 3, status: 'draft' });
  });

  it('sends it for review (« À relire »): still private, still his to edit, and counted on the dashboard', async () => {
    const before = must(await journalist().sb.rpc('dashboard_stats'), 'dashboard before') as { to_review: number };
    const a = await write(journalist().sb, ctx.f.category.id);
    // A publication date sent with it is dropped: an article under review has none.
    const sent = must(
      await save(journalist().sb, a, { status: 'review', published_at: new Date().toISOString() }),
      'send for review',
    ) as DeskArticle;
    expect(sent).toMatchObject({ status: 'review', published_at: null, version: 2 });
    expect((await ctx.who.anon.sb.from('articles').select('id').eq('id', a.id)).data, 'anon does not see it').toEqual([]);
    const after = must(await journalist().sb.rpc('dashboard_stats'), 'dashboard after') as { to_review: number };
    expect(after.to_review).toBe(before.to_review + 1);
    // Still his to polish while it waits, and to take back to draft.
    const polished = must(await save(journalist().sb, sent, { title: 'Titre affiné' }), 'edit under review') as DeskArticle;
    expect(must(await save(journalist().sb, polished, { status: 'draft' }), 'back to draft')).toMatchObject({ status: 'draft' });
  });

  it('may write an article straight into review', async () => {
    const a = await write(journalist().sb, ctx.f.category.id, { status: 'review' });
    expect(a).toMatchObject({ status: 'review', author_id: journalist().userId });
  });

  it('deletes his own draft, and his own article under review', async () => {
    for (const status of ['draft', 'review']) {
      const a = await write(journalist().sb, ctx.f.category.id, { status });
      const res = await journalist().sb.from('articles').delete({ count: 'exact' }).eq('id', a.id);
      expect(res.error, `delete own ${status}: ${res.error?.message}`).toBeNull();
      expect(res.count).toBe(1);
      expect(await stored(a.id)).toBeNull();
    }
  });

  it('reads the whole history of his articles, before and after an administrator published one', async () => {
    const a = await write(journalist().sb, ctx.f.category.id);
    const v2 = must(await save(journalist().sb, a, { title: 'Deuxième version' }), 'save') as DeskArticle;
    must(await save(journalist().sb, v2, { status: 'review' }), 'review');
    await publishAsService(a.id);
    const { data, error } = await journalist()
      .sb.from('article_revisions')
      .select('version, title, status, author_id')
      .eq('article_id', a.id)
      .order('version');
    expect(error).toBeNull();
    expect(data!.map((r) => [r.version, r.status, r.author_id])).toEqual([
      [1, 'draft', journalist().userId],
      [2, 'draft', journalist().userId],
      [3, 'review', journalist().userId],
      [4, 'published', journalist().userId],
    ]);
  });

  it('reads the dashboard figures the whole newsroom shares', async () => {
    const { data, error } = await journalist().sb.rpc('dashboard_stats');
    expect(error, `dashboard_stats: ${error?.message}`).toBeNull();
    expect(data).toMatchObject({
      total_articles: expect.any(Number),
      published: expect.any(Number),
      scheduled: expect.any(Number),
      to_review: expect.any(Number),
      drafts: expect.any(Number),
      total_views: expect.any(Number),
    });
    expect(data.daily).toHaveLength(14);
    // The same figures as the administrators'.
    expect((await ctx.who.admin.sb.rpc('dashboard_stats')).data).toEqual(data);
  });
});

describe('images', () => {
  it('uploads a file, records it on his draft with its facts, reorders, describes and removes it; overwrites none', async () => {
    const a = await write(journalist().sb, ctx.f.category.id);
    const paths = [`${FOLDER}/${a.slug}-1.png`, `${FOLDER}/${a.slug}-2.png`];
    for (const path of paths) {
      const { error } = await journalist()
        .sb.storage.from(IMAGES_BUCKET)
        .upload(path, await png(), { contentType: 'image/png' });
      expect(error, `upload ${path}: ${error?.message}`).toBeNull();
    }
    const listed = await journalist().sb.storage.from(IMAGES_BUCKET).list(FOLDER);
    expect(listed.data!.map((o) => o.name)).toEqual(expect.arrayContaining(paths.map((p) => p.split('/')[1])));
    const urls = paths.map((p) => svc.storage.from(IMAGES_BUCKET).getPublicUrl(p).data.publicUrl);

    // A draft's image may wait for its alternative text; blank facts are stored as none.
    const rows = must(
      await journalist()
        .sb.from('article_images')
        .insert([
          { article_id: a.id, image_url: urls[0], position: 0, caption: '  ', credit: 'Moussa Traoré' },
          { article_id: a.id, image_url: urls[1], position: 1, alt_text: 'Des rizières à Niono', caption: 'La récolte approche.' },
        ])
        .select('id, image_url, alt_text, caption, credit, position'),
      'record the images',
    );
    expect(rows.map((r) => [r.position, r.alt_text, r.caption, r.credit])).toEqual([
      [0, null, null, 'Moussa Traoré'],
      [1, 'Des rizières à Niono', 'La récolte approche.', null],
    ]);

    // The second becomes the first: positions swapped, described, and read back in that order.
    const [first, second] = rows;
    for (const [row, patch] of [
      [first, { position: 1, alt_text: 'Un canal d’irrigation' }],
      [second, { position: 0 }],
    ] as const) {
      const res = await journalist().sb.from('article_images').update(patch, { count: 'exact' }).eq('id', row.id);
      expect(res.error, `describe image: ${res.error?.message}`).toBeNull();
      expect(res.count).toBe(1);
    }
    const ordered = await journalist().sb.from('article_images').select('id, alt_text').eq('article_id', a.id).order('position');
    expect(ordered.data).toEqual([
      { id: second.id, alt_text: 'Des rizières à Niono' },
      { id: first.id, alt_text: 'Un canal d’irrigation' },
    ]);

    // The main image's alternative text comes with the article (cards, sharing).
    must(await save(journalist().sb, a, { image_url: urls[1] }), 'choose the main image');
    const { data: card } = await journalist().sb.from('articles').select('image_url, image_alt').eq('id', a.id).single();
    expect(card).toEqual({ image_url: urls[1], image_alt: 'Des rizières à Niono' });

    // Removing an image: its row, then his own file.
    const removed = await journalist().sb.from('article_images').delete({ count: 'exact' }).eq('id', first.id);
    expect(removed.count).toBe(1);
    const gone = await journalist().sb.storage.from(IMAGES_BUCKET).remove([paths[0]]);
    expect(gone.error).toBeNull();
    expect(gone.data).toHaveLength(1);
    expect((await svc.storage.from(IMAGES_BUCKET).download(paths[0])).data, 'the file is gone').toBeNull();
    // Overwriting is the administrators' alone (the editor stores every upload under a new name),
    // but the file his draft still shows is his to delete while the draft is his to edit.
    const replaced = await journalist()
      .sb.storage.from(IMAGES_BUCKET)
      .upload(paths[1], await png('#c0392b'), { contentType: 'image/png', upsert: true });
    expect((replaced.error as { statusCode?: string } | null)?.statusCode, 'overwrite own file').toBe('403');
    const shown = await journalist().sb.storage.from(IMAGES_BUCKET).remove([paths[1]]);
    expect(shown.data, 'delete the file his draft shows').toHaveLength(1);
  });
});

describe('a draft kept on the server', () => {
  const draftsOf = async (articleId: string) =>
    (await svc.from('article_drafts').select('user_id, base_version, data').eq('article_id', articleId)).data!;

  it('saves his unsaved form as he types (upsert), reads it back on his next visit, and drops it after saving', async () => {
    const a = await write(journalist().sb, ctx.f.category.id);
    const keep = (data: Record<string, unknown>) =>
      journalist()
        .sb.from('article_drafts')
        .upsert({ article_id: a.id, base_version: a.version, data }, { onConflict: 'article_id,user_id' })
        .select('user_id, base_version, data, saved_at')
        .single();
    const first = await keep({ title: 'Titre en cours' });
    expect(first.error, `first autosave: ${first.error?.message}`).toBeNull();
    expect(first.data).toMatchObject({ user_id: journalist().userId, base_version: 1, data: { title: 'Titre en cours' } });
    const second = await keep({ title: 'Titre en cours, suite', content: '<p>Deux paragraphes</p>' });
    expect(second.error, `second autosave (same row): ${second.error?.message}`).toBeNull();
    expect(Date.parse(second.data!.saved_at)).toBeGreaterThanOrEqual(Date.parse(first.data!.saved_at));
    expect(await draftsOf(a.id)).toEqual([
      { user_id: journalist().userId, base_version: 1, data: { title: 'Titre en cours, suite', content: '<p>Deux paragraphes</p>' } },
    ]);

    const { data: mine } = await journalist().sb.from('article_drafts').select('data').eq('article_id', a.id).single();
    expect(mine!.data.title).toBe('Titre en cours, suite');

    const dropped = await journalist().sb.from('article_drafts').delete({ count: 'exact' }).eq('article_id', a.id);
    expect(dropped.count).toBe(1);
    expect(await draftsOf(a.id)).toEqual([]);
  });
});

describe('what an administrator then does with his work', () => {
  it('an administrator reads the article under review, publishes it, and it goes out under his name', async () => {
    const a = await write(journalist().sb, ctx.f.category.id, { status: 'review' });
    const seen = await ctx.who.admin.sb.from('articles').select(ARTICLE).eq('status', 'review').eq('id', a.id).single();
    expect(seen.data).toMatchObject({ author_id: journalist().userId });
    const out = must(await save(ctx.who.admin.sb, seen.data!, { status: 'published' }), 'admin publishes') as DeskArticle;
    expect(out).toMatchObject({ status: 'published', author_id: journalist().userId });
    expect(out.published_at).not.toBeNull();
    const { data: byline } = await ctx.who.anon.sb.from('bylines').select('full_name, slug').eq('user_id', journalist().userId).single();
    expect(byline).toEqual({ full_name: 'Moussa Traoré', slug: 'moussa-traore' });
  });
});
