import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresDb, serviceClient } from '@afriqueactu/supabase-local/testing';
import { tagKey } from '../../src/lib/searchPattern.ts';
import { topicStripStore } from '../../src/admin/frontPage/topicStripStore.ts';
import { tagMethods } from '../../src/admin/providers/tagMethods.ts';
import { expectDenied, must, sessions, uid, type Role, type Session } from './helpers.ts';

// Countries and topics (docs/product.md#tags): the reference countries the migration gives every
// project, who may tag and manage tags, the limit per article, merging with its old address kept,
// and the purge keys a change records. The grid of who may do what to each table is rls-matrix.

const svc = serviceClient();
let who: Record<Role, Session>;
let db: pg.Client;
let category: string;
const tagsMade: string[] = [];
const articlesMade: string[] = [];

async function tag(extra: Record<string, unknown> = {}) {
  const token = uid();
  const row = must(
    await svc
      .from('tags')
      .insert({ kind: 'theme', name: `Thème ${token}`, slug: `theme-${token}`, ...extra })
      .select('id, slug, name')
      .single(),
    'service role creates a tag',
  );
  tagsMade.push(row.id);
  return row;
}

async function article(status: 'draft' | 'published', author: string | null = null) {
  const slug = `etiquettes-${uid()}`;
  const row = must(
    await svc
      .from('articles')
      .insert({
        slug,
        title: `Étiquettes ${slug}`,
        content: '<p>Texte.</p>',
        status,
        published_at: status === 'published' ? new Date(Date.now() - 60_000).toISOString() : null,
        category_id: category,
        author_id: author,
      })
      .select('id, slug')
      .single(),
    `service role creates a ${status} article`,
  );
  articlesMade.push(row.id);
  return row;
}

const reference = async (slug: string) => must(await svc.from('tags').select('id, name').eq('slug', slug).single(), slug);
const tagsOf = async (sb: Session['sb'], articleId: string) =>
  ((await sb.from('article_tags').select('tag_id').eq('article_id', articleId)).data ?? []).map((r) => r.tag_id).sort();

/** The purge rows `change` queued (as the CDN sender will read them): keys, and the slugs recorded by key. */
async function queued(change: () => PromiseLike<{ error: unknown }>) {
  const before = await db.query<{ id: string }>('select coalesce(max(id), 0) as id from private.purge_queue');
  const { error } = await change();
  if (error) throw new Error(JSON.stringify(error));
  const { rows } = await db.query<{ keys: string[]; slugs: Record<string, string[]> }>(
    'select keys, slugs from private.purge_queue where id > $1 order by id',
    [before.rows[0].id],
  );
  return rows;
}

/** The purge rows `change` queued, keys only. */
const purged = async (change: () => PromiseLike<{ error: unknown }>) => (await queued(change)).map((r) => r.keys);

beforeAll(async () => {
  who = await sessions();
  db = await postgresDb();
  category = must(await svc.from('categories').select('id').eq('slug', 'politique').single(), 'Politique').id;
});
afterAll(async () => {
  await svc.from('articles').delete().in('id', articlesMade);
  await svc.from('article_tags').delete().in('tag_id', tagsMade);
  await svc.from('tags').delete().in('id', tagsMade);
  await db.end();
});

describe('tags: the countries come from the migrations', () => {
  it('the 54 African countries by region with their ISO codes, and France, États-Unis and Chine, for anon', async () => {
    const { data, error } = await who.anon.sb.from('tags').select('name, slug, iso_code, region').eq('kind', 'pays');
    expect(error).toBeNull();
    const count = (region: string) => data!.filter((t) => t.region === region).length;
    expect(
      ['afrique-ouest', 'afrique-centrale', 'afrique-est', 'afrique-australe', 'afrique-nord'].map(count),
      'West 15, Central 9, East 14, Southern 10, North 6 (the African Union’s regions)',
    ).toEqual([15, 9, 14, 10, 6]);
    expect(data!.filter((t) => t.region?.startsWith('afrique-') && /^[A-Z]{2}$/.test(t.iso_code ?? ''))).toHaveLength(54);
    expect(data).toEqual(
      expect.arrayContaining([
        { name: 'Sénégal', slug: 'senegal', iso_code: 'SN', region: 'afrique-ouest' },
        { name: "Côte d'Ivoire", slug: 'cote-d-ivoire', iso_code: 'CI', region: 'afrique-ouest' },
        { name: 'France', slug: 'france', iso_code: 'FR', region: 'monde' },
        { name: 'États-Unis', slug: 'etats-unis', iso_code: 'US', region: 'monde' },
        { name: 'Chine', slug: 'chine', iso_code: 'CN', region: 'monde' },
      ]),
    );
  });

  it('the sample content tags its articles: « Sénégal » and « Élections » have public articles, for anon', async () => {
    for (const [slug, least] of [
      ['senegal', 3],
      ['elections', 6],
    ] as const) {
      const { data } = await who.anon.sb.from('tags').select('slug, articles!article_tags(id)').eq('slug', slug).single();
      expect(data?.articles.length, `articles tagged ${slug}`).toBeGreaterThanOrEqual(least);
    }
  });

  it('the type-ahead finds « Côte d’Ivoire » from « cote d ivoire » and « Sénégal » from « SENEGAL », accents and punctuation aside', async () => {
    for (const [typed, found] of [
      ['cote d ivoire', "Côte d'Ivoire"],
      ['Côte d’Ivoire', "Côte d'Ivoire"],
      ['SENEGAL', 'Sénégal'],
    ]) {
      const { data } = await who.journalist.sb
        .from('tags')
        .select('name')
        .ilike('name_key', `%${tagKey(typed)}%`);
      expect(data?.map((t) => t.name)).toEqual([found]);
    }
  });

  it('one tag of a kind per name however it is spelt: a second « senegal » country is refused', async () => {
    const res = await who.admin.sb.from('tags').insert({ kind: 'pays', name: 'SENEGAL', slug: `senegal-${uid()}` });
    expect(res.error?.code).toBe('23505');
  });
});

describe('tags: journalists choose, administrators manage', () => {
  it('a journalist tags their own draft with existing tags, and may neither make, rename, hide nor merge one', async () => {
    const senegal = await reference('senegal');
    const draft = await article('draft', who.journalist.userId);
    const tagged = await who.journalist.sb.from('article_tags').insert({ article_id: draft.id, tag_id: senegal.id });
    expect(tagged.error, tagged.error?.message).toBeNull();
    expect(await tagsOf(who.journalist.sb, draft.id)).toEqual([senegal.id]);

    expectDenied(
      await who.journalist.sb.from('tags').insert({ kind: 'theme', name: `Nouveau ${uid()}`, slug: `nouveau-${uid()}` }),
      'a journalist makes a tag',
    );
    const renamed = await who.journalist.sb.from('tags').update({ name: 'Sénégal piraté' }, { count: 'exact' }).eq('id', senegal.id);
    expect(renamed.count, 'a journalist renames a tag: no row changed').toBe(0);
    const other = await tag();
    expectDenied(await who.journalist.sb.rpc('merge_tags', { p_from: other.id, p_into: senegal.id }), 'a journalist merges tags');
    expect((await reference('senegal')).name).toBe('Sénégal');

    const removed = await who.journalist.sb
      .from('article_tags')
      .delete({ count: 'exact' })
      .eq('article_id', draft.id)
      .eq('tag_id', senegal.id);
    expect(removed.count, 'a journalist removes a tag from their draft').toBe(1);
  });

  it('the editor’s type-ahead saves a swap of tags at once (removals first), and the back office merges through merge_tags', async () => {
    const draft = await article('draft', who.journalist.userId);
    const mine = tagMethods(who.journalist.sb);
    const north = must(await svc.from('tags').select('id').eq('region', 'afrique-nord').order('slug'), 'north').map((t) => t.id);
    const west = must(await svc.from('tags').select('id').eq('region', 'afrique-ouest').order('slug').limit(3), 'west').map((t) => t.id);
    await mine.changeArticleTags(draft.id, { add: [...north, ...west.slice(0, 2)], remove: [] });
    expect(await mine.articleTags(draft.id)).toHaveLength(8);
    await mine.changeArticleTags(draft.id, { add: [west[2]], remove: [north[0]] });
    expect((await mine.articleTags(draft.id)).sort()).toEqual([...north.slice(1), ...west].sort());
    await expect(mine.mergeTags(north[1], north[2])).rejects.toMatchObject({ code: '42501' });
    const [from, into] = [await tag(), await tag()];
    expect(await tagMethods(who.admin.sb).mergeTags(from.id, into.id)).toBe(0);
  });

  it('a journalist may not choose a hidden tag, nor tag a colleague’s article; an administrator may do both', async () => {
    const hidden = await tag({ hidden: true });
    const mine = await article('draft', who.journalist.userId);
    expectDenied(
      await who.journalist.sb.from('article_tags').insert({ article_id: mine.id, tag_id: hidden.id }),
      'a journalist chooses a hidden tag',
    );
    const theirs = await article('draft');
    const mali = await reference('mali');
    expectDenied(
      await who.journalist.sb.from('article_tags').insert({ article_id: theirs.id, tag_id: mali.id }),
      'a journalist tags a colleague’s article',
    );
    expectDenied(await who.reader.sb.from('article_tags').insert({ article_id: theirs.id, tag_id: mali.id }), 'a reader tags an article');

    expect((await who.admin.sb.from('article_tags').insert({ article_id: mine.id, tag_id: hidden.id })).error).toBeNull();
    expect((await who.admin.sb.from('article_tags').insert({ article_id: theirs.id, tag_id: mali.id })).error).toBeNull();
    expect(await tagsOf(who.admin.sb, theirs.id)).toEqual([mali.id]);
  });

  it('an administrator makes, renames, describes and hides a tag; its slug stays the one it was made with', async () => {
    const slug = `elections-${uid()}`;
    const made = must(
      await who.admin.sb
        .from('tags')
        .insert({ kind: 'theme', name: `Élections ${slug}`, slug })
        .select('id')
        .single(),
      'an administrator makes a tag',
    );
    tagsMade.push(made.id);
    const edit = await who.admin.sb
      .from('tags')
      .update({ name: `Élections au Sénégal ${slug}`, description: 'La présidentielle et les législatives.', hidden: true })
      .eq('id', made.id)
      .select('name, description, hidden, slug')
      .single();
    expect(edit.data).toEqual({
      name: `Élections au Sénégal ${slug}`,
      description: 'La présidentielle et les législatives.',
      hidden: true,
      slug,
    });
    expectDenied(
      await who.admin.sb
        .from('tags')
        .update({ slug: `autre-${slug}` })
        .eq('id', made.id),
      'an administrator changes a slug',
    );
    expect((await who.anon.sb.from('tags').select('id').eq('id', made.id)).data, 'a hidden tag is gone for readers').toEqual([]);
    expect((await who.journalist.sb.from('tags').select('id').eq('id', made.id)).data, 'the newsroom still sees it').toEqual([
      { id: made.id },
    ]);
  });

  it('readers see the tags of public articles only, and a tag on articles cannot be deleted (merge or hide it)', async () => {
    const mali = await reference('mali');
    const published = await article('published');
    const draft = await article('draft');
    await svc.from('article_tags').insert([
      { article_id: published.id, tag_id: mali.id },
      { article_id: draft.id, tag_id: mali.id },
    ]);
    expect(await tagsOf(who.anon.sb, published.id)).toEqual([mali.id]);
    expect(await tagsOf(who.anon.sb, draft.id)).toEqual([]);
    const theme = await tag();
    await svc.from('article_tags').insert({ article_id: published.id, tag_id: theme.id });
    const gone = await who.admin.sb.from('tags').delete().eq('id', theme.id);
    expect(gone.error?.code).toBe('23503');
  });

  it('a tag row follows its article: hidden while a draft (but from its author and the administrators), shown once published, waiting when scheduled later, gone when withdrawn; nobody writes its moment', async () => {
    const mali = await reference('mali');
    const draft = await article('draft', who.journalist.userId);
    const forged = await who.journalist.sb
      .from('article_tags')
      .insert({ article_id: draft.id, tag_id: mali.id, public_at: '2000-01-01T00:00:00Z' });
    expect(forged.error?.code).toBe('42501');
    expect((await who.journalist.sb.from('article_tags').insert({ article_id: draft.id, tag_id: mali.id })).error).toBeNull();
    const moment = async () =>
      must(await svc.from('article_tags').select('public_at').eq('article_id', draft.id).single(), 'row').public_at;
    const seen = async () => ({
      anon: await tagsOf(who.anon.sb, draft.id),
      reader: await tagsOf(who.reader.sb, draft.id),
      journalist: await tagsOf(who.journalist.sb, draft.id),
      admin: await tagsOf(who.admin.sb, draft.id),
    });
    expect(await moment()).toBeNull();
    expect(await seen()).toEqual({ anon: [], reader: [], journalist: [mali.id], admin: [mali.id] });

    const at = new Date(Date.now() - 60_000).toISOString();
    must(await svc.from('articles').update({ status: 'published', published_at: at }).eq('id', draft.id).select('id'), 'publish');
    expect(Date.parse((await moment())!)).toBe(Date.parse(at));
    expect(await seen()).toEqual({ anon: [mali.id], reader: [mali.id], journalist: [mali.id], admin: [mali.id] });

    const later = new Date(Date.now() + 3_600_000).toISOString();
    must(await svc.from('articles').update({ status: 'scheduled', published_at: later }).eq('id', draft.id).select('id'), 'schedule');
    expect(Date.parse((await moment())!)).toBe(Date.parse(later));
    expect((await seen()).anon).toEqual([]);
    expect((await seen()).admin).toEqual([mali.id]);

    must(await svc.from('articles').update({ status: 'draft' }).eq('id', draft.id).select('id'), 'withdraw');
    expect(await moment()).toBeNull();
    expect(await seen()).toEqual({ anon: [], reader: [], journalist: [mali.id], admin: [mali.id] });

    // A row added to an article already out takes its moment at once, and keeps it through a merge.
    const published = await article('published');
    const theme = await tag();
    must(await svc.from('article_tags').insert({ article_id: published.id, tag_id: theme.id }).select(), 'tag');
    const { published_at } = must(await svc.from('articles').select('published_at').eq('id', published.id).single(), 'article');
    const rowOf = async (tagId: string) =>
      must(await svc.from('article_tags').select('public_at').eq('article_id', published.id).eq('tag_id', tagId).single(), 'row').public_at;
    expect(Date.parse((await rowOf(theme.id))!)).toBe(Date.parse(published_at!));
    expect(await tagsOf(who.anon.sb, published.id)).toEqual([theme.id]);
    const into = await tag();
    expect((await who.admin.sb.rpc('merge_tags', { p_from: theme.id, p_into: into.id })).error).toBeNull();
    expect(Date.parse((await rowOf(into.id))!)).toBe(Date.parse(published_at!));
    expect(await tagsOf(who.anon.sb, published.id)).toEqual([into.id]);
  });

  it('a tag added while the article is being published waits for it, and takes its moment', async () => {
    const mali = await reference('mali');
    const draft = await article('draft');
    const publisher = await postgresDb();
    try {
      await publisher.query('begin');
      await publisher.query(`update public.articles set status = 'published', published_at = now() - interval '1 minute' where id = $1`, [
        draft.id,
      ]);
      // The editor saves tags apart from the article: this one comes while the publication is open.
      const tagging = db.query('insert into public.article_tags (article_id, tag_id) values ($1, $2)', [draft.id, mali.id]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await publisher.query('commit');
      await tagging;
    } finally {
      await publisher.end();
    }
    const { rows } = await db.query(
      'select t.public_at = a.published_at as same from public.article_tags t join public.articles a on a.id = t.article_id where t.article_id = $1',
      [draft.id],
    );
    expect(rows).toEqual([{ same: true }]);
    expect(await tagsOf(who.anon.sb, draft.id)).toEqual([mali.id]);
  });

  it('an article carries at most eight tags: the ninth is refused in French', async () => {
    const draft = await article('draft', who.journalist.userId);
    const countries = must(await svc.from('tags').select('id').eq('region', 'afrique-nord'), 'north');
    const more = must(await svc.from('tags').select('id').eq('region', 'afrique-australe').limit(3), 'south');
    const nine = [...countries, ...more].map((t) => ({ article_id: draft.id, tag_id: t.id }));
    expect((await who.journalist.sb.from('article_tags').insert(nine.slice(0, 8))).error).toBeNull();
    const ninth = await who.journalist.sb.from('article_tags').insert(nine[8]);
    expect(ninth.error?.code).toBe('23514');
    expect(ninth.error?.message).toBe('Un article porte au plus 8 étiquettes.');
    expect(await tagsOf(who.journalist.sb, draft.id)).toHaveLength(8);
  });
});

describe('tags: merge', () => {
  it('moves the articles (once each), keeps the old slug as an address of the other tag, even after a second merge', async () => {
    const [from, into, last] = [await tag(), await tag(), await tag()];
    const [only, both] = [await article('published'), await article('published')];
    await svc.from('article_tags').insert([
      { article_id: only.id, tag_id: from.id },
      { article_id: both.id, tag_id: from.id },
      { article_id: both.id, tag_id: into.id },
    ]);
    const merged = await who.admin.sb.rpc('merge_tags', { p_from: from.id, p_into: into.id });
    expect(merged.error).toBeNull();
    expect(merged.data, 'articles the tag gained').toBe(1);
    expect(await tagsOf(who.anon.sb, only.id)).toEqual([into.id]);
    expect(await tagsOf(who.anon.sb, both.id)).toEqual([into.id]);
    expect((await who.anon.sb.from('tags').select('id').eq('id', from.id)).data).toEqual([]);
    const address = await who.anon.sb.from('tag_slugs').select('tag_id').eq('slug', from.slug);
    expect(address.data).toEqual([{ tag_id: into.id }]);

    expect((await who.admin.sb.rpc('merge_tags', { p_from: into.id, p_into: last.id })).error).toBeNull();
    const addresses = await who.anon.sb.from('tag_slugs').select('slug, tag_id').in('slug', [from.slug, into.slug]).order('slug');
    expect(addresses.data).toEqual(
      [
        { slug: from.slug, tag_id: last.id },
        { slug: into.slug, tag_id: last.id },
      ].sort((a, b) => a.slug.localeCompare(b.slug)),
    );
    const again = await who.admin.sb.rpc('merge_tags', { p_from: last.id, p_into: last.id });
    expect(again.error?.message).toBe('Choisissez deux étiquettes différentes à fusionner.');
  });

  it('a new tag made at a retired address takes it, and purges the 301 it answered there (its target’s key, at that slug)', async () => {
    const [from, into] = [await tag(), await tag()];
    const merge = await queued(() => who.admin.sb.rpc('merge_tags', { p_from: from.id, p_into: into.id }));
    expect(merge.at(-1), 'the old address now leads to the other tag').toEqual({
      keys: ['404', `tag-${into.id}`],
      slugs: { [`tag-${into.id}`]: [from.slug] },
    });
    let again: { id: string } | undefined;
    const taken = await queued(async () => {
      const made = await svc
        .from('tags')
        .insert({ kind: 'theme', name: `Revenu ${uid()}`, slug: from.slug })
        .select('id')
        .single();
      again = made.data ?? undefined;
      return made;
    });
    tagsMade.push(again!.id);
    expect((await who.anon.sb.from('tag_slugs').select('slug').eq('slug', from.slug)).data).toEqual([]);
    expect(taken, 'the kept 301 (keyed by the tag it led to) and the new page').toEqual([
      { keys: ['404', `tag-${into.id}`], slugs: { [`tag-${into.id}`]: [from.slug] } },
      { keys: ['404', 'feeds', 'search', `tag-${again!.id}`], slugs: { [`tag-${again!.id}`]: [from.slug] } },
    ]);
  });
});

describe('tags: purge keys and the content version', () => {
  it("tagging a public article purges the article's pages and the tag's; tagging a draft purges nothing", async () => {
    const theme = await tag();
    const published = await article('published');
    const draft = await article('draft');
    const onPublic = await purged(() => svc.from('article_tags').insert({ article_id: published.id, tag_id: theme.id }));
    expect(onPublic).toHaveLength(1);
    expect(onPublic[0]).toEqual(
      expect.arrayContaining([`article-${published.id}`, `tag-${theme.id}`, `category-${category}`, 'feeds', 'front']),
    );
    expect(await purged(() => svc.from('article_tags').insert({ article_id: draft.id, tag_id: theme.id }))).toEqual([]);
    const untag = await purged(() => svc.from('article_tags').delete().eq('article_id', published.id).eq('tag_id', theme.id));
    expect(untag[0], 'the tag it lost').toEqual(expect.arrayContaining([`article-${published.id}`, `tag-${theme.id}`]));
  });

  it("a public article's edit purges its tags' pages; renaming a tag purges its page and its public articles'", async () => {
    const theme = await tag();
    const published = await article('published');
    await svc.from('article_tags').insert({ article_id: published.id, tag_id: theme.id });
    const edit = await purged(() =>
      svc
        .from('articles')
        .update({ title: `Nouveau titre ${uid()}` })
        .eq('id', published.id),
    );
    expect(edit[0]).toEqual(expect.arrayContaining([`article-${published.id}`, `tag-${theme.id}`]));
    const rename = await purged(() =>
      svc
        .from('tags')
        .update({ name: `Renommé ${uid()}` })
        .eq('id', theme.id),
    );
    expect(rename, 'the search page lists tags by name too').toEqual([
      [`article-${published.id}`, '404', 'feeds', 'search', `tag-${theme.id}`].sort(),
    ]);
    const described = await purged(() => svc.from('tags').update({ description: 'Autre chose.' }).eq('id', theme.id));
    expect(described, 'a description shows on the tag page alone (and the search’s list of tags)').toEqual([
      ['404', 'feeds', 'search', `tag-${theme.id}`],
    ]);
    const hidden = await purged(() => svc.from('tags').update({ hidden: true }).eq('id', theme.id));
    expect(hidden, 'hidden: gone from its articles’ pages and from search').toEqual([
      [`article-${published.id}`, '404', 'feeds', 'search', `tag-${theme.id}`].sort(),
    ]);
  });
});

describe('the front page’s topic strip (front_page_topic)', () => {
  const strip = () => topicStripStore(who.admin.sb);
  afterAll(async () => void (await svc.from('front_page_topic').update({ tag_id: null }).eq('id', true)));

  it('an administrator pins a visible tag and takes it away, each purging the front page; anyone reads it', async () => {
    const theme = await tag();
    expect(await purged(() => who.admin.sb.from('front_page_topic').update({ tag_id: theme.id }).eq('id', true))).toEqual([['front']]);
    for (const role of ['anon', 'reader', 'journalist'] as const)
      expect((await who[role].sb.from('front_page_topic').select('tag_id').single()).data, role).toEqual({ tag_id: theme.id });
    expect(await strip().read()).toBe(theme.id);
    expect(await purged(() => who.admin.sb.from('front_page_topic').update({ tag_id: null }).eq('id', true))).toEqual([['front']]);
    expect(await strip().read()).toBeNull();
  });

  it('a journalist or a reader changes nothing, anon is refused, and a hidden tag cannot be pinned', async () => {
    const theme = await tag();
    const hidden = await tag({ hidden: true });
    await strip().save(theme.id);
    for (const role of ['reader', 'journalist'] as const) {
      await expect(topicStripStore(who[role].sb).save(hidden.id), role).rejects.toThrow(
        'Seuls les administrateurs choisissent le bandeau de la une.',
      );
      await expect(topicStripStore(who[role].sb).save(null), role).rejects.toThrow();
    }
    expectDenied(await who.anon.sb.from('front_page_topic').update({ tag_id: null }).eq('id', true), 'anon unpins the strip');
    expectDenied(await who.admin.sb.from('front_page_topic').update({ tag_id: hidden.id }).eq('id', true), 'an admin pins a hidden tag');
    expectDenied(await who.admin.sb.from('front_page_topic').insert({ id: true, tag_id: theme.id }), 'a second strip row');
    expect(await strip().read(), 'still the one the administrator chose').toBe(theme.id);
  });

  it('merging the pinned tag moves the strip to the tag its articles went to (the choice is kept)', async () => {
    const [from, into] = [await tag(), await tag()];
    await strip().save(from.id);
    const merge = await queued(() => who.admin.sb.rpc('merge_tags', { p_from: from.id, p_into: into.id }));
    expect(await strip().read()).toBe(into.id);
    expect(merge.map((r) => r.keys)).toContainEqual(['front']);
  });
});
