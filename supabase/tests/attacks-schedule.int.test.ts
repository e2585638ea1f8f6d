import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFrom, anonClient, serviceClient, sleep, waitFor } from '@afriqueactu/supabase-local/testing';
import { must, newAdmin, sessions, uid, type Role, type Session } from './helpers.ts';

// A scheduled article is decided at read time by RLS and the reader's functions: before its
// moment no path shows it to a visitor (anon or a signed-in reader), after it every path does,
// without any job having run. The moment is a few seconds ahead; every "before" test checks
// that it ran in time, so a slow machine fails it rather than proving nothing.

// Room for every "before" test on a machine busy with the other lanes (npm test runs them side by side).
const LEAD_MS = 10_000;
const QUIET_MS = 600;
const VISITORS = ['anon', 'reader'] as const;
const svc = serviceClient();

type Article = { id: string; slug: string; title: string };
type Change = { eventType: string; new: Record<string, unknown>; old: Record<string, unknown> };

const s = {} as {
  who: Record<Role, Session>;
  /** The author: an administrator whose only articles are the two scheduled ones. */
  author: Session & { userId: string };
  token: string;
  category: { id: string; slug: string };
  goLive: number;
  /** Written for the moment, never public before it. */
  scheduled: Article;
  /** Published, corrected and renamed, then taken back and rescheduled for the same moment. */
  rescheduled: Article & { oldSlug: string };
  /** Published at once, in the same category: what a visitor does see (the controls). */
  control: Article;
  imageId: string;
  correctionId: string;
  /** postgres_changes on articles as each visitor (and the service role) receives them. */
  live: Record<(typeof VISITORS)[number] | 'service', Change[]>;
  channels: { sb: SupabaseClient; channel: RealtimeChannel }[];
};

async function listen(sb: SupabaseClient, into: Change[]): Promise<void> {
  const channel = sb
    .channel(`schedule-${uid()}`)
    .on('postgres_changes' as never, { event: '*', schema: 'public', table: 'articles' } as never, (p: Change) => into.push(p));
  const status = await new Promise<string>((resolve) =>
    channel.subscribe((st, err) => (st === 'SUBSCRIBED' || err ? resolve(`${st}${err ? `: ${err.message}` : ''}`) : undefined)),
  );
  expect(status, 'postgres_changes subscription').toBe('SUBSCRIBED');
  s.channels.push({ sb, channel });
}

const article = async (sb: SupabaseClient, row: Record<string, unknown>): Promise<Article & { version: number }> =>
  must(await sb.from('articles').insert(row).select('id, slug, title, version').single(), `admin creates ${String(row.slug)}`);

beforeAll(async () => {
  s.who = await sessions();
  s.token = uid();
  s.author = await newAdmin(`Plume ${s.token}`);
  const admin = s.author.sb;
  s.category = must(
    await admin
      .from('categories')
      .insert({ name: `Programmé ${s.token}`, slug: `rubrique-${s.token}` })
      .select('id, slug')
      .single(),
    'category',
  );
  s.channels = [];

  // The rescheduled one was public once: it has an old address and a correction, readers' then.
  const first = await article(admin, {
    slug: `avant-${s.token}`,
    title: `Déjà paru ${s.token}`,
    content: `<p>${s.token}</p>`,
    status: 'published',
    category_id: s.category.id,
  });
  s.correctionId = must(
    await admin
      .from('article_corrections')
      .insert({ article_id: first.id, note: `Précision ${s.token}` })
      .select('id')
      .single(),
    'correction',
  ).id;
  const renamed = must(
    await admin
      .from('articles')
      .update({ slug: `reporte-${s.token}`, version: first.version })
      .eq('id', first.id)
      .select('id, slug, title, version')
      .single(),
    'rename the published article',
  );
  expect(
    must(await svc.from('article_slugs').select('article_id').eq('slug', first.slug).single(), 'old address recorded').article_id,
  ).toBe(first.id);
  // Counted reads, so view_count has something to hide.
  must(await svc.from('article_view_counts').insert({ article_id: first.id, view_count: 7 }).select('article_id'), 'view count');

  s.live = { anon: [], reader: [], service: [] };
  await listen(anonClient(), s.live.anon);
  await listen(s.who.reader.sb, s.live.reader);
  await listen(serviceClient(), s.live.service);

  s.goLive = Date.now() + LEAD_MS;
  const at = new Date(s.goLive).toISOString();
  const back = must(
    await admin
      .from('articles')
      .update({ status: 'scheduled', published_at: at, version: renamed.version })
      .eq('id', first.id)
      .select('id, slug, title')
      .single(),
    'reschedule the published article',
  );
  s.rescheduled = { ...back, oldSlug: first.slug };
  const created = await article(admin, {
    slug: `programme-${s.token}`,
    title: `Édition de 6 heures ${s.token}`,
    excerpt: `À paraître ${s.token}`,
    content: `<p>Exclusivité ${s.token}</p>`,
    status: 'scheduled',
    published_at: at,
    category_id: s.category.id,
  });
  s.imageId = must(
    await admin
      .from('article_images')
      .insert({ article_id: created.id, image_url: `https://img.example.test/${s.token}.webp`, alt_text: `Image ${s.token}` })
      .select('id')
      .single(),
    'image',
  ).id;
  // An edit before the moment: an UPDATE event that must not reach visitors either.
  const edited = must(
    await admin
      .from('articles')
      .update({ title: `Édition de 6 heures ${s.token} (relue)`, version: created.version })
      .eq('id', created.id)
      .select('id, slug, title')
      .single(),
    'edit the scheduled article',
  );
  s.scheduled = edited;
  s.control = await article(s.who.admin.sb, {
    slug: `paru-${s.token}`,
    title: `Paru ${s.token}`,
    content: '<p>x</p>',
    status: 'published',
    category_id: s.category.id,
  });
});

afterAll(async () => {
  for (const { sb, channel } of s.channels ?? []) {
    await sb.removeChannel(channel);
    await sb.realtime.disconnect();
  }
  if (s.category) {
    await svc.from('articles').delete().eq('category_id', s.category.id);
    await svc.from('categories').delete().eq('id', s.category.id);
  }
});

const ours = () => [s.scheduled.id, s.rescheduled.id];
const leaks = (value: unknown) => {
  const text = JSON.stringify(value);
  return [
    s.scheduled.id,
    s.scheduled.slug,
    s.rescheduled.id,
    s.rescheduled.slug,
    s.rescheduled.oldSlug,
    'Exclusivité',
    s.author.userId,
  ].filter((x) => text.includes(x));
};
const inTime = () => expect(Date.now(), 'this check must run before the go-live moment (machine too slow?)').toBeLessThan(s.goLive - 200);

describe.each(VISITORS)('before its moment, %s cannot reach a scheduled article', (role) => {
  const sb = () => s.who[role].sb;

  it('by id or slug, nor by its old slug or a LIKE on its title; the published control is there', async () => {
    const byId = await sb().from('articles').select('*').in('id', ours());
    const bySlug = await sb().from('articles').select('id').in('slug', [s.scheduled.slug, s.rescheduled.slug, s.rescheduled.oldSlug]);
    const byTitle = await sb().from('articles').select('id').ilike('title', `%${s.token}%`);
    inTime();
    expect([byId.error, bySlug.error, byTitle.error]).toEqual([null, null, null]);
    expect(byId.data, `${role} selects by id`).toEqual([]);
    expect(bySlug.data, `${role} selects by slug`).toEqual([]);
    expect(byTitle.data, `${role} LIKE on the title finds only the control`).toEqual([{ id: s.control.id }]);
  });

  it('by filters on status and date, or=, and ordering on the future date', async () => {
    const now = new Date().toISOString();
    const [byStatus, future, or, nested, newest, count] = await Promise.all([
      sb().from('articles').select('id, published_at').eq('status', 'scheduled'),
      sb().from('articles').select('id').gt('published_at', now),
      sb().from('articles').select('id').or(`status.eq.scheduled,id.eq.${s.scheduled.id},slug.eq.${s.rescheduled.slug}`),
      sb()
        .from('articles')
        .select('id')
        .or(`and(status.neq.draft,published_at.gt.${now}),id.in.(${ours().join(',')})`),
      sb().from('articles').select('id').order('published_at', { ascending: false, nullsFirst: true }).limit(1),
      sb().from('articles').select('*', { count: 'exact', head: true }).eq('category_id', s.category.id),
    ]);
    inTime();
    for (const res of [byStatus, future, or, nested, newest, count]) expect(res.error).toBeNull();
    // Scheduled articles whose moment has passed (other tests' or the seed's) may be listed; never a future one.
    for (const row of byStatus.data!)
      expect(Date.parse(row.published_at), `${role} status=eq.scheduled lists a future article`).toBeLessThanOrEqual(Date.now());
    expect(byStatus.data!.map((r) => r.id)).not.toContain(s.scheduled.id);
    expect(future.data, `${role} published_at=gt.now`).toEqual([]);
    // status.eq.scheduled also matches the past-due ones (above); none of ours may come back.
    expect(
      or.data!.filter((r) => ours().includes(r.id)),
      `${role} or=(…)`,
    ).toEqual([]);
    expect(nested.data, `${role} or=(and(…))`).toEqual([]);
    expect(ours(), `${role} newest by published_at`).not.toContain(newest.data![0]?.id);
    expect(count.count, `${role} HEAD count of the category: only the control`).toBe(1);
  });

  it('through embeddings: category → articles, article_images, article_slugs, article_corrections', async () => {
    const [category, imageById, images, slug, slugs, corrections, correctionById, embedded] = await Promise.all([
      sb().from('categories').select('id, articles(id, title)').eq('id', s.category.id).single(),
      sb().from('article_images').select('*, articles(*)').eq('id', s.imageId),
      sb().from('article_images').select('id').in('article_id', ours()),
      sb().from('article_slugs').select('*, articles(*)').eq('slug', s.rescheduled.oldSlug),
      sb().from('article_slugs').select('slug').in('article_id', ours()),
      sb().from('article_corrections').select('id, note, corrected_at, articles(*)').in('article_id', ours()),
      sb().from('article_corrections').select('id').eq('id', s.correctionId),
      sb()
        .from('categories')
        .select('id, articles(id, article_images(id), article_corrections(id), article_slugs(slug))')
        .eq('id', s.category.id)
        .single(),
    ]);
    inTime();
    expect(category.error).toBeNull();
    expect(
      (category.data!.articles as { id: string }[]).map((a) => a.id),
      `${role} embeds the category's articles`,
    ).toEqual([s.control.id]);
    for (const [res, what] of [
      [imageById, 'image by id'],
      [images, 'images'],
      [slug, 'old slug'],
      [slugs, 'old slugs'],
      [corrections, 'corrections'],
      [correctionById, 'correction by id'],
    ] as const) {
      expect(res.error, what).toBeNull();
      expect(res.data, `${role} ${what}`).toEqual([]);
    }
    expect(leaks(embedded.data), `${role} nested embedding`).toEqual([]);
  });

  it('through home_page, search_articles and bylines; its author stays unknown', async () => {
    const [home, search, bylines, profiles] = await Promise.all([
      sb().rpc('home_page', { p_per_category: 20 }),
      sb().rpc('search_articles', { q: s.token }),
      sb().from('bylines').select('*').eq('user_id', s.author.userId),
      sb().from('profiles').select('id, user_id, full_name').eq('user_id', s.author.userId),
    ]);
    inTime();
    expect(home.error).toBeNull();
    expect(leaks(home.data), `${role} home_page`).toEqual([]);
    expect(JSON.stringify(home.data), `${role} home_page lists the control`).toContain(s.control.slug);
    expect(ours(), `${role} home_page's featured article`).not.toContain((home.data as { featured: { id: string } }).featured.id);
    expect(
      (search.data as { id: string }[]).map((a) => a.id),
      `${role} searches the token`,
    ).toEqual([s.control.id]);
    expect(bylines.data, `${role} bylines`).toEqual([]);
    expect(profiles.data, `${role} profiles of the author`).toEqual([]);
  });

  it('through view_count (column and RPC with a made-up row) and record_article_view, which counts nothing', async () => {
    const address = role === 'anon' ? '127.0.0.111' : '127.0.0.112';
    const visitor = role === 'anon' ? clientFrom(address) : s.who.reader.sb;
    const before = must(
      await svc.from('article_view_counts').select('view_count').eq('article_id', s.rescheduled.id).single(),
      'count',
    ).view_count;
    const [column, rpc, record] = await Promise.all([
      sb().from('articles').select('id, view_count').eq('id', s.rescheduled.id),
      sb().rpc('view_count', { a: { id: s.rescheduled.id } }),
      visitor.rpc('record_article_view', { p_article_id: s.scheduled.id }),
    ]);
    const recordOther = await visitor.rpc('record_article_view', { p_article_id: s.rescheduled.id });
    inTime();
    expect(column.data, `${role} articles.view_count`).toEqual([]);
    expect(rpc.error).toBeNull();
    expect(rpc.data, `${role} view_count({a: {id}})`).toBe(0);
    expect([record.error, recordOther.error], 'record_article_view answers the same as for a public article').toEqual([null, null]);
    const { count: rows } = await svc.from('article_views').select('*', { count: 'exact', head: true }).in('article_id', ours());
    expect(rows, 'no view recorded').toBe(0);
    expect(
      must(await svc.from('article_view_counts').select('view_count').eq('article_id', s.rescheduled.id).single(), 'count').view_count,
    ).toBe(before);
    expect((await svc.from('article_view_counts').select('view_count').eq('article_id', s.scheduled.id)).data).toEqual([]);
  });

  it('through realtime: no INSERT or UPDATE event, while the service role got them and the control arrived', async () => {
    await waitFor(() => s.live[role].find((e) => e.eventType === 'INSERT' && e.new.id === s.control.id));
    await waitFor(() => s.live.service.find((e) => e.eventType === 'UPDATE' && e.new.id === s.scheduled.id));
    await sleep(QUIET_MS);
    inTime();
    // Controls: the service role saw the rescheduling and the scheduled article's INSERT.
    expect(
      s.live.service.some((e) => e.eventType === 'UPDATE' && e.new.id === s.rescheduled.id),
      'service role: the rescheduling',
    ).toBe(true);
    expect(
      s.live.service.some((e) => e.eventType === 'INSERT' && e.new.id === s.scheduled.id),
      'service role: the INSERT',
    ).toBe(true);
    // The rescheduling is hidden too, though the row was public until then.
    expect(
      s.live[role].filter((e) => ours().includes(e.new.id as string)),
      `${role} receives changes of a scheduled article`,
    ).toEqual([]);
    expect(leaks(s.live[role]), `${role} realtime`).toEqual([]);
  });
});

describe('before its moment, the admin sees it in the back office but not on the reader’s RPCs', () => {
  it('reads it, while home_page and search_articles leave it out', async () => {
    const admin = s.who.admin.sb;
    const [rows, home, search] = await Promise.all([
      admin.from('articles').select('id, status').in('id', ours()),
      admin.rpc('home_page', { p_per_category: 20 }),
      admin.rpc('search_articles', { q: s.token }),
    ]);
    inTime();
    expect(rows.data!.map((r) => r.status)).toEqual(['scheduled', 'scheduled']);
    expect(leaks(home.data), 'admin home_page').toEqual([]);
    expect((search.data as { id: string }[]).map((a) => a.id)).toEqual([s.control.id]);
  });
});

describe('once its moment has passed (no job ran), visitors see it everywhere', () => {
  beforeAll(async () => {
    // Poll as anon: the article appears by itself when the clock passes published_at.
    const deadline = s.goLive + 10_000;
    for (;;) {
      const { data } = await anonClient().from('articles').select('id').eq('id', s.scheduled.id);
      if (data?.length) break;
      if (Date.now() > deadline) throw new Error('the scheduled article never became visible to anon');
      await sleep(200);
    }
    expect(Date.now(), 'it did not appear before its moment').toBeGreaterThanOrEqual(s.goLive - 50);
  }, 20_000);

  it.each(VISITORS)(
    '%s: by id, slug, old slug, category embedding, images, corrections, home_page, search, bylines, view_count',
    async (role) => {
      const sb = s.who[role].sb;
      const [byId, bySlug, oldSlug, category, images, corrections, home, search, bylines, viewCount] = await Promise.all([
        sb.from('articles').select('id').in('id', ours()).order('slug'),
        sb.from('articles').select('id').eq('slug', s.scheduled.slug),
        sb.from('article_slugs').select('article_id, articles(slug)').eq('slug', s.rescheduled.oldSlug),
        sb.from('categories').select('articles(id)').eq('id', s.category.id).single(),
        sb.from('article_images').select('id').eq('article_id', s.scheduled.id),
        sb.from('article_corrections').select('id').eq('article_id', s.rescheduled.id),
        sb.rpc('home_page', { p_per_category: 20 }),
        sb.rpc('search_articles', { q: s.token }),
        sb.from('bylines').select('user_id, full_name').eq('user_id', s.author.userId),
        sb.from('articles').select('view_count').eq('id', s.rescheduled.id).single(),
      ]);
      expect(byId.data!.map((r) => r.id).sort()).toEqual([...ours()].sort());
      expect(bySlug.data).toEqual([{ id: s.scheduled.id }]);
      expect(oldSlug.data, 'the old address leads to the current one').toEqual([
        { article_id: s.rescheduled.id, articles: { slug: s.rescheduled.slug } },
      ]);
      expect((category.data!.articles as { id: string }[]).map((a) => a.id).sort()).toEqual([...ours(), s.control.id].sort());
      expect(images.data).toEqual([{ id: s.imageId }]);
      expect(corrections.data).toEqual([{ id: s.correctionId }]);
      // (A fresh-clone run once read home_page's data as null here: its error, if any, is said first.)
      expect(home.error, 'home_page').toBeNull();
      expect(ours(), 'the newest article is featured').toContain((home.data as { featured: { id: string } }).featured.id);
      expect((search.data as { id: string }[]).map((a) => a.id).sort()).toEqual([...ours(), s.control.id].sort());
      expect(bylines.data).toEqual([{ user_id: s.author.userId, full_name: `Plume ${s.token}` }]);
      expect(viewCount.data!.view_count).toBe(7);
    },
  );

  it('record_article_view counts it now', async () => {
    const reader = clientFrom('127.0.0.113');
    expect((await reader.rpc('record_article_view', { p_article_id: s.scheduled.id })).error).toBeNull();
    expect(
      must(await svc.from('article_view_counts').select('view_count').eq('article_id', s.scheduled.id).single(), 'count').view_count,
    ).toBe(1);
  });

  it('its next change reaches realtime subscribers', async () => {
    const { data: current } = await s.author.sb.from('articles').select('version').eq('id', s.scheduled.id).single();
    const res = await s.author.sb
      .from('articles')
      .update({ excerpt: `Paru ${s.token}`, version: current!.version })
      .eq('id', s.scheduled.id);
    expect(res.error).toBeNull();
    for (const role of VISITORS) {
      const change = await waitFor(() => s.live[role].find((e) => e.eventType === 'UPDATE' && e.new.id === s.scheduled.id));
      expect(change.new).toMatchObject({ status: 'scheduled', excerpt: `Paru ${s.token}` });
    }
  });
});

describe('the status rules', () => {
  const admin = () => s.who.admin.sb;
  const row = (extra: Record<string, unknown>) => ({
    slug: `regle-${uid()}`,
    title: 'Règle',
    content: '<p>x</p>',
    category_id: s.category.id,
    ...extra,
  });
  const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();

  it("'published' with a future published_at is clamped to now, on insert and on update", async () => {
    const started = Date.now();
    const inserted = await admin()
      .from('articles')
      .insert(row({ status: 'published', published_at: tomorrow() }))
      .select('id, published_at, version')
      .single();
    expect(inserted.error).toBeNull();
    expect(Date.parse(inserted.data!.published_at)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(inserted.data!.published_at)).toBeGreaterThanOrEqual(started - 1000);
    const updated = await admin()
      .from('articles')
      .update({ published_at: tomorrow(), version: inserted.data!.version })
      .eq('id', inserted.data!.id)
      .select('published_at')
      .single();
    expect(updated.error).toBeNull();
    expect(Date.parse(updated.data!.published_at)).toBeLessThanOrEqual(Date.now());
    expect(await anonClient().from('articles').select('id').eq('id', inserted.data!.id)).toMatchObject({
      data: [{ id: inserted.data!.id }],
    });
  });

  it("'scheduled' without published_at is refused (23502), on insert and on update from a draft", async () => {
    const slug = `regle-${uid()}`;
    const inserted = await admin()
      .from('articles')
      .insert(row({ slug, status: 'scheduled' }));
    expect(inserted.error?.code).toBe('23502');
    expect(inserted.error?.message).toMatch(/scheduled article needs its publication time/);
    expect((await svc.from('articles').select('id').eq('slug', slug)).data).toEqual([]);

    const draft = must(
      await admin()
        .from('articles')
        .insert(row({ status: 'draft' }))
        .select('id, version')
        .single(),
      'draft',
    );
    const updated = await admin().from('articles').update({ status: 'scheduled', version: draft.version }).eq('id', draft.id);
    expect(updated.error?.code).toBe('23502');
    expect(must(await svc.from('articles').select('status, version').eq('id', draft.id).single(), 'draft')).toEqual({
      status: 'draft',
      version: 1,
    });
  });

  it('a draft never keeps a publication time, and a scheduled article whose moment is past is public at once', async () => {
    const draft = must(
      await admin()
        .from('articles')
        .insert(row({ status: 'draft', published_at: tomorrow() }))
        .select('published_at')
        .single(),
      'draft',
    );
    expect(draft.published_at).toBeNull();
    const past = must(
      await admin()
        .from('articles')
        .insert(row({ status: 'scheduled', published_at: new Date(Date.now() - 60_000).toISOString() }))
        .select('id')
        .single(),
      'scheduled in the past',
    );
    expect((await anonClient().from('articles').select('id').eq('id', past.id)).data).toEqual([{ id: past.id }]);
  });

  it('an unknown status is refused', async () => {
    const res = await admin()
      .from('articles')
      .insert(row({ status: 'archived' }));
    expect(res.error?.code).toBe('23514');
  });
});
