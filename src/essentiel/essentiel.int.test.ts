import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import sharp from 'sharp';
import { serviceClient } from '@afriqueactu/supabase-local/testing';
import { senderDb } from '@/newsletter/sender';
import {
  createFixtures,
  expectDenied,
  must,
  removeFixtures,
  sessions,
  sleep,
  uid,
  type Fixtures,
  type Role,
  type Session,
} from '../../supabase/tests/helpers.ts';
import { startTestSite } from '../../tests/integration/site.ts';
import { startTestBotApi, type TestBotApi } from '../../tests/telegram/botApi.ts';
import { CARD_MAX_BYTES } from './card';
import { essentielTick, type EssentielServer } from './config';
import { newsroomDay } from './day';
import { essentialTexts, makeEdition } from './edition';
import { PAGE_MAX_BYTES } from './page';
import { drainTelegram } from './sender';
import { shortId } from './shortLinks';
import { essentialItem } from './text';

// « L'essentiel du jour » through the real stack, the real site handler and a local Telegram Bot API
// double (tests/telegram/botApi.ts): made once a day whatever the number of server instances,
// posted once, flood answers waited out, a correction edits the caption and asks for WhatsApp, the
// day's page and short links as readers and an attacker get them, and who may do what.

const ORIGIN = 'https://afrique-actu.example';
const svc = serviceClient();
const db = senderDb(inject('apiUrl'), inject('serviceRoleKey'));
let bot: TestBotApi;
let who: Record<Role, Session>;
let f: Fixtures;
let mine: { id: string; slug: string; title: string }[];

const server = (): EssentielServer => ({
  db,
  origin: ORIGIN,
  timeZone: 'UTC',
  // A minute ago: the day's time has passed, not by hours.
  time: new Date(Date.now() - 60_000).toISOString().slice(11, 16),
  telegram: { apiUrl: bot.url, token: bot.token, chatId: bot.chatId },
  tickMs: 60_000,
});

/** Stores a day's edition of these articles, as the server makes it. */
async function store(day: string, articles: typeof mine, telegram = true) {
  const texts = essentialTexts(
    articles.map((a) => essentialItem({ ...a, excerpt: null, content: '', key_points: ['Point clé'] })),
    ORIGIN,
    day,
  )!;
  return must(
    await db.rpc('edition_start', {
      p_day: day,
      p_articles: articles.map((a) => a.id),
      p_text: texts.text,
      p_caption: texts.caption,
      p_telegram: telegram,
    }),
    'edition_start',
  );
}

const forget = (...days: string[]) => svc.from('daily_editions').delete().in('day', days);
const log = async (day: string) =>
  must(await svc.from('diffusion_log').select('event, actor, detail').eq('day', day).order('id'), 'the log');

beforeAll(async () => {
  bot = await startTestBotApi();
  who = await sessions();
  f = await createFixtures(who.admin.sb);
  mine = [];
  for (const n of [1, 2, 3]) {
    const token = uid();
    mine.push(
      must(
        await who.admin.sb
          .from('articles')
          .insert({
            slug: `essentiel-${n}-${token}`,
            title: `Essentiel ${n} ${token}`,
            excerpt: 'Résumé',
            content: '<p>Texte</p>',
            key_points: [`Point ${n}`],
            status: 'published',
            category_id: f.category.id,
          })
          .select('id, slug, title')
          .single(),
        'an article',
      ),
    );
  }
});

afterAll(async () => {
  await svc
    .from('articles')
    .delete()
    .in(
      'id',
      mine.map((a) => a.id),
    );
  await removeFixtures(f);
  await bot.close();
});

beforeEach(() => {
  bot.messages.length = 0;
  bot.calls.length = 0;
});

describe('the daily post', () => {
  const today = newsroomDay(new Date(), 'UTC');
  beforeEach(async () => void (await forget(today)));
  afterAll(async () => void (await forget(today)));

  it('is made and posted once, even with two server instances ticking together', async () => {
    await Promise.all([essentielTick(server()), essentielTick(server())]);
    await Promise.all([essentielTick(server()), essentielTick(server())]);
    expect(bot.messages).toHaveLength(1);
    const [message] = bot.messages;
    expect(message!.caption).toMatch(/^<b>L'essentiel du \p{L}+ \d+ \p{L}+<\/b>/u);
    expect(message!.caption).toContain('?s=ed-tg');
    expect(message!.caption).not.toContain('?s=ed-wa');
    expect(message!.parseMode).toBe('HTML');
    const card = await sharp(message!.photo).metadata();
    expect([card.format, card.width, card.height]).toEqual(['jpeg', 1080, 1350]);
    expect(message!.photo.length).toBeLessThanOrEqual(CARD_MAX_BYTES);
    const posts = must(await svc.from('telegram_posts').select('kind, status, message_id').eq('day', today), 'the posts');
    expect(posts).toEqual([{ kind: 'send', status: 'sent', message_id: message!.messageId }]);
    expect((await log(today)).map((e) => e.event)).toEqual(['made', 'telegram_sent']);
    // « Préparer maintenant » afterwards makes nothing more.
    expect(await makeEdition(db, { origin: ORIGIN, timeZone: 'UTC', telegram: true })).toEqual({
      day: today,
      made: false,
      reason: 'day-taken',
    });
  });

  it('waits out a flood answer for the retry_after Telegram gives, then posts', async () => {
    bot.flood(2);
    await store(today, mine);
    const first = await drainTelegram(db, server().telegram!, { origin: ORIGIN });
    expect(first).toEqual({ sent: 0, failed: 0, retried: 1 });
    // Asked again at once: not yet due, nothing sent.
    expect(await drainTelegram(db, server().telegram!, { origin: ORIGIN })).toEqual({ sent: 0, failed: 0, retried: 0 });
    expect(bot.messages).toHaveLength(0);
    await sleep(2100);
    expect(await drainTelegram(db, server().telegram!, { origin: ORIGIN })).toEqual({ sent: 1, failed: 0, retried: 0 });
    expect(bot.calls.map((c) => c.status)).toEqual([429, 200]);
    expect(bot.calls[1]!.at - bot.calls[0]!.at).toBeGreaterThanOrEqual(2000);
  });
});

describe('a correction to an article of an edition already posted', () => {
  const day = '2031-01-06';
  beforeAll(async () => void (await forget(day)));
  afterAll(async () => void (await forget(day)));

  it('edits the Telegram caption and raises « Correction à publier sur WhatsApp »', async () => {
    await store(day, mine);
    await drainTelegram(db, server().telegram!, { origin: ORIGIN });
    expect(bot.messages).toHaveLength(1);
    must(await who.admin.sb.rpc('diffusion_mark_whatsapp', { p_day: day }).then((r) => ({ ...r, data: true })), 'ticked');
    const corrected = `${mine[1]!.title} (corrigé)`;
    must(await who.admin.sb.from('articles').update({ title: corrected }).eq('id', mine[1]!.id).select('id'), 'the title corrected');
    must(
      await who.admin.sb.from('article_corrections').insert({ article_id: mine[1]!.id, note: 'Le chiffre était faux.' }).select('id'),
      'a correction',
    );
    expect(await drainTelegram(db, server().telegram!, { origin: ORIGIN })).toEqual({ sent: 1, failed: 0, retried: 0 });
    const [message] = bot.messages;
    expect(message!.edits).toHaveLength(1);
    expect(message!.caption).toContain(corrected);
    const events = await log(day);
    expect(events.map((e) => e.event)).toEqual(['made', 'telegram_sent', 'whatsapp_published', 'correction', 'telegram_edited']);
    expect(events[2]!.actor, 'who ticked it').toBe(who.admin.userId);
    // The WhatsApp text follows, for the next forward.
    expect(must(await svc.from('daily_editions').select('text').eq('day', day).single(), 'the edition').text).toContain(corrected);
  });
});

describe('a post Telegram refuses', () => {
  const day = '2031-01-11';
  beforeAll(async () => void (await forget(day)));
  afterAll(async () => void (await forget(day)));

  it('fails at once (a wrong token), is logged for « Diffusion », and takes the caption edits queued behind it', async () => {
    await store(day, mine);
    // Corrected before the message went: the edit waits for it.
    must(
      await who.admin.sb.from('article_corrections').insert({ article_id: mine[0]!.id, note: 'Précision.' }).select('id'),
      'a correction',
    );
    const wrongToken = { ...server().telegram!, token: '999:wrong' };
    expect(await drainTelegram(db, wrongToken, { origin: ORIGIN })).toEqual({ sent: 0, failed: 1, retried: 0 });
    const posts = must(await svc.from('telegram_posts').select('kind, status, error').eq('day', day).order('id'), 'the posts');
    expect(posts).toEqual([
      { kind: 'send', status: 'failed', error: '401 Unauthorized' },
      { kind: 'edit', status: 'failed', error: 'message jamais publié' },
    ]);
    expect((await log(day)).map((e) => [e.event, e.detail])).toEqual([
      ['made', ''],
      ['correction', mine[0]!.title],
      ['telegram_failed', '401 Unauthorized'],
    ]);
    expect(bot.messages).toHaveLength(0);
  });
});

describe('who may do what', () => {
  const day = '2031-01-07';
  beforeAll(async () => {
    await forget(day);
    await store(day, mine, false);
  });
  afterAll(async () => void (await forget(day)));

  it('everyone reads the editions; only administrators read the log and the queue and tick WhatsApp', async () => {
    for (const role of ['anon', 'reader', 'journalist', 'admin'] as const) {
      const sb = who[role].sb;
      expect(must(await sb.from('daily_editions').select('day').eq('day', day), role)).toHaveLength(1);
      const seen = role === 'admin' ? 1 : 0;
      expect((await sb.from('diffusion_log').select('id').eq('day', day)).data ?? [], `${role} reads the log`).toHaveLength(seen);
      if (role === 'admin') continue;
      expectDenied(await sb.rpc('diffusion_mark_whatsapp', { p_day: day }), `${role} ticks WhatsApp`);
      expectDenied(
        await sb.rpc('edition_start', { p_day: '2031-02-01', p_articles: [mine[0]!.id], p_text: 'x', p_caption: 'x', p_telegram: true }),
        `${role} makes an edition`,
      );
      expectDenied(await sb.rpc('telegram_claim_post'), `${role} claims a post`);
      expectDenied(await sb.from('daily_editions').update({ text: 'Piraté' }).eq('day', day), `${role} rewrites the edition`);
    }
    expect((await log(day)).map((e) => e.event)).toEqual(['made']);
  });

  it('« Préparer maintenant » answers administrators alone', async () => {
    const site = await startTestSite({ essentiel: { ...server(), telegram: undefined } });
    try {
      const prepare = async (session: Session) => {
        const token = (await session.sb.auth.getSession()).data.session!.access_token;
        return fetch(`${site.url}/api/essentiel/preparer`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
      };
      expect((await prepare(who.journalist)).status).toBe(403);
      expect((await fetch(`${site.url}/api/essentiel/preparer`, { method: 'POST' })).status).toBe(403);
      const answer = await prepare(who.admin);
      expect([200, 201]).toContain(answer.status);
      expect(((await answer.json()) as { day: string }).day).toBe(newsroomDay(new Date(), 'UTC'));
    } finally {
      await forget(newsroomDay(new Date(), 'UTC'));
      await site.close();
    }
  });
});

describe('the day’s page, its card and the short links, as readers get them', () => {
  const day = '2031-01-09';
  const before = '2031-01-08';
  let site: Awaited<ReturnType<typeof startTestSite>>;
  beforeAll(async () => {
    await forget(day, before);
    await store(before, mine.slice(0, 1), false);
    // A draft in the list (as a withdrawn article would be) is never shown.
    await store(day, [...mine, f.draft], false);
    site = await startTestSite();
  });
  afterAll(async () => {
    await forget(day, before);
    await site.close();
  });
  const get = (path: string) => fetch(`${site.url}${path}`, { redirect: 'manual', headers: { 'Accept-Encoding': 'gzip' } });

  it('/edition/{day}: the stories linking to their articles, the previous days, no script, under 20 KB', async () => {
    const res = await get(`/edition/${day}`);
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.clone().arrayBuffer()).length;
    const html = await res.text();
    expect(bytes).toBeLessThanOrEqual(PAGE_MAX_BYTES);
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(PAGE_MAX_BYTES);
    expect(html).not.toMatch(/<script/i);
    for (const a of mine) expect(html).toContain(`href="/article/${a.slug}"`);
    expect(html).not.toContain(f.draft.slug);
    expect(html).toContain(`href="/edition/${before}"`);
    expect(html).toContain('L’essentiel du jour');
    expect(res.headers.get('surrogate-key')?.split(' ')).toEqual(expect.arrayContaining(['edition', `article-${mine[0]!.id}`]));
  });

  it('a day without an edition, or no date at all, is a 404; the offline edition still answers', async () => {
    expect((await get('/edition/2031-01-10')).status).toBe(404);
    expect((await get('/edition/2031-02-30')).status).toBe(404);
    expect((await get('/edition/pas-une-date')).status).toBe(404);
    expect((await get('/edition.json')).status).toBe(200);
  });

  it('/edition/{day}/carte.jpg: the card, a JPEG under 150 KB', async () => {
    const res = await get(`/edition/${day}/carte.jpg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    const jpeg = Buffer.from(await res.arrayBuffer());
    expect(jpeg.length).toBeLessThanOrEqual(CARD_MAX_BYTES);
    expect((await sharp(jpeg).metadata()).width).toBe(1080);
  });

  it('/a/{id} answers 301 to the article with its channel tag, and names no draft', async () => {
    const res = await get(`/a/${shortId(mine[0]!.id)}?s=ed-wa`);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(`/article/${mine[0]!.slug}?s=ed-wa`);
    expect(res.headers.get('surrogate-control')).toBeNull();
    // A tag that is not one is dropped; a draft, an unknown or malformed id name nothing.
    expect((await get(`/a/${shortId(mine[0]!.id)}?s=%3Cscript%3E`)).headers.get('location')).toBe(`/article/${mine[0]!.slug}`);
    expect((await get(`/a/${shortId(f.draft.id)}?s=ed-wa`)).status).toBe(404);
    expect((await get(`/a/${shortId('00000000-0000-4000-8000-000000000000')}`)).status).toBe(404);
    expect((await get('/a/pas-un-id')).status).toBe(404);
  });
});
