import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient } from '@afriqueactu/supabase-local/testing';
import { IMAGES_BUCKET, png, publishAsService, removeWritten, save, stored, tryWrite, webp, write, type DeskArticle } from './desk.ts';
import { expectDenied, must, newJournalist, uid, withFixtures, type Session } from './helpers.ts';

// What a journalist must not do, each refusal beside the legitimate use that succeeds, so a
// refusal cannot pass for a broken feature: publishing is the administrators', and so are other
// people's articles, the byline of someone else, roles, accounts, the front page and the audience.

const ctx = withFixtures();
const svc = serviceClient();
const FOLDER = `attaque-redaction-${uid()}`;
const me = () => ctx.who.journalist;
let other: Session & { userId: string };

beforeAll(async () => {
  other = await newJournalist('Fatou Sow');
});
afterEach(removeWritten);
afterAll(async () => {
  const { data } = await svc.storage.from(IMAGES_BUCKET).list(FOLDER);
  if (data?.length) await svc.storage.from(IMAGES_BUCKET).remove(data.map((o) => `${FOLDER}/${o.name}`));
});

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

describe('attack: a journalist publishes', () => {
  it.each([
    ['publish', { status: 'published' }],
    ['schedule', { status: 'scheduled', published_at: inAnHour() }],
  ] as const)('his own draft cannot %s it (42501), while sending it for review works', async (_what, changes) => {
    const a = await write(me().sb, ctx.f.category.id);
    expectDenied(await save(me().sb, a, changes), `journalist saves his draft as ${changes.status}`);
    expect(await stored(a.id)).toMatchObject({ status: 'draft', published_at: null, version: 1 });
    expect(must(await save(me().sb, a, { status: 'review' }), 'send for review')).toMatchObject({ status: 'review' });
  });

  it.each(['published', 'scheduled'] as const)('cannot create an article already %s (42501), while a draft is fine', async (status) => {
    const res = await tryWrite(me().sb, ctx.f.category.id, { status, published_at: inAnHour() });
    expectDenied(res, `journalist inserts a ${status} article`);
    expect((await tryWrite(me().sb, ctx.f.category.id, { status: 'draft' })).error).toBeNull();
  });
});

describe('attack: a journalist files under a category hidden from the editor', () => {
  // The legacy « Actualité mise à jour » (docs/product.md#categories): not offered in the editor.
  const hidden = async () =>
    must(await svc.from('categories').select('id').eq('hidden_from_editor', true).limit(1).single(), 'a hidden category').id;

  it('a new draft under it is refused (42501), under a visible one it is filed', async () => {
    const res = await tryWrite(me().sb, await hidden(), { status: 'draft' });
    expectDenied(res, 'journalist files a draft under a hidden category');
    expect((await tryWrite(me().sb, ctx.f.category.id, { status: 'draft' })).error).toBeNull();
  });

  it('moving his draft there is refused; a draft an administrator put there keeps it when he saves', async () => {
    const category = await hidden();
    const a = await write(me().sb, ctx.f.category.id);
    const moved = await save(me().sb, a, { category_id: category });
    expectDenied(moved, 'journalist moves his draft to a hidden category');
    expect(await stored(a.id, { columns: 'category_id' })).toEqual({ category_id: ctx.f.category.id });
    must(await svc.from('articles').update({ category_id: category }).eq('id', a.id).select('id').single(), 'admin files it there');
    const current = (await stored(a.id))!;
    expect(must(await save(me().sb, current, { title: 'Relu par Moussa' }), 'his save').title).toBe('Relu par Moussa');
    expect(await stored(a.id, { columns: 'category_id' })).toEqual({ category_id: category });
  });

  it('an administrator still files under it', async () => {
    expect((await tryWrite(ctx.who.admin.sb, await hidden(), { status: 'draft' })).error).toBeNull();
  });
});

describe('attack: a journalist edits articles that are not his to edit', () => {
  const untouched = async (a: DeskArticle) => expect(await stored(a.id), 'the article is as it was').toEqual(a);

  it.each([
    ['an administrator’s draft', () => write(ctx.who.admin.sb, ctx.f.category.id)],
    ['another journalist’s draft', () => write(other.sb, ctx.f.category.id)],
    ['another journalist’s article under review', () => write(other.sb, ctx.f.category.id, { status: 'review' })],
  ])('%s: not readable, not editable, not deletable (0 rows); his own draft is all three', async (_what, make) => {
    const theirs = await make();
    const mine = await write(me().sb, ctx.f.category.id);
    const read = await me().sb.from('articles').select('id').in('id', [theirs.id, mine.id]);
    expect(read.data, 'only his own').toEqual([{ id: mine.id }]);
    for (const a of [theirs, mine]) {
      const upd = await save(me().sb, a, { title: 'Réécrit par Moussa' });
      expect(upd.error).toBeNull();
      expect(upd.count, `update of ${a === mine ? 'his own' : 'theirs'}`).toBe(a === mine ? 1 : 0);
    }
    await untouched(theirs);
    const del = await me().sb.from('articles').delete({ count: 'exact' }).eq('id', theirs.id);
    expect(del.count).toBe(0);
    await untouched(theirs);
    // Nor their history, images or kept drafts.
    expect((await me().sb.from('article_revisions').select('id').eq('article_id', theirs.id)).data).toEqual([]);
    expect((await me().sb.from('article_revisions').select('id').eq('article_id', mine.id)).data).toHaveLength(2);
  });

  it('his own article once published: no longer editable, deletable or illustrated by him; an administrator still edits it', async () => {
    const a = await write(me().sb, ctx.f.category.id);
    const out = await publishAsService(a.id);
    const upd = await save(me().sb, out, { title: 'Corrigé après publication' });
    expect(upd.count, 'update of his published article').toBe(0);
    expect((await me().sb.from('articles').delete({ count: 'exact' }).eq('id', a.id)).count).toBe(0);
    expect(await stored(a.id)).toEqual(out);
    // He still reads it (his own), but adds no image to it.
    expect((await me().sb.from('articles').select('id').eq('id', a.id)).data).toEqual([{ id: a.id }]);
    expectDenied(
      await me()
        .sb.from('article_images')
        .insert({ article_id: a.id, image_url: `https://img.example.test/${uid()}.png`, alt_text: 'Une image' }),
      'journalist adds an image to his published article',
    );
    expect(must(await save(ctx.who.admin.sb, out, { title: 'Corrigé par la rédaction en chef' }), 'admin edits')).toMatchObject({
      version: out.version + 1,
    });
  });

  it('taking back an article he sent for review once an administrator scheduled it is refused', async () => {
    const a = await write(me().sb, ctx.f.category.id, { status: 'review' });
    const { data: scheduled } = await svc
      .from('articles')
      .update({ status: 'scheduled', published_at: inAnHour() })
      .eq('id', a.id)
      .select('id, version')
      .single();
    expect((await save(me().sb, scheduled!, { status: 'draft' })).count).toBe(0);
    expect(await stored(a.id)).toMatchObject({ status: 'scheduled' });
  });
});

describe('attack: a journalist signs as someone else', () => {
  it('an article in an administrator’s or a colleague’s name is refused (42501); in his own it is made', async () => {
    for (const userId of [ctx.who.admin.userId, other.userId]) {
      expectDenied(await tryWrite(me().sb, ctx.f.category.id, { author_id: userId }), `journalist signs a new article as ${userId}`);
    }
    expect((await tryWrite(me().sb, ctx.f.category.id, { author_id: me().userId })).data).toMatchObject({ author_id: me().userId });
  });

  it('re-signing his draft with a colleague’s name is refused (42501), the byline and version stay', async () => {
    const a = await write(me().sb, ctx.f.category.id);
    expectDenied(await save(me().sb, a, { author_id: other.userId }), 'journalist gives his draft to a colleague');
    expect(await stored(a.id)).toEqual(a);
    // Sending his own name again is no change.
    expect(must(await save(me().sb, a, { author_id: me().userId, title: 'Même signature' }), 'own name')).toMatchObject({
      author_id: me().userId,
    });
  });

  it('taking over a colleague’s draft (his name on it) touches nothing: he cannot see it', async () => {
    const theirs = await write(other.sb, ctx.f.category.id);
    expect((await save(me().sb, theirs, { author_id: me().userId })).count).toBe(0);
    expect(await stored(theirs.id)).toEqual(theirs);
  });
});

describe('attack: a journalist gives himself more rights', () => {
  const myRoles = async () => (await svc.from('user_roles').select('role').eq('user_id', me().userId)).data!.map((r) => r.role);

  it('cannot make himself an administrator, change or drop his role, nor name anyone; an administrator can', async () => {
    expectDenied(await me().sb.from('user_roles').insert({ user_id: me().userId, role: 'admin' }), 'journalist grants himself admin');
    const upd = await me().sb.from('user_roles').update({ role: 'admin' }, { count: 'exact' }).eq('user_id', me().userId);
    expect(upd.count).toBe(0);
    expect((await me().sb.from('user_roles').delete({ count: 'exact' }).eq('user_id', me().userId)).count).toBe(0);
    expectDenied(await me().sb.from('user_roles').insert({ user_id: other.userId, role: 'admin' }), 'journalist names a colleague admin');
    expect(await myRoles()).toEqual(['journalist']);
    // What the users screen does, as an administrator: and undone.
    const granted = must(
      await ctx.who.admin.sb.from('user_roles').insert({ user_id: other.userId, role: 'admin' }).select('id').single(),
      'admin grants',
    );
    must(await ctx.who.admin.sb.from('user_roles').delete().eq('id', granted.id).select('id').single(), 'admin revokes');
  });

  it('cannot read the accounts (e-mails and roles): 42501, as an administrator can', async () => {
    const res = await me().sb.from('accounts').select('email');
    expectDenied(res, 'journalist reads accounts');
    expect(res.data).toBeNull();
    expect((await ctx.who.admin.sb.from('accounts').select('email').eq('user_id', me().userId)).data).toEqual([
      { email: 'journaliste@afrique-actu.local' },
    ]);
  });

  it('cannot read the audience figures (analytics_summary): 42501, while the dashboard is his too', async () => {
    const res = await me().sb.rpc('analytics_summary', { p_days: 7 });
    expectDenied(res, 'journalist reads analytics_summary');
    expect(res.data).toBeNull();
    expect((await me().sb.rpc('dashboard_stats')).error).toBeNull();
    expectDenied(await me().sb.from('page_views').insert({ path: '/faux' }), 'journalist writes a page view');
  });

  it('cannot add categories or corrections, which are the administrators’', async () => {
    expectDenied(
      await me()
        .sb.from('categories')
        .insert({ name: `Rubrique ${uid()}`, slug: `rubrique-${uid()}` }),
      'journalist adds a category',
    );
    expectDenied(
      await me().sb.from('article_corrections').insert({ article_id: ctx.f.published.id, note: 'Une erreur' }),
      'journalist corrects an article',
    );
  });
});

describe('attack: a journalist and the front page', () => {
  afterEach(async () => void (await svc.from('front_page').delete().gte('rank', 1)));

  it('cannot pin, move or unpin a story (42501 / 0 rows); an administrator pins it', async () => {
    expectDenied(await me().sb.from('front_page').insert({ rank: 1, article_id: ctx.f.published.id }), 'journalist pins');
    must(
      await ctx.who.admin.sb.from('front_page').insert({ rank: 1, article_id: ctx.f.published.id }).select('rank').single(),
      'admin pins',
    );
    expect((await me().sb.from('front_page').update({ rank: 2 }, { count: 'exact' }).eq('rank', 1)).count).toBe(0);
    expect((await me().sb.from('front_page').delete({ count: 'exact' }).eq('rank', 1)).count).toBe(0);
    expect((await svc.from('front_page').select('rank, article_id')).data).toEqual([{ rank: 1, article_id: ctx.f.published.id }]);
    // He sees the pin of a public story, as every reader does.
    expect((await me().sb.from('front_page').select('rank')).data).toEqual([{ rank: 1 }]);
  });

  it('does not learn which unpublished story an administrator pinned', async () => {
    must(await ctx.who.admin.sb.from('front_page').insert({ rank: 2, article_id: ctx.f.draft.id }).select('rank').single(), 'admin pins');
    expect((await me().sb.from('front_page').select('rank, article_id')).data).toEqual([]);
  });
});

describe('attack: a journalist and other people’s unsaved drafts', () => {
  const keep = (s: Session, articleId: string, extra: Record<string, unknown> = {}) =>
    s.sb
      .from('article_drafts')
      .upsert({ article_id: articleId, base_version: 1, data: { title: 'En cours' }, ...extra }, { onConflict: 'article_id,user_id' });

  it('keeps none for an article he cannot edit (42501), but does for his own', async () => {
    expectDenied(await keep(me(), ctx.f.draft.id), 'journalist keeps a draft of the admin’s article');
    expectDenied(await keep(me(), ctx.f.published.id), 'journalist keeps a draft of a published article');
    const mine = await write(me().sb, ctx.f.category.id);
    expect((await keep(me(), mine.id)).error).toBeNull();
  });

  it('neither reads nor overwrites nor deletes an administrator’s draft of his own article', async () => {
    const mine = await write(me().sb, ctx.f.category.id, { status: 'review' });
    // The administrator reviewing it keeps notes of their own.
    expect((await keep(ctx.who.admin as Session, mine.id, { data: { title: 'Relecture de la rédactrice en chef' } })).error).toBeNull();
    expect((await me().sb.from('article_drafts').select('data').eq('article_id', mine.id)).data).toEqual([]);
    const upd = await me()
      .sb.from('article_drafts')
      .update({ data: { title: 'Écrasé' } }, { count: 'exact' })
      .eq('article_id', mine.id);
    expect(upd.count).toBe(0);
    expect((await me().sb.from('article_drafts').delete({ count: 'exact' }).eq('article_id', mine.id)).count).toBe(0);
    expectDenied(await keep(me(), mine.id, { user_id: ctx.who.admin.userId }), 'journalist writes a draft row in the admin’s name');
    const { data } = await svc.from('article_drafts').select('user_id, data').eq('article_id', mine.id);
    expect(data).toEqual([{ user_id: ctx.who.admin.userId, data: { title: 'Relecture de la rédactrice en chef' } }]);
  });

  it('cannot go on saving his own once the article is published; he may still read and discard it', async () => {
    const mine = await write(me().sb, ctx.f.category.id);
    expect((await keep(me(), mine.id)).error).toBeNull();
    await publishAsService(mine.id);
    expectDenied(await keep(me(), mine.id, { data: { title: 'Après publication' } }), 'journalist autosaves a published article');
    expect((await me().sb.from('article_drafts').select('data').eq('article_id', mine.id)).data).toEqual([{ data: { title: 'En cours' } }]);
    expect((await me().sb.from('article_drafts').delete({ count: 'exact' }).eq('article_id', mine.id)).count).toBe(1);
  });
});

describe('attack: a journalist and other people’s files', () => {
  const bucket = (s: Session | 'service') => (s === 'service' ? svc : s.sb).storage.from(IMAGES_BUCKET);

  it('overwrites no file, his own included; deletes his own upload, not a colleague’s or an administrator’s', async () => {
    const owners = { colleague: other as Session, admin: ctx.who.admin, himself: me() };
    const paths: Record<string, string> = {};
    for (const [who, s] of Object.entries(owners)) {
      paths[who] = `${FOLDER}/${who}-${uid()}.png`;
      const { error } = await bucket(s).upload(paths[who], await png('#1e8449'), { contentType: 'image/png' });
      expect(error, `${who} uploads: ${error?.message}`).toBeNull();
    }
    for (const who of ['colleague', 'admin']) {
      const over = await bucket(me()).upload(paths[who], await png('#000000'), { contentType: 'image/png', upsert: true });
      expect((over.error as { statusCode?: string } | null)?.statusCode, `journalist overwrites the ${who}’s file`).toBe('403');
      const del = await bucket(me()).remove([paths[who]]);
      expect(del.data, `journalist deletes the ${who}’s file`).toEqual([]);
      expect((await bucket('service').download(paths[who])).data, `the ${who}’s file is still there`).not.toBeNull();
    }
    // Only an administrator overwrites: the editor stores every upload under a new name.
    const own = await png('#1e8449');
    const over = await bucket(me()).upload(paths.himself, await png('#000000'), { contentType: 'image/png', upsert: true });
    expect((over.error as { statusCode?: string } | null)?.statusCode, 'journalist overwrites his own file').toBe('403');
    const kept = (await bucket('service').download(paths.himself)).data;
    expect(Buffer.from(await kept!.arrayBuffer()).equals(own), 'his file keeps its bytes').toBe(true);
    expect((await bucket(me()).remove([paths.himself])).data).toHaveLength(1);
  });

  /** A master and its 320-pixel rendition uploaded by the journalist, as the editor names them. */
  async function uploadFamily(uploader: Session) {
    const stem = `${FOLDER}/${uid()}.640x480`;
    const files = [
      [`${stem}.webp`, await webp(640, 480)],
      [`${stem}.w320.webp`, await webp(320, 240)],
    ] as const;
    for (const [path, bytes] of files) {
      const { error } = await bucket(uploader).upload(path, bytes, { contentType: 'image/webp' });
      expect(error, `upload ${path}: ${error?.message}`).toBeNull();
    }
    return { paths: files.map(([path]) => path), url: svc.storage.from(IMAGES_BUCKET).getPublicUrl(files[0][0]).data.publicUrl };
  }
  const stillThere = async (paths: string[]) => Promise.all(paths.map(async (p) => (await bucket('service').download(p)).data !== null));

  /** The ways the editor shows a file in an article: an image row, the main image, the text. */
  const SHOWN_BY: Record<string, (url: string) => { row?: Record<string, unknown>; article?: Record<string, unknown> }> = {
    'an image row': (url) => ({ row: { image_url: url, alt_text: 'Un pêcheur à Saint-Louis' } }),
    'the main image': (url) => ({ article: { image_url: url } }),
    'the text': (url) => ({ article: { content: `<p>Au port.</p><figure><img src="${url}" alt="Un pêcheur"></figure>` } }),
  };

  it.each(Object.keys(SHOWN_BY))(
    'cannot delete his own upload once an administrator published the article showing it (%s), master or rendition',
    async (where) => {
      /** A new draft of his showing the file. */
      const show = async (url: string) => {
        const a = await write(me().sb, ctx.f.category.id);
        const { row, article } = SHOWN_BY[where](url);
        if (row) {
          const res = await me()
            .sb.from('article_images')
            .insert({ article_id: a.id, ...row })
            .select('id')
            .single();
          must(res, 'record the image');
        }
        return article ? (must(await save(me().sb, a, article), 'show the image') as DeskArticle) : a;
      };
      const [kept, out] = [await uploadFamily(me()), await uploadFamily(me())];
      await show(kept.url);
      must(await save(ctx.who.admin.sb, await show(out.url), { status: 'published' }), 'an administrator publishes');

      for (const path of out.paths) {
        const del = await bucket(me()).remove([path]);
        expect(del.error, `delete ${path}: ${del.error?.message}`).toBeNull();
        expect(del.data, `journalist deletes ${path} shown by a published article`).toEqual([]);
      }
      expect(await stillThere(out.paths), 'the published article’s files are still there').toEqual([true, true]);
      // The same refusal is not a broken delete: a file his draft shows is still his to delete.
      expect((await bucket(me()).remove(kept.paths)).data, 'his draft’s files, deleted').toHaveLength(2);
      expect(await stillThere(kept.paths)).toEqual([false, false]);
      expect((await bucket(ctx.who.admin).remove(out.paths)).data, 'an administrator deletes them').toHaveLength(2);
      expect(await stillThere(out.paths)).toEqual([false, false]);
    },
  );

  it('cannot delete his own upload that a colleague’s draft shows; he may once it no longer does', async () => {
    const theirs = await write(other.sb, ctx.f.category.id);
    const family = await uploadFamily(me());
    const row = must(
      await other.sb.from('article_images').insert({ article_id: theirs.id, image_url: family.url }).select('id').single(),
      'colleague records the image',
    );
    expect((await bucket(me()).remove(family.paths)).data, 'journalist deletes a file his colleague’s draft shows').toEqual([]);
    expect(await stillThere(family.paths)).toEqual([true, true]);
    must(await other.sb.from('article_images').delete().eq('id', row.id).select('id').single(), 'colleague drops the image');
    expect((await bucket(me()).remove(family.paths)).data).toHaveLength(2);
  });

  it('cannot rewrite an image row’s file (image_url) even on his own draft; he describes it', async () => {
    const mine = await write(me().sb, ctx.f.category.id);
    const image = must(
      await me()
        .sb.from('article_images')
        .insert({ article_id: mine.id, image_url: `https://img.example.test/${uid()}.png` })
        .select('id')
        .single(),
      'journalist adds an image',
    );
    expectDenied(
      await me().sb.from('article_images').update({ image_url: 'https://evil.example.test/autre.png' }).eq('id', image.id),
      'journalist rewrites image_url',
    );
    expect(
      (await me().sb.from('article_images').update({ alt_text: 'Une digue de sacs de sable' }, { count: 'exact' }).eq('id', image.id))
        .count,
    ).toBe(1);
  });

  it('cannot describe or remove an image of someone else’s draft (0 rows)', async () => {
    const theirs = await write(other.sb, ctx.f.category.id);
    const image = must(
      await other.sb
        .from('article_images')
        .insert({ article_id: theirs.id, image_url: `https://img.example.test/${uid()}.png` })
        .select('id')
        .single(),
      'colleague adds an image',
    );
    expect((await me().sb.from('article_images').update({ caption: 'Piraté' }, { count: 'exact' }).eq('id', image.id)).count).toBe(0);
    expect((await me().sb.from('article_images').delete({ count: 'exact' }).eq('id', image.id)).count).toBe(0);
    expectDenied(
      await me()
        .sb.from('article_images')
        .insert({ article_id: theirs.id, image_url: `https://img.example.test/${uid()}.png` }),
      'journalist adds an image to a colleague’s draft',
    );
    expect((await svc.from('article_images').select('caption').eq('id', image.id).single()).data).toEqual({ caption: null });
  });
});

describe('attack: a journalist and other people’s profiles', () => {
  it('edits his own profile, not a colleague’s; sees no colleague’s private profile', async () => {
    const res = await other.sb.from('profiles').update({ bio: 'Journaliste à Dakar' }, { count: 'exact' }).eq('user_id', other.userId);
    expect(res.count).toBe(1);
    const upd = await me().sb.from('profiles').update({ bio: 'Piraté' }, { count: 'exact' }).eq('user_id', other.userId);
    expect(upd.count).toBe(0);
    expect((await me().sb.from('profiles').select('bio').eq('user_id', other.userId)).data).toEqual([]);
    expect((await svc.from('profiles').select('bio').eq('user_id', other.userId).single()).data).toEqual({ bio: 'Journaliste à Dakar' });
  });
});
