import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInProvider, stackProvider } from '../../tests/integration/stackProvider';
import { fetchAuthor } from '../../src/public/api/author';
import { CATEGORY_PAGE_SIZE, fetchCategory } from '../../src/public/api/category';
import { anonClient, postgresDb, serviceClient } from '@afriqueactu/supabase-local/testing';
import { must, sessions, signIn, uid, type Role, type Session } from './helpers';

// Reads that scale (issue 24): the search function's ranking, accents and public rule for every
// role; the view roll-ups counting exactly what the raw rows count; category and author pages in
// a stable order when articles share a date; the subscribers list read past PostgREST's max rows;
// the sitemap's weekly roll-up under two writers at once.

const token = uid();
const HOUR = 3600_000;
let who: Record<Role, Session>;
let admin: Session & { userId: string };
let db: pg.Client;
let categoryId: string;
const made: string[] = [];

type Status = 'published' | 'draft' | 'review' | 'scheduled';
async function article(
  key: string,
  fields: { title: string; content?: string; excerpt?: string; status?: Status; published_at?: string; category_id?: string },
) {
  const row = must(
    await admin.sb
      .from('articles')
      .insert({ slug: `echelle-${key}-${token}`, content: 'Texte.', status: 'published', category_id: categoryId, ...fields })
      .select('id, slug')
      .single(),
    `admin creates ${key}`,
  );
  made.push(row.id);
  return row;
}

beforeAll(async () => {
  who = await sessions();
  admin = await signIn('admin');
  db = await postgresDb();
  categoryId = must(
    await admin.sb
      .from('categories')
      .insert({ name: `Échelle ${token}`, slug: `echelle-${token}` })
      .select('id')
      .single(),
    'admin creates the category',
  ).id;
});

afterAll(async () => {
  const svc = serviceClient();
  if (made.length) await svc.from('articles').delete().in('id', made);
  await svc.from('categories').delete().eq('id', categoryId);
  await svc.from('newsletter_subscribers').delete().like('email', `%${token}%`);
  await db?.end();
});

describe('search_articles', () => {
  let inTitle: { slug: string };
  let inBody: { slug: string };
  const hidden: string[] = [];

  beforeAll(async () => {
    inBody = await article('corps', {
      title: `Au fil de la semaine ${token}`,
      content: `<p>La filière de l'économie sénégalaise ${token}.</p>`,
    });
    inTitle = await article('titre', { title: `Économie sénégalaise ${token}`, content: `Un texte ${token}.` });
    hidden.push((await article('brouillon', { title: `Économie brouillon ${token}`, status: 'draft' })).slug);
    hidden.push(
      (
        await article('programme', {
          title: `Économie programmée ${token}`,
          status: 'scheduled',
          published_at: new Date(Date.now() + 48 * HOUR).toISOString(),
        })
      ).slug,
    );
    // The journalist's own article waiting for review: they may read it, readers may not find it.
    const journalist = who.journalist;
    const review = must(
      await journalist.sb
        .from('articles')
        .insert({
          slug: `echelle-relire-${token}`,
          title: `Économie à relire ${token}`,
          content: 'Texte.',
          status: 'review',
          author_id: journalist.userId,
        })
        .select('id, slug')
        .single(),
      'the journalist sends an article for review',
    );
    made.push(review.id);
    hidden.push(review.slug);
  });

  const search = async (sb: Session['sb'], q: string) => {
    const { data, error } = await sb.rpc('search_articles', { q, max_results: 30 });
    expect(error).toBeNull();
    return (data as { slug: string }[]).map((c) => c.slug);
  };

  it('ranks a match in the title before a match in the body, accents and case ignored', async () => {
    for (const q of [`économie ${token}`, `ECONOMIE ${token}`, `economies senegalaises ${token}`]) {
      expect(await search(anonClient(), q), q).toEqual([inTitle.slug, inBody.slug]);
    }
  });

  it('answers the public articles only, for anon, a reader, a journalist and an administrator', async () => {
    for (const role of ['anon', 'reader', 'journalist', 'admin'] as const) {
      const found = await search(who[role].sb, `économie ${token}`);
      expect(found, role).toEqual([inTitle.slug, inBody.slug]);
      expect(
        found.filter((s) => hidden.includes(s)),
        role,
      ).toEqual([]);
    }
    // The journalist does read their own article in review: only the search leaves it out.
    expect(
      must(await who.journalist.sb.from('articles').select('slug').in('slug', hidden), 'journalist reads own').map((a) => a.slug),
    ).toContain(`echelle-relire-${token}`);
  });

  it('finds an article by its new words once edited, and loses it once unpublished', async () => {
    const edited = await article('edite', { title: `Avant ${token}` });
    expect(await search(anonClient(), `cacaoyer ${token}`)).toEqual([]);
    must(
      await admin.sb
        .from('articles')
        .update({ content: `Le cacaoyer ${token}.`, version: 1 })
        .eq('id', made.at(-1)!)
        .select('id')
        .single(),
      'edit',
    );
    expect(await search(anonClient(), `cacaoyer ${token}`)).toEqual([edited.slug]);
    must(await admin.sb.from('articles').update({ status: 'draft', version: 2 }).eq('id', made.at(-1)!).select('id').single(), 'unpublish');
    expect(await search(who.admin.sb, `cacaoyer ${token}`)).toEqual([]);
  });

  it('answers nothing for an empty query', async () => {
    expect(await search(anonClient(), '   ')).toEqual([]);
  });
});

describe('view roll-ups', () => {
  const daily = async (id: string) =>
    (await db.query('select day::text, views from private.article_views_daily where article_id = $1 order by day', [id])).rows;
  const raw = async (id: string) =>
    (
      await db.query(
        `select (created_at at time zone 'UTC')::date::text as day, count(*)::int as views from public.article_views
         where article_id = $1 group by 1 order by 1`,
        [id],
      )
    ).rows;

  it('count per article per day exactly what the raw rows count, for a bulk insert, a recorded read and a deletion', async () => {
    const { id } = await article('lu', { title: `Très lu ${token}` });
    await db.query(
      `insert into public.article_views (article_id, created_at)
       select $1, now() - (g % 5) * interval '1 day' - (g % 7) * interval '1 minute' from generate_series(1, 2500) g`,
      [id],
    );
    expect(await daily(id)).toEqual(await raw(id));
    expect((await daily(id)).reduce((n, d) => n + d.views, 0)).toBe(2500);
    // A read recorded by the reader's call goes through the same trigger.
    expect((await anonClient().rpc('record_article_view', { p_article_id: id })).error).toBeNull();
    expect(await daily(id)).toEqual(await raw(id));
    expect((await daily(id)).reduce((n, d) => n + d.views, 0)).toBe(2501);
    await db.query(`delete from public.article_views where article_id = $1 and created_at < now() - interval '3 days'`, [id]);
    expect(await daily(id)).toEqual(await raw(id));
    // The administrators' analytics read the roll-up: the same figure as the raw rows.
    const summary = must(await admin.sb.rpc('analytics_summary', { p_days: 7 }), 'analytics');
    const top = (summary.top_articles as { id: string; views: number }[]).find((t) => t.id === id);
    const since = (
      await db.query(`select count(*)::int as n from public.article_views where article_id = $1 and created_at >= $2`, [id, summary.since])
    ).rows[0].n;
    expect(top?.views).toBe(since);
  });

  it('keep the daily totals of page and article views equal to the raw rows', async () => {
    await db.query(
      `insert into public.page_views (path, created_at) select '/echelle/${token}', now() - (g % 3) * interval '1 day' from generate_series(1, 300) g`,
    );
    const mismatched = await db.query(
      `select d.day from private.views_daily d
       full join (select (created_at at time zone 'UTC')::date as day, count(*) as n from public.page_views group by 1) p on p.day = d.day
       full join (select (created_at at time zone 'UTC')::date as day, count(*) as n from public.article_views group by 1) v on v.day = coalesce(d.day, p.day)
       where coalesce(d.page_views, 0) <> coalesce(p.n, 0) or coalesce(d.article_views, 0) <> coalesce(v.n, 0)`,
    );
    expect(mismatched.rows).toEqual([]);
  });

  it('stay closed to every API role', async () => {
    for (const role of ['anon', 'reader', 'admin'] as const) {
      const { error } = await who[role].sb
        .schema('private' as 'public')
        .from('views_daily' as 'articles')
        .select('*')
        .limit(1);
      expect(error, role).not.toBeNull();
    }
  });
});

describe('pages of a category and of an author', () => {
  it('list articles published in the same second once each, across pages, newest first then by id', async () => {
    const at = new Date(Date.now() - 5 * HOUR).toISOString();
    const rows = must(
      await admin.sb
        .from('articles')
        .insert(
          Array.from({ length: 2 * CATEGORY_PAGE_SIZE + 5 }, (_, i) => ({
            slug: `echelle-meme-seconde-${i}-${token}`,
            title: `Même seconde ${i} ${token}`,
            content: 'Texte.',
            status: 'published' as const,
            published_at: at,
            category_id: categoryId,
          })),
        )
        .select('id'),
      'admin publishes articles in the same second',
    );
    made.push(...rows.map((r) => r.id));
    const all = must(
      await anonClient()
        .from('articles')
        .select('id')
        .eq('category_id', categoryId)
        .order('published_at', { ascending: false })
        .order('id', { ascending: false }),
      'all',
    ).map((a) => a.id);
    const seen: string[] = [];
    for (let page = 1; ; page++) {
      const data = (await fetchCategory(anonClient(), `echelle-${token}`, page))!;
      seen.push(...data.articles.map((a) => a.id));
      expect(data.articles.every((a) => typeof a.word_count === 'number' && a.category?.slug === `echelle-${token}`)).toBe(true);
      if (!data.hasMore) break;
    }
    expect(seen).toEqual(all);
    expect(new Set(seen).size).toBe(seen.length);
    expect((await fetchCategory(anonClient(), `echelle-${token}`, 99))?.articles).toEqual([]);
  });

  it("page an author's articles like a category's", async () => {
    const { data: byline } = await anonClient().from('bylines').select('slug').eq('user_id', admin.userId).single();
    const all = must(
      await anonClient()
        .from('articles')
        .select('id')
        .eq('author_id', admin.userId)
        .in('status', ['published', 'scheduled'])
        .lte('published_at', new Date().toISOString())
        .order('published_at', { ascending: false })
        .order('id', { ascending: false }),
      'all of the author',
    ).map((a) => a.id);
    expect(all.length).toBeGreaterThan(CATEGORY_PAGE_SIZE);
    const seen: string[] = [];
    for (let page = 1; ; page++) {
      const data = (await fetchAuthor(anonClient(), byline!.slug!, page))!;
      expect(data.articles.length).toBeLessThanOrEqual(CATEGORY_PAGE_SIZE);
      seen.push(...data.articles.map((a) => a.id));
      if (!data.hasMore) break;
    }
    expect(seen).toEqual(all);
  });
});

describe("the subscribers' export", () => {
  it('reads every subscriber past PostgREST max rows, once each, in the list order', async () => {
    const count = 1234;
    await db.query(
      `insert into public.newsletter_subscribers (email, created_at)
       select 'abonne' || g || '.${token}@exemple.org', now() - g * interval '1 second' from generate_series(1, ${count}) g`,
    );
    const { provider } = await signedInProvider();
    const { data, total } = await provider.getList('newsletter_subscribers', {
      pagination: { page: 1, perPage: 100_000 },
      sort: { field: 'created_at', order: 'DESC' },
      filter: { 'email@ilike': `%${token}%` },
    });
    expect(data).toHaveLength(count);
    expect(total).toBe(count);
    expect(new Set(data.map((s) => s.id)).size).toBe(count);
    expect(data[0].email).toBe(`abonne1.${token}@exemple.org`);
    // A reader's session gets none of it.
    const { data: readerRows } = await who.reader.sb.from('newsletter_subscribers').select('id').like('email', `%${token}%`);
    expect(readerRows).toEqual([]);
  });
});

describe('home_page on index ranges', () => {
  type Card = { id: string; slug: string };
  type Home = { featured: Card | null; top: Card[]; sections: { category: { id: string }; articles: Card[] }[] };
  const home = async (sb: Session['sb'], perCategory = 3) =>
    must(await sb.rpc('home_page', { p_per_category: perCategory }), 'home_page') as unknown as Home;
  let homeCategory: string;
  const ours = (h: Home) => h.sections.find((s) => s.category.id === homeCategory)?.articles.map((a) => a.slug) ?? [];
  let pins: (string | null)[] = [];

  beforeAll(async () => {
    homeCategory = must(
      await admin.sb
        .from('categories')
        .insert({ name: `Une ${token}`, slug: `une-${token}` })
        .select('id')
        .single(),
      'admin creates a category for the home page',
    ).id;
    const { rows } = await db.query<{ rank: number; article_id: string }>('select rank, article_id from public.front_page');
    pins = [1, 2, 3, 4].map((r) => rows.find((p) => p.rank === r)?.article_id ?? null);
  });
  afterAll(async () => {
    await admin.sb.rpc('set_front_page', { p_article_ids: pins as string[] });
    await serviceClient().from('categories').delete().eq('id', homeCategory);
  });

  it('leads with the rank-1 pin, leaves it out of its category, lists the newest public articles of each category and ignores an unpublished pin', async () => {
    const ago = (h: number) => new Date(Date.now() - h * HOUR).toISOString();
    const old = await article('une-ancienne', { title: `Une ancienne ${token}`, published_at: ago(30 * 24), category_id: homeCategory });
    const news = [];
    for (const h of [1, 2, 3, 4])
      news.push(await article(`recent-${h}`, { title: `Récent ${h} ${token}`, published_at: ago(h), category_id: homeCategory }));
    await article('brouillon-une', { title: `Brouillon ${token}`, status: 'draft', category_id: homeCategory });
    await article('programme-une', {
      title: `Programmé ${token}`,
      status: 'scheduled',
      category_id: homeCategory,
      published_at: new Date(Date.now() + 48 * HOUR).toISOString(),
    });
    const pinnedOld = old.id;
    expect((await admin.sb.rpc('set_front_page', { p_article_ids: [pinnedOld, null, null, null] as string[] })).error).toBeNull();

    for (const role of ['anon', 'reader', 'admin'] as const) {
      const h = await home(who[role].sb);
      expect(h.featured?.slug, role).toBe(old.slug);
      // Three per category, newest first: neither the draft, nor the scheduled one, nor the lead.
      expect(ours(h), role).toEqual(news.slice(0, 3).map((a) => a.slug));
    }
    expect(ours(await home(anonClient(), 1))).toEqual([news[0].slug]);

    // The pinned article goes back to draft: the lead is the newest public article again.
    must(await admin.sb.from('articles').update({ status: 'draft', version: 1 }).eq('id', pinnedOld).select('id').single(), 'unpublish');
    const h = await home(anonClient());
    const { data: newest } = await anonClient()
      .from('articles')
      .select('slug')
      .order('published_at', { ascending: false })
      .order('id', { ascending: false })
      .limit(1)
      .single();
    expect(h.featured?.slug).toBe(newest!.slug);
    expect(ours(h)).not.toContain(old.slug);
  });
});

describe("the articles list's title search", () => {
  it('finds by title through its index with the same rights as the list: admins all, journalists their own and the public ones, readers nothing', async () => {
    const pub = await article('titre-public', { title: `Budget du Sénégal ${token}` });
    const draft = await article('titre-brouillon', { title: `Budget sénégalais en brouillon ${token}`, status: 'draft' });
    const own = must(
      await who.journalist.sb
        .from('articles')
        .insert({
          slug: `echelle-titre-journaliste-${token}`,
          title: `Le budget du SENEGAL ${token}`,
          content: 'Texte.',
          status: 'draft',
          author_id: who.journalist.userId!,
        })
        .select('id, slug')
        .single(),
      'the journalist writes a draft',
    );
    made.push(own.id);
    const list = async (sb: Session['sb'], q: string, filter: Record<string, unknown> = {}) => {
      const { data, total } = await stackProvider(sb).getList('articles', {
        pagination: { page: 1, perPage: 25 },
        sort: { field: 'created_at', order: 'ASC' },
        filter: { q, ...filter },
      });
      expect(total).toBe(data.length);
      return data.map((a) => a.slug as string);
    };
    expect(await list(admin.sb, `budget senegal ${token}`)).toEqual([pub.slug, draft.slug, own.slug]);
    expect(await list(who.journalist.sb, `budget senegal ${token}`)).toEqual([pub.slug, own.slug]);
    // Readers search with search_articles: the back office's title search answers them no rows.
    expect(await list(who.reader.sb, `budget senegal ${token}`)).toEqual([]);
    expect(must(await who.reader.sb.rpc('search_article_titles', { p_pattern: '' }).select('id'), 'a reader calls it')).toEqual([]);
    // The list's other filters and its order still apply.
    expect(await list(admin.sb, `budget senegal ${token}`, { status: 'draft' })).toEqual([draft.slug, own.slug]);
    // The words match in the order typed.
    expect(await list(admin.sb, `senegal budget ${token}`)).toEqual([]);
    // Visitors may not call it at all.
    expect((await anonClient().rpc('search_article_titles', { p_pattern: 'budget' })).error).not.toBeNull();
  });
});

describe("the sitemap's weekly roll-up", () => {
  it('counts two writers of one week at the same moment: the second recounts after the first commits', async () => {
    // Articles scheduled for a week of 2090 no other test writes in. (Writes to public articles
    // also wait for each other on the content version's row; scheduled ones for later do not.)
    const monday = new Date(Date.UTC(2090, 0, 2) + Math.floor(Math.random() * 50) * 7 * 86_400_000);
    const week = monday.toISOString().slice(0, 10);
    const other = await postgresDb();
    const insert = (client: pg.Client, key: string, hours: number) =>
      client.query<{ id: string }>(
        `insert into public.articles (slug, title, excerpt, content, status, published_at, category_id, author_id)
         values ($1, $2, 'Résumé', '<p>Texte</p>', 'scheduled', $3, $4, $5) returning id`,
        [
          `semaine-${key}-${token}`,
          `Semaine ${key} ${token}`,
          new Date(monday.getTime() + hours * HOUR).toISOString(),
          categoryId,
          admin.userId,
        ],
      );
    let committed = false;
    try {
      await db.query('begin');
      await other.query('begin');
      const first = await insert(db, 'un', 10);
      const second = insert(other, 'deux', 20); // waits for the first transaction's week
      await new Promise((r) => setTimeout(r, 200));
      await db.query('commit');
      committed = true;
      made.push(first.rows[0].id);
      const written = await second;
      await other.query('commit');
      made.push(written.rows[0].id);
      const row = await db.query('select articles from private.sitemap_weeks where week = $1', [week]);
      expect(row.rows).toEqual([{ articles: 2 }]);
      // Not listed before its week has come.
      const { data, error } = await anonClient().rpc('sitemap_weeks');
      if (error) throw error;
      expect((data as { week: string }[]).filter((w) => w.week === week)).toEqual([]);
    } finally {
      // The file's shared client must not stay inside a transaction for the tests after this one.
      if (!committed) await db.query('rollback').catch(() => undefined);
      await other.query('rollback').catch(() => undefined);
      await other.end();
    }
  });
});
