import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { clientFrom, postgresDb, serviceClient } from '@afriqueactu/supabase-local/testing';
import { offlineBanner } from '../../src/offline/banner.ts';
import { getPage, ORIGIN, startTestSite } from '../../tests/integration/site.ts';
import { expectDenied, must, newJournalist, withFixtures } from './helpers.ts';

// « D'où viennent nos lecteurs » (issue 41): views and engagement readings land in the channel
// roll-ups with their channel, nothing names a reader, and only the newsroom reads the figures.
// Readers come from loopback addresses of their own (127.0.41.x), as in attacks-views.

const ctx = withFixtures();
const svc = serviceClient();
const AGENT = 'Mozilla/5.0 (Linux; Android 14) lecteur-canaux';
const reader = (n: number) => clientFrom(`127.0.41.${n}`, { userAgent: AGENT });
let db: pg.Client;
beforeAll(async () => {
  db = await postgresDb();
});
afterAll(async () => {
  await db.end();
});

type Figures = { channel: string; views: number; readings: number; engaged_seconds: number; completions: number; lite_views: number };
const byChannel = (rows: Figures[]) => Object.fromEntries(rows.map((r) => [r.channel, r]));
const articleChannels = async (articleId: string) =>
  byChannel(must(await ctx.who.admin.sb.rpc('article_channels', { p_article_id: articleId, p_days: 7 }), 'article_channels') as Figures[]);

describe('channels of views and readings', () => {
  it('a tagged WhatsApp view and its reading land in every roll-up: the article, the site, the last minutes', async () => {
    const id = ctx.f.published.id;
    const before = byChannel(must(await ctx.who.admin.sb.rpc('channel_sources', { p_days: 1 }), 'sources') as Figures[]);
    expect((await reader(1).rpc('record_article_view', { p_article_id: id, p_channel: 'whatsapp', p_kind: 'full' })).error).toBeNull();
    expect((await reader(2).rpc('record_article_view', { p_article_id: id, p_channel: 'whatsapp', p_kind: 'lite' })).error).toBeNull();
    expect(
      (
        await reader(3).rpc('record_article_view', {
          p_article_id: id,
          p_channel: 'discover',
          p_app: 'com.google.android.googlequicksearchbox',
        })
      ).error,
    ).toBeNull();
    const reading = {
      p_article_id: id,
      p_channel: 'whatsapp',
      p_kind: 'full',
      p_engaged_seconds: 95,
      p_completed: true,
      p_reader_class: 'fidele',
      p_kilobytes: 120,
    };
    expect((await reader(1).rpc('record_reading', reading)).error).toBeNull();
    // The same reader's second reading within 30 minutes adds nothing; a beacon out of range is cut to 30 minutes.
    expect((await reader(1).rpc('record_reading', { ...reading, p_engaged_seconds: 500 })).error).toBeNull();
    expect(
      (await reader(2).rpc('record_reading', { ...reading, p_kind: 'lite', p_engaged_seconds: 99_999, p_completed: false })).error,
    ).toBeNull();

    const mine = await articleChannels(id);
    expect(mine.whatsapp).toMatchObject({
      views: 2,
      readings: 2,
      engaged_seconds: 95 + 1800,
      completions: 1,
      lite_views: 1,
      readers_loyal: 2,
      kilobytes: 240,
    });
    expect(mine.discover).toMatchObject({ views: 1, readings: 0 });
    const after = byChannel(must(await ctx.who.admin.sb.rpc('channel_sources', { p_days: 1 }), 'sources') as Figures[]);
    expect(after.whatsapp!.views - (before.whatsapp?.views ?? 0)).toBe(2);
    expect(after.whatsapp!.engaged_seconds - (before.whatsapp?.engaged_seconds ?? 0)).toBe(1895);
    const now = must(await ctx.who.admin.sb.rpc('channels_now'), 'channels_now') as {
      views: number;
      articles: { id: string; channels: Figures[] }[];
    };
    const shown = now.articles.find((a) => a.id === id);
    expect(byChannel(shown!.channels).whatsapp).toMatchObject({ views: 2, readings: 2, engaged_seconds: 1895 });
    // The app's raw name is kept for new mappings; the article's views still count as before.
    const { rows } = await db.query(`select views from private.app_referrers_daily where app = 'com.google.android.googlequicksearchbox'`);
    expect(rows[0]?.views).toBeGreaterThanOrEqual(1);
    expect(
      (await svc.from('article_view_counts').select('view_count').eq('article_id', id).single()).data?.view_count,
    ).toBeGreaterThanOrEqual(3);
  });

  it('says each channel’s median engaged time from six bands of seconds, no reading kept: 5 s, 20 s, 100 s → in 10–30 s', async () => {
    const id = ctx.f.published.id;
    for (const [n, seconds] of [
      [50, 5],
      [51, 20],
      [52, 100],
    ] as const) {
      expect((await reader(n).rpc('record_article_view', { p_article_id: id, p_channel: 'x', p_kind: 'full' })).error).toBeNull();
      expect(
        (await reader(n).rpc('record_reading', { p_article_id: id, p_channel: 'x', p_kind: 'full', p_engaged_seconds: seconds })).error,
      ).toBeNull();
    }
    const mine = (await articleChannels(id)).x as Figures & { median_engaged_seconds: number | null };
    expect(mine).toMatchObject({ readings: 3, engaged_seconds: 125 });
    // The middle reading falls in the 10–30 s band: interpolated, 10 + (1.5 − 1) / 1 × 20.
    expect(mine.median_engaged_seconds).toBe(20);
    const sources = byChannel(must(await ctx.who.admin.sb.rpc('channel_sources', { p_days: 1 }), 'sources') as Figures[]);
    const siteMedian = (sources.x as Figures & { median_engaged_seconds: number | null }).median_engaged_seconds;
    expect(siteMedian).toBeGreaterThanOrEqual(10);
    expect(siteMedian).toBeLessThan(30);
    // Kept as counts per band on the day's row, nothing per reading.
    const { rows } = await db.query(
      `select engaged_under_10, engaged_10_30, engaged_30_60, engaged_60_120, engaged_120_300, engaged_300_plus
       from private.channel_article_daily where article_id = $1 and channel = 'x'`,
      [id],
    );
    expect(rows).toEqual([
      { engaged_under_10: 1, engaged_10_30: 1, engaged_30_60: 0, engaged_60_120: 1, engaged_120_300: 0, engaged_300_plus: 0 },
    ]);
    // A channel with views and no reading has no median.
    expect(
      ((await articleChannels(id)).discover as (Figures & { median_engaged_seconds: number | null }) | undefined)?.median_engaged_seconds ??
        null,
    ).toBeNull();
  });

  it('refuses an unknown channel or kind; a view without a channel still counts, unattributed', async () => {
    const id = ctx.f.published.id;
    const bad = await reader(10).rpc('record_article_view', { p_article_id: id, p_channel: 'pirate' });
    expect(bad.error?.code).toBe('22023');
    expect(
      (await reader(10).rpc('record_reading', { p_article_id: id, p_channel: 'direct', p_kind: 'plein', p_engaged_seconds: 3 })).error
        ?.code,
    ).toBe('22023');
    const before = (await svc.from('article_view_counts').select('view_count').eq('article_id', id).single()).data?.view_count ?? 0;
    expect((await reader(11).rpc('record_article_view', { p_article_id: id })).error).toBeNull();
    expect((await svc.from('article_view_counts').select('view_count').eq('article_id', id).single()).data?.view_count).toBe(before + 1);
    // A draft's reading is no reading.
    expect(
      (await reader(12).rpc('record_reading', { p_article_id: ctx.f.draft.id, p_channel: 'direct', p_kind: 'full', p_engaged_seconds: 40 }))
        .error,
    ).toBeNull();
    expect(await articleChannels(ctx.f.draft.id)).toEqual({});
  });

  it('a front page or section view counts for its channel in « Sources », never for an article; one without a channel stays out', async () => {
    const sources = async () => byChannel(must(await ctx.who.admin.sb.rpc('channel_sources', { p_days: 1 }), 'sources') as Figures[]);
    const before = await sources();
    const path = `/category/politique?canal=${randomUUID()}`;
    expect((await reader(30).rpc('record_page_view', { p_path: path, p_channel: 'telegram', p_kind: 'lite' })).error).toBeNull();
    expect((await reader(31).rpc('record_page_view', { p_path: '/', p_channel: 'telegram' })).error).toBeNull();
    // An article page's own page view goes without a channel (its article view says it): not counted twice.
    expect((await reader(32).rpc('record_page_view', { p_path: `/article/${ctx.f.published.slug}` })).error).toBeNull();
    expect((await reader(30).rpc('record_page_view', { p_path: '/', p_channel: 'pirate' })).error?.code).toBe('22023');
    await svc.rpc('views_fold');
    const after = await sources();
    const gained = (channel: string, figure: 'views' | 'lite_views') => (after[channel]?.[figure] ?? 0) - (before[channel]?.[figure] ?? 0);
    expect(gained('telegram', 'views')).toBe(2);
    expect(gained('telegram', 'lite_views')).toBe(1);
    expect(
      Object.keys(after).reduce((n, c) => n + gained(c, 'views'), 0),
      'the unattributed view',
    ).toBe(2);
    // The site's page counts keep every view, attributed or not.
    expect((await svc.from('page_views').select('id', { count: 'exact', head: true }).eq('path', path)).count).toBe(1);
  });

  it('stores no address, agent or identifier: every new column holds channels, kinds, classes and counts only', async () => {
    const tables = ['channel_article_daily', 'channel_daily', 'channel_minutes', 'app_referrers_daily', 'views_inbox'];
    const { rows: columns } = await db.query<{ table_name: string; column_name: string }>(
      `select table_name, column_name from information_schema.columns where table_schema = 'private' and table_name = any($1) order by 1, ordinal_position`,
      [tables],
    );
    expect(columns.map((c) => `${c.table_name}.${c.column_name}`)).toEqual([
      'app_referrers_daily.day',
      'app_referrers_daily.app',
      'app_referrers_daily.views',
      'channel_article_daily.day',
      'channel_article_daily.article_id',
      'channel_article_daily.channel',
      'channel_article_daily.page_kind',
      'channel_article_daily.views',
      'channel_article_daily.readings',
      'channel_article_daily.engaged_seconds',
      'channel_article_daily.completions',
      'channel_article_daily.readers_new',
      'channel_article_daily.readers_regular',
      'channel_article_daily.readers_loyal',
      'channel_article_daily.kilobytes',
      'channel_article_daily.engaged_under_10',
      'channel_article_daily.engaged_10_30',
      'channel_article_daily.engaged_30_60',
      'channel_article_daily.engaged_60_120',
      'channel_article_daily.engaged_120_300',
      'channel_article_daily.engaged_300_plus',
      'channel_daily.day',
      'channel_daily.channel',
      'channel_daily.page_kind',
      'channel_daily.views',
      'channel_daily.readings',
      'channel_daily.engaged_seconds',
      'channel_daily.completions',
      'channel_daily.readers_new',
      'channel_daily.readers_regular',
      'channel_daily.readers_loyal',
      'channel_daily.kilobytes',
      'channel_daily.engaged_under_10',
      'channel_daily.engaged_10_30',
      'channel_daily.engaged_30_60',
      'channel_daily.engaged_60_120',
      'channel_daily.engaged_120_300',
      'channel_daily.engaged_300_plus',
      'channel_minutes.minute',
      'channel_minutes.article_id',
      'channel_minutes.channel',
      'channel_minutes.views',
      'channel_minutes.readings',
      'channel_minutes.engaged_seconds',
      'views_inbox.id',
      'views_inbox.article_id',
      'views_inbox.path',
      'views_inbox.created_at',
      'views_inbox.channel',
      'views_inbox.page_kind',
      'views_inbox.app',
      'views_inbox.reading',
      'views_inbox.engaged_seconds',
      'views_inbox.completed',
      'views_inbox.reader_class',
      'views_inbox.kilobytes',
    ]);
    // Every value of every row, read as text: no reader's address nor user agent anywhere.
    for (const table of tables) {
      const { rows } = await db.query<{ row: string }>(`select t::text as row from private.${table} t`);
      for (const { row } of rows) {
        expect(row).not.toContain('127.0.41');
        expect(row).not.toContain('lecteur-canaux');
      }
    }
  });

  it('only the newsroom reads the figures: administrators all, a journalist their own articles', async () => {
    const { who, f } = ctx;
    for (const role of ['anon', 'reader', 'journalist'] as const) {
      expectDenied(await who[role].sb.rpc('channel_outlets', { p_days: 7 }), `${role} reads « Canaux »`);
      expectDenied(await who[role].sb.rpc('channel_sources', { p_days: 7 }), `${role} reads « Sources »`);
      expectDenied(await who[role].sb.rpc('channels_now'), `${role} reads « En ce moment »`);
    }
    for (const role of ['anon', 'reader', 'journalist'] as const)
      expectDenied(await who[role].sb.rpc('article_channels', { p_article_id: f.published.id }), `${role} reads another's article panel`);
    const author = await newJournalist(`Plume ${f.token}`);
    const own = must(
      await svc
        .from('articles')
        .insert({
          slug: `canaux-${f.token}`,
          title: `Canaux ${f.token}`,
          content: '<p>Texte</p>',
          status: 'published',
          author_id: author.userId,
        })
        .select('id')
        .single(),
      'the journalist’s own article',
    );
    try {
      expect((await reader(20).rpc('record_article_view', { p_article_id: own.id, p_channel: 'alertes' })).error).toBeNull();
      const panel = must(await author.sb.rpc('article_channels', { p_article_id: own.id }), 'own panel') as Figures[];
      expect(panel).toEqual([expect.objectContaining({ channel: 'alertes', views: 1, lite_views: 0 })]);
    } finally {
      await svc.from('articles').delete().eq('id', own.id);
    }
    expect((await who.admin.sb.rpc('channel_sources', { p_days: 400 })).error?.code).toBe('22023');
    // « Canaux »: the alerts and editions sent, against the views each channel brought (the alert's view above).
    const outlets = must(await who.admin.sb.rpc('channel_outlets', { p_days: 1 }), 'channel_outlets') as {
      alerts: { sent: number; opened: number };
      arrivals: Record<string, number>;
    };
    expect(outlets.arrivals.alertes).toBeGreaterThanOrEqual(1);
    expect(outlets.arrivals.whatsapp).toBeGreaterThanOrEqual(2);
    expect(outlets.alerts.sent).toBeGreaterThanOrEqual(0);
  });

  it('counts share presses once per reader, article and network, set beside the arrivals in « Canaux »', async () => {
    const { who, f } = ctx;
    const presses = async () =>
      (must(await who.admin.sb.rpc('channel_outlets', { p_days: 1 }), 'channel_outlets') as { shares: Record<string, number> }).shares
        .whatsapp ?? 0;
    const before = await presses();
    for (const n of [40, 40, 41])
      expect((await reader(n).rpc('record_share_press', { p_slug: f.published.slug, p_network: 'whatsapp' })).error).toBeNull();
    expect((await reader(42).rpc('record_share_press', { p_slug: f.draft.slug, p_network: 'whatsapp' })).error).toBeNull();
    expect(await presses()).toBe(before + 2);
    expect((await reader(43).rpc('record_share_press', { p_slug: f.published.slug, p_network: 'myspace' })).error?.code).toBe('22023');
  });
});

describe('sign-ups per article', () => {
  const device = () => ({
    p_endpoint: `http://127.0.0.1:9/push/inscription-${randomUUID()}`,
    p_p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
    p_auth: randomBytes(16).toString('base64url'),
    // This file's own category, not « À la une »: an alert sent by a test beside this one must not reach them.
    p_follows_front: false,
    p_categories: [ctx.f.category.id],
    p_tags: [],
  });

  it('counts a newsletter or alerts sign-up on the article it started on, once, and only its author and administrators read it', async () => {
    const { who, f } = ctx;
    const author = await newJournalist(`Inscriptions ${f.token}`);
    const article = async (name: string) =>
      must(
        await svc
          .from('articles')
          .insert({
            slug: `${name}-${f.token}`,
            title: `${name} ${f.token}`,
            content: '<p>Texte</p>',
            status: 'published',
            author_id: author.userId,
          })
          .select('id')
          .single(),
        'the journalist’s article',
      );
    const [a, b] = [await article('inscriptions-a'), await article('inscriptions-b')];
    try {
      const signups = async (id: string) => must(await author.sb.rpc('article_signups', { p_article_id: id }), 'article_signups');
      const email = `inscrit-${f.token}@example.org`;
      expect((await reader(60).rpc('subscribe_newsletter', { p_email: email, p_article_id: a.id })).error).toBeNull();
      // The same address again, still waiting for its confirmation: not a second sign-up.
      expect((await reader(60).rpc('subscribe_newsletter', { p_email: email, p_article_id: b.id })).error).toBeNull();
      // A form that names no article still signs up, counted nowhere.
      expect((await reader(61).rpc('subscribe_newsletter', { p_email: `autre-${f.token}@example.org` })).error).toBeNull();
      const phone = device();
      expect((await reader(62).rpc('push_subscribe', { ...phone, p_article_id: a.id })).error).toBeNull();
      // The same device changing what it follows from another article: not a new sign-up.
      expect(
        (await reader(62).rpc('push_subscribe', { ...phone, p_follows_front: false, p_categories: [f.category.id], p_article_id: b.id }))
          .error,
      ).toBeNull();
      expect((await reader(63).rpc('push_subscribe', { ...device(), p_article_id: b.id })).error).toBeNull();
      expect(await signups(a.id)).toEqual({ newsletter: 1, alertes: 1 });
      expect(await signups(b.id)).toEqual({ newsletter: 0, alertes: 1 });
      // A bad address is refused as before, and counts nothing.
      expect((await reader(64).rpc('subscribe_newsletter', { p_email: 'pas une adresse', p_article_id: a.id })).error?.code).toBe('22023');
      expect(await signups(a.id)).toEqual({ newsletter: 1, alertes: 1 });
      // Counts per day and article only: nothing names the address or the device.
      const { rows } = await db.query(`select t::text as row from private.article_signups_daily t where article_id = $1`, [a.id]);
      for (const { row } of rows) expect(row).not.toMatch(/inscrit|127\.0\.0\.1|@/);
      expect(await signups(a.id)).toEqual(must(await who.admin.sb.rpc('article_signups', { p_article_id: a.id }), 'admin reads'));
      for (const role of ['anon', 'reader', 'journalist'] as const)
        expectDenied(await who[role].sb.rpc('article_signups', { p_article_id: a.id }), `${role} reads another's sign-ups`);
    } finally {
      await svc.from('push_subscriptions').delete().like('endpoint', 'http://127.0.0.1:9/push/inscription-%');
      await svc.from('articles').delete().in('id', [a.id, b.id]);
    }
  });
});

describe('readers without JavaScript', () => {
  it('are counted by the server when the page’s <noscript> picture loads, with the tag the page carried; previews are not', async () => {
    const site = await startTestSite({ serviceRoleKey: inject('serviceRoleKey'), trustProxy: true });
    try {
      const { slug, id } = ctx.f.published;
      const { doc } = await getPage(`${site.url}/article/${slug}?s=wa`, { headers: { 'Save-Data': 'on' } });
      // The lite page names its article to the newsletter form and the alerts button (sign-ups per article).
      expect(doc.querySelector('article[data-article-id]')?.getAttribute('data-article-id')).toBe(id);
      const noscript = doc.querySelector('noscript')?.innerHTML ?? '';
      const pixel = /src="([^"]+)"/.exec(noscript)?.[1];
      expect(pixel).toBe(`/api/lu/${id}?k=lite`);
      const load = (address: string, agent: string, referer: string) =>
        fetch(`${site.url}${pixel}`, { headers: { 'user-agent': agent, 'x-forwarded-for': address, referer } });
      const before = await articleChannels(id);
      const tagged = await load('10.41.0.1', AGENT, `${ORIGIN}/article/${slug}?s=wa`);
      expect(tagged.status).toBe(200);
      expect(tagged.headers.get('content-type')).toBe('image/gif');
      expect(tagged.headers.get('cache-control')).toMatch(/no-store/);
      await load('10.41.0.1', AGENT, `${ORIGIN}/article/${slug}?s=wa`); // the same reader again: once
      await load('10.41.0.2', AGENT, `${ORIGIN}/article/${slug}`); // no tag, no referrer: « Messageries »
      expect((await load('10.41.0.3', 'WhatsApp/2.23.20.0 A', `${ORIGIN}/article/${slug}?s=wa`)).status).toBe(200);
      await load('10.41.0.4', 'facebookexternalhit/1.1', '');
      // The offline edition's banner links to its stored pages tagged: opened online, « Édition hors ligne ».
      const banner = offlineBanner(
        { edition: null, pages: { [`/article/${slug}`]: { title: 'Stockée', savedAt: '2026-12-20T06:00:00Z' } } },
        null,
      );
      const fromEdition = /href="([^"]+)"/.exec(banner)![1].replace(/&amp;/g, '&');
      expect((await getPage(`${site.url}${fromEdition}`)).res.status).toBe(200);
      await load('10.41.0.5', AGENT, `${ORIGIN}${fromEdition}`);
      const after = await articleChannels(id);
      expect((after.whatsapp?.lite_views ?? 0) - (before.whatsapp?.lite_views ?? 0)).toBe(1);
      expect((after.messageries?.views ?? 0) - (before.messageries?.views ?? 0)).toBe(1);
      expect((after['hors-ligne']?.views ?? 0) - (before['hors-ligne']?.views ?? 0)).toBe(1);
      // A made-up id is answered the same, and counts nothing.
      expect((await fetch(`${site.url}/api/lu/pas-un-id`, { headers: { 'user-agent': AGENT } })).status).toBe(200);
      // Nobody but the service role counts a view for someone else's address.
      expectDenied(
        await reader(30).rpc('record_served_view', {
          p_article_id: id,
          p_channel: 'direct',
          p_kind: 'full',
          p_address: '1.2.3.4',
          p_agent: AGENT,
        }),
        'anon counts a view for another address',
      );
    } finally {
      await site.close();
    }
  });
});
