import { afterEach, describe, expect, it } from 'vitest';
import { serviceClient, signedUpClient } from '@afriqueactu/supabase-local/testing';
import { escapeLike, foldForSearch } from '../../src/lib/searchPattern.ts';
import { publishAsService, removeWritten, save, stored, tryWrite, write, type DeskArticle } from './desk.ts';
import { expectDenied, must, newJournalist, signInColleague, uid, withFixtures } from './helpers.ts';

// The rules of the writing desk the database keeps whoever calls: bylines among the newsroom,
// images that say what they show before an article goes out, author pages' addresses, each
// person's kept drafts, the accounts screen, French titles and the dashboard's « À relire ».

const ctx = withFixtures();
const svc = serviceClient();
afterEach(removeWritten);

const imageUrl = () => `https://img.example.test/${uid()}.webp`;
const addImage = (articleId: string, facts: Record<string, unknown> = {}) =>
  ctx.who.admin.sb
    .from('article_images')
    .insert({ article_id: articleId, image_url: imageUrl(), ...facts })
    .select('*')
    .single();
const expectRule = (res: { error: { code?: string; details?: string | null; message: string } | null }, what: string, detail: string) => {
  expectDenied(res, what, '23514');
  expect(res.error!.details, what).toBe(detail);
};

describe('the byline, chosen among the newsroom', () => {
  it('an administrator signs a new article, then re-signs it, with a journalist’s or a colleague’s name', async () => {
    const colleague = await signInColleague();
    const a = await write(ctx.who.admin.sb, ctx.f.category.id, { author_id: ctx.who.journalist.userId });
    expect(a.author_id).toBe(ctx.who.journalist.userId);
    const resigned = must(await save(ctx.who.admin.sb, a, { author_id: colleague.userId }), 're-sign') as DeskArticle;
    expect(resigned).toMatchObject({ author_id: colleague.userId, version: 2 });
    const { data } = await svc.from('article_revisions').select('version, author_id').eq('article_id', a.id).order('version');
    expect(data).toEqual([
      { version: 1, author_id: ctx.who.journalist.userId },
      { version: 2, author_id: colleague.userId },
    ]);
  });

  it('a reader’s name is refused (23514 author_not_newsroom), on insert and on update; the article stays as it was', async () => {
    expectRule(
      await tryWrite(ctx.who.admin.sb, ctx.f.category.id, { author_id: ctx.who.reader.userId }),
      'insert as the reader',
      'author_not_newsroom',
    );
    const a = await write(ctx.who.admin.sb, ctx.f.category.id);
    expectRule(await save(ctx.who.admin.sb, a, { author_id: ctx.who.reader.userId }), 'update to the reader', 'author_not_newsroom');
    expect(await stored(a.id)).toEqual(a);
  });

  it('a journalist demoted to reader can no longer be chosen', async () => {
    const leaving = await newJournalist('Pigiste sortant');
    const a = await write(ctx.who.admin.sb, ctx.f.category.id, { author_id: leaving.userId });
    await svc.from('user_roles').delete().eq('user_id', leaving.userId);
    const other = await write(ctx.who.admin.sb, ctx.f.category.id);
    expectRule(await save(ctx.who.admin.sb, other, { author_id: leaving.userId }), 'sign as a former journalist', 'author_not_newsroom');
    // The articles already signed keep their byline and stay editable.
    expect(must(await save(ctx.who.admin.sb, a, { title: 'Toujours signé' }), 'edit')).toMatchObject({ author_id: leaving.userId });
  });
});

describe('images say what they show before an article goes out', () => {
  it.each(['published', 'scheduled'] as const)(
    'an image without alternative text is refused on a %s article; with one it is added',
    async (status) => {
      const a = await write(ctx.who.admin.sb, ctx.f.category.id, { status, published_at: new Date(Date.now() + 3_600_000).toISOString() });
      for (const alt of [undefined, '', '   ', '\t\n', '\u00a0']) {
        expectRule(
          await addImage(a.id, alt === undefined ? {} : { alt_text: alt }),
          `image with alt ${JSON.stringify(alt)}`,
          'alt_text_required',
        );
      }
      const ok = must(await addImage(a.id, { alt_text: '  Des pêcheurs à Saint-Louis  ' }), 'described image');
      expect(ok.alt_text).toBe('Des pêcheurs à Saint-Louis');
      // Nor may the text be taken away while it is out.
      for (const alt of [null, ' ']) {
        const res = await ctx.who.admin.sb.from('article_images').update({ alt_text: alt }).eq('id', ok.id);
        expectRule(res, `clearing the alt text (${JSON.stringify(alt)})`, 'alt_text_required');
      }
      expect((await svc.from('article_images').select('alt_text').eq('id', ok.id).single()).data).toEqual({
        alt_text: 'Des pêcheurs à Saint-Louis',
      });
    },
  );

  it('a draft or an article under review may hold undescribed images for now', async () => {
    for (const status of ['draft', 'review']) {
      const a = await write(ctx.who.admin.sb, ctx.f.category.id, { status });
      expect((await addImage(a.id)).error, status).toBeNull();
    }
  });

  it.each([
    ['publishing', { status: 'published' }],
    ['scheduling', { status: 'scheduled', published_at: new Date(Date.now() + 86_400_000).toISOString() }],
  ] as const)('%s an article with an undescribed image is refused until it is described', async (_what, changes) => {
    const a = await write(ctx.who.admin.sb, ctx.f.category.id, { status: 'review' });
    const described = must(await addImage(a.id, { alt_text: 'Une carte du Sahel' }), 'first image');
    const bare = must(await addImage(a.id), 'second image');
    expect(described.id).not.toBe(bare.id);
    expectRule(await save(ctx.who.admin.sb, a, changes), 'going out with an undescribed image', 'alt_text_required');
    expect(await stored(a.id), 'still under review, same version').toEqual(a);
    // The editor saves the image facts first, then the article.
    must(
      await ctx.who.admin.sb.from('article_images').update({ alt_text: 'Un graphique des prix' }).eq('id', bare.id).select('id').single(),
      'describe',
    );
    expect(must(await save(ctx.who.admin.sb, a, changes), 'goes out')).toMatchObject({ status: changes.status });
  });

  it('caption, credit and alternative text have limits, and blanks are stored as none', async () => {
    const a = await write(ctx.who.admin.sb, ctx.f.category.id);
    for (const [column, max] of [
      ['caption', 300],
      ['credit', 120],
      ['alt_text', 250],
    ] as const) {
      expect((await addImage(a.id, { [column]: 'é'.repeat(max) })).error, `${column} of ${max}`).toBeNull();
      expectDenied(await addImage(a.id, { [column]: 'é'.repeat(max + 1) }), `${column} of ${max + 1}`, '23514');
    }
    expectDenied(await addImage(a.id, { position: -1 }), 'a negative position', '23514');
    const blank = must(await addImage(a.id, { caption: ' \n', credit: '\u202f', alt_text: '\t' }), 'blank facts');
    expect(blank).toMatchObject({ caption: null, credit: null, alt_text: null, position: 0 });
  });

  it('articles.image_alt is the main image’s alternative text, for whoever may see the article', async () => {
    const a = await write(ctx.who.admin.sb, ctx.f.category.id);
    const main = must(await addImage(a.id, { alt_text: 'Le port de Dakar', position: 1 }), 'main');
    must(await addImage(a.id, { alt_text: 'Une autre vue', position: 0 }), 'other');
    must(await save(ctx.who.admin.sb, a, { image_url: main.image_url, status: 'published' }), 'publish');
    const read = async (who: 'anon' | 'admin') =>
      (await ctx.who[who].sb.from('articles').select('id, image_alt').eq('id', a.id).single()).data;
    expect(await read('anon')).toEqual({ id: a.id, image_alt: 'Le port de Dakar' });
    expect(await read('admin')).toEqual({ id: a.id, image_alt: 'Le port de Dakar' });
    // Without a main image, none.
    const bare = await write(ctx.who.admin.sb, ctx.f.category.id);
    expect((await ctx.who.admin.sb.from('articles').select('image_alt').eq('id', bare.id).single()).data).toEqual({ image_alt: null });
  });
});

describe('author pages', () => {
  const slugOf = async (userId: string) =>
    (await svc.from('profiles').select('slug').eq('user_id', userId).single()).data!.slug as string | null;

  it('the slug follows the name without accents or punctuation; the same name gets -2, then -3', async () => {
    const token = uid();
    const first = await signedUpClient(`Éloïse N’Diaye-Koné ${token}`);
    expect(await slugOf(first.userId)).toBe(`eloise-n-diaye-kone-${token}`);
    const second = await signedUpClient(`ÉLOÏSE n’diaye koné ${token}`);
    expect(await slugOf(second.userId)).toBe(`eloise-n-diaye-kone-${token}-2`);
    const third = await signedUpClient(`Eloise N Diaye Kone ${token}`);
    expect(await slugOf(third.userId)).toBe(`eloise-n-diaye-kone-${token}-3`);
  });

  it('the slug is made once and kept: a rename, a cleared name or one with no Latin letter keep it (shared links keep working)', async () => {
    const token = uid();
    const me = await signedUpClient(`Awa Ndiaye ${token}`);
    const rename = (full_name: string | null) =>
      me.sb.from('profiles').update({ full_name }).eq('user_id', me.userId).select('full_name, slug').single();
    const kept = `awa-ndiaye-${token}`;
    expect((await rename(`Awa Ndiaye Sarr ${token}`)).data).toEqual({ full_name: `Awa Ndiaye Sarr ${token}`, slug: kept });
    expect((await rename(null)).data).toEqual({ full_name: null, slug: kept });
    expect((await rename('عائشة')).data).toEqual({ full_name: 'عائشة', slug: kept });
    // The old name's slug stays hers; the new one was never taken.
    expect(await slugOf((await signedUpClient(`Awa Ndiaye ${token}`)).userId)).toBe(`${kept}-2`);
    expect(await slugOf((await signedUpClient(`Awa Ndiaye Sarr ${token}`)).userId)).toBe(`awa-ndiaye-sarr-${token}`);
    // A slug is the database's to give (not in the column grants).
    expectDenied(await me.sb.from('profiles').update({ slug: 'redaction' }).eq('user_id', me.userId), 'a user chooses a slug');
  });

  it('a profile without a slug gets one the first time it has a name that makes one, then keeps it', async () => {
    const token = uid();
    const me = await signedUpClient('عائشة');
    expect(await slugOf(me.userId), 'no Latin letter, no slug').toBeNull();
    const rename = (full_name: string) => me.sb.from('profiles').update({ full_name }).eq('user_id', me.userId).select('slug').single();
    // Folded as the searches fold: accents dropped, ligatures spelt out.
    expect((await rename(`Lætitia Cœurdacier ${token}`)).data).toEqual({ slug: `laetitia-coeurdacier-${token}` });
    expect((await rename(`Lætitia Diallo ${token}`)).data).toEqual({ slug: `laetitia-coeurdacier-${token}` });
  });

  it('bylines lists an author with a public article, with slug and bio; a journalist with only drafts is not there', async () => {
    const j = await newJournalist(`Ibrahim Keïta ${uid()}`);
    must(await j.sb.from('profiles').update({ bio: 'Correspondant à Niamey.' }).eq('user_id', j.userId).select('id').single(), 'bio');
    const a = await write(j.sb, ctx.f.category.id, { status: 'review' });
    const bylines = async () => (await ctx.who.anon.sb.from('bylines').select('*').eq('user_id', j.userId)).data!;
    expect(await bylines()).toEqual([]);
    await publishAsService(a.id);
    const [b] = await bylines();
    expect(b).toEqual({
      id: expect.any(String),
      user_id: j.userId,
      full_name: expect.stringMatching(/^Ibrahim Keïta /),
      avatar_url: null,
      slug: expect.stringMatching(/^ibrahim-keita-[a-z]+$/),
      bio: 'Correspondant à Niamey.',
    });
    // An author page is found by its slug.
    expect((await ctx.who.anon.sb.from('bylines').select('user_id').eq('slug', b.slug)).data).toEqual([{ user_id: j.userId }]);
  });
});

describe('drafts kept on the server', () => {
  it('each person keeps their own for the same article, and sees only their own', async () => {
    const colleague = await signInColleague();
    const a = await write(ctx.who.admin.sb, ctx.f.category.id);
    const keep = (sb: typeof colleague.sb, title: string) =>
      sb
        .from('article_drafts')
        .upsert({ article_id: a.id, base_version: 1, data: { title } }, { onConflict: 'article_id,user_id' })
        .select('user_id');
    expect((await keep(ctx.who.admin.sb, 'Version de la rédactrice en chef')).error).toBeNull();
    expect((await keep(colleague.sb, 'Version du collègue')).error).toBeNull();
    const mine = await ctx.who.admin.sb.from('article_drafts').select('user_id, data').eq('article_id', a.id);
    expect(mine.data).toEqual([{ user_id: ctx.who.admin.userId, data: { title: 'Version de la rédactrice en chef' } }]);
    const theirs = await colleague.sb.from('article_drafts').select('user_id, data').eq('article_id', a.id);
    expect(theirs.data).toEqual([{ user_id: colleague.userId, data: { title: 'Version du collègue' } }]);
    // Deleting the article drops them all.
    must(await ctx.who.admin.sb.from('articles').delete().eq('id', a.id).select('id').single(), 'delete');
    expect((await svc.from('article_drafts').select('user_id').eq('article_id', a.id)).data).toEqual([]);
  });

  it('a draft is a JSON object of bounded size', async () => {
    const a = await write(ctx.who.admin.sb, ctx.f.category.id);
    const keep = (data: unknown) => ctx.who.admin.sb.from('article_drafts').insert({ article_id: a.id, base_version: 1, data });
    expectDenied(await keep(['titre']), 'an array', '23514');
    expectDenied(await keep('titre'), 'a string', '23514');
    // Incompressible text, so the stored size is the text's size.
    const noise = Array.from({ length: 460_000 }, () => String.fromCharCode(33 + Math.floor(Math.random() * 90))).join('');
    expectDenied(await keep({ content: noise }), 'a draft over the limit', '23514');
    expect((await keep({ title: 'Juste un titre' })).error).toBeNull();
  });

  it('readers keep none, and anon cannot even ask', async () => {
    expectDenied(
      await ctx.who.reader.sb.from('article_drafts').insert({ article_id: ctx.f.published.id, base_version: 1, data: {} }),
      'reader',
    );
    expectDenied(await ctx.who.anon.sb.from('article_drafts').select('*'), 'anon reads drafts');
  });
});

describe('the accounts screen', () => {
  interface Account {
    user_id: string;
    email: string;
    full_name: string | null;
    roles: string[];
    search_key: string;
  }

  it('an administrator reads every account with its e-mail and roles', async () => {
    const { data, error } = await ctx.who.admin.sb
      .from('accounts')
      .select('user_id, email, full_name, roles, search_key')
      .order('full_name');
    expect(error, `accounts: ${error?.message}`).toBeNull();
    const byEmail = new Map((data as Account[]).map((a) => [a.email, a]));
    expect(byEmail.get('admin@afrique-actu.local')).toMatchObject({ full_name: 'Aminata Diallo', roles: ['admin'] });
    expect(byEmail.get('journaliste@afrique-actu.local')).toMatchObject({
      full_name: 'Moussa Traoré',
      roles: ['journalist'],
      search_key: 'moussa traore journaliste@afrique-actu.local',
    });
    // A reader has no role row: a client.
    expect(byEmail.get('lecteur@afrique-actu.local')).toMatchObject({ full_name: 'Kwame Mensah', roles: [] });
    const { count } = await svc.from('profiles').select('*', { count: 'exact', head: true });
    expect(data).toHaveLength(count!);
  });

  it('searches names and e-mails without accents or case, sorts and pages like a table', async () => {
    const search = (pattern: string) => ctx.who.admin.sb.from('accounts').select('email').ilike('search_key', pattern).order('email');
    expect((await search('%traore%')).data).toEqual([{ email: 'journaliste@afrique-actu.local' }]);
    expect((await search('%mensah%lecteur%')).data).toEqual([{ email: 'lecteur@afrique-actu.local' }]);
    const page = await ctx.who.admin.sb
      .from('accounts')
      .select('email', { count: 'exact' })
      .ilike('email', '%@afrique-actu.local')
      .order('email')
      .range(0, 1);
    expect(page.count).toBe(5);
    expect(page.data!.map((a) => a.email)).toEqual(['admin@afrique-actu.local', 'jeanbaptiste.mbarga@afrique-actu.local']);
  });

  it.each(['reader', 'journalist', 'anon'] as const)('%s is refused (42501)', async (who) => {
    const res = await ctx.who[who].sb.from('accounts').select('email');
    expectDenied(res, `${who} reads accounts`);
    expect(res.data).toBeNull();
  });

  it('nobody writes through it, not even an administrator', async () => {
    const res = await ctx.who.admin.sb.from('accounts').update({ email: 'pirate@example.test' }).eq('user_id', ctx.who.reader.userId);
    expect(res.error, 'admin updates accounts').not.toBeNull();
    expect((await svc.auth.admin.getUserById(ctx.who.reader.userId!)).data.user!.email).toBe('lecteur@afrique-actu.local');
  });
});

describe('titles in French', () => {
  it('title_key finds a title whatever its accents, case and ligatures; % and _ escaped match themselves', async () => {
    const token = uid();
    const titles = [
      `Sénégal : la pêche artisanale ${token}`,
      `Un cœur d’œuvre ${token}`,
      `Hausse de 50 % des prix ${token}`,
      `Le fichier mon_document ${token}`,
    ];
    const ids = [];
    for (const title of titles) ids.push((await write(ctx.who.admin.sb, ctx.f.category.id, { title })).id);
    // The search box's words, folded and escaped by the client's own rule.
    const search = async (typed: string) =>
      (
        await ctx.who.admin.sb
          .from('articles')
          .select('id')
          .ilike('title_key', `*${escapeLike(foldForSearch(typed))}*${token}*`)
      ).data!.map((r) => r.id);
    expect(await search('senegal')).toEqual([ids[0]]);
    expect(await search('SÉNÉGAL')).toEqual([ids[0]]);
    expect(await search('Peche artisanale')).toEqual([ids[0]]);
    expect(await search('coeur d’oeuvre')).toEqual([ids[1]]);
    expect(await search("CŒUR D'ŒUVRE")).toEqual([ids[1]]);
    expect(await search('50 %')).toEqual([ids[2]]);
    expect(await search('mon_document')).toEqual([ids[3]]);
    // Unescaped, % and _ would be wildcards: "fichier%document" is not in any title.
    expect(await search('fichier%document')).toEqual([]);
    expect((await ctx.who.admin.sb.from('articles').select('id').ilike('title_key', `*fichier%document*${token}*`)).data).toHaveLength(1);
  });

  it('the client folds a title exactly as the database does', async () => {
    const titles = ['Œuvres d’Ahmadou Kourouma', 'Ségou « capitale » – festival', 'Straße ÆØ ﬁn', 'Ɓiɗa ŋgoni ƴaa ɛ'];
    for (const title of titles) {
      const a = await write(ctx.who.admin.sb, ctx.f.category.id, { title });
      const { data } = await ctx.who.admin.sb.from('articles').select('title_key').eq('id', a.id).single();
      expect(data!.title_key, title).toBe(foldForSearch(title));
    }
  });

  it('readers do not get the admin list’s search key', async () => {
    expectDenied(await ctx.who.anon.sb.from('articles').select('id, title_key').limit(1), 'anon selects title_key');
  });

  it('titles and category names sort as in French (É with E, Œ as OE), not by code point', async () => {
    const token = uid();
    const words = ['Zinder', 'Œuvre', 'Écoles', 'eau', 'Abidjan', 'Éducation', 'oasis'];
    for (const w of words) await write(ctx.who.admin.sb, ctx.f.category.id, { title: `${w} ${token}` });
    const { data } = await ctx.who.admin.sb.from('articles').select('title').like('title', `% ${token}`).order('title');
    expect(data!.map((r) => r.title.split(' ')[0])).toEqual(['Abidjan', 'eau', 'Écoles', 'Éducation', 'oasis', 'Œuvre', 'Zinder']);
    const made: string[] = [];
    try {
      for (const name of ['Zone', 'Économie', 'Emploi']) {
        made.push(
          must(
            await ctx.who.admin.sb
              .from('categories')
              .insert({ name: `${name} ${token}`, slug: `${uid()}-${token}` })
              .select('id')
              .single(),
            name,
          ).id,
        );
      }
      const cats = await ctx.who.anon.sb.from('categories').select('name').like('name', `% ${token}`).order('name');
      expect(cats.data!.map((c) => c.name.split(' ')[0])).toEqual(['Économie', 'Emploi', 'Zone']);
    } finally {
      await svc.from('categories').delete().in('id', made);
    }
  });

  it('a title holds 150 characters after trimming, not 151, and not nothing', async () => {
    expect((await tryWrite(ctx.who.admin.sb, ctx.f.category.id, { title: 'é'.repeat(150) })).error).toBeNull();
    expect((await tryWrite(ctx.who.admin.sb, ctx.f.category.id, { title: `  ${'a'.repeat(150)}  ` })).error).toBeNull();
    expectDenied(await tryWrite(ctx.who.admin.sb, ctx.f.category.id, { title: 'é'.repeat(151) }), '151 characters', '23514');
    expectDenied(await tryWrite(ctx.who.admin.sb, ctx.f.category.id, { title: '   ' }), 'a blank title', '23514');
    const a = await write(ctx.who.admin.sb, ctx.f.category.id);
    const long = await save(ctx.who.admin.sb, a, { title: 'x'.repeat(151) });
    expectDenied(long, 'renamed to 151 characters', '23514');
    expect(long.error!.message).toMatch(/articles_title_check/);
  });

  it('the editor mode is rich or html', async () => {
    expect((await write(ctx.who.admin.sb, ctx.f.category.id)).editor_mode).toBe('rich');
    expectDenied(await tryWrite(ctx.who.admin.sb, ctx.f.category.id, { editor_mode: 'markdown' }), 'markdown', '23514');
  });
});

describe('« À relire »', () => {
  it('dashboard_stats counts the articles waiting for review, for the whole newsroom', async () => {
    const count = async () => (await svc.from('articles').select('*', { count: 'exact', head: true }).eq('status', 'review')).count!;
    const stats = async () => must(await ctx.who.admin.sb.rpc('dashboard_stats'), 'dashboard') as { to_review: number; drafts: number };
    const before = await stats();
    expect(before.to_review).toBe(await count());
    await write(ctx.who.journalist.sb, ctx.f.category.id, { status: 'review' });
    await write(ctx.who.admin.sb, ctx.f.category.id, { status: 'review' });
    const after = await stats();
    expect(after.to_review).toBe(before.to_review + 2);
    expect(after.drafts).toBe(before.drafts);
  });

  it('an article under review is as private as a draft: no reader sees it, its old title leaves no address behind', async () => {
    const a = await write(ctx.who.admin.sb, ctx.f.category.id, { status: 'review' });
    for (const who of ['anon', 'reader'] as const) {
      expect((await ctx.who[who].sb.from('articles').select('id').eq('id', a.id)).data, who).toEqual([]);
      expect(JSON.stringify((await ctx.who[who].sb.rpc('home_page', { p_per_category: 20 })).data)).not.toContain(a.id);
    }
    must(await save(ctx.who.admin.sb, a, { slug: `${a.slug}-bis` }), 'rename');
    expect((await svc.from('article_slugs').select('slug').eq('article_id', a.id)).data).toEqual([]);
  });
});
