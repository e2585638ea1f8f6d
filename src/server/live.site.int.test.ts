import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient } from '@afriqueactu/supabase-local/testing';
import type { LiveDelta, LiveEntry, LiveTombstone } from '@/lib/live';
import { must, uid, withFixtures } from '../../supabase/tests/helpers';
import { heldApi } from '../../tests/integration/heldApi';
import { caughtUp, getPage, startTestSite } from '../../tests/integration/site';
import { EDGE } from './headers';

// « En direct » as readers get it from the site's server, on the real stack: the live page (20
// entries newest first, « Plus anciens », key events, pinned entry, corrections, ?depuis=), the
// delta address and its caches, the lite page, the front page's mark and the offline edition.

const ctx = withFixtures();
const svc = serviceClient();
type Site = Awaited<ReturnType<typeof startTestSite>>;
/** Renders every request (the default test site): what a change does is seen at once. */
let site: Site;
/** Keeps its answers (the page cache on), its API behind a proxy that lists what the server asked. */
let kept: Site;
let api: Awaited<ReturnType<typeof heldApi>>;
const made: string[] = [];

beforeAll(async () => {
  api = await heldApi(() => false);
  [site, kept] = await Promise.all([startTestSite(), startTestSite({ pageCache: {}, supabaseUrl: api.url })]);
});
afterAll(async () => {
  await Promise.all([site?.close(), kept?.close()]);
  await api?.close();
  if (made.length) await svc.from('articles').delete().in('id', made);
});

/** A live article as the admin makes it (format « Direct »), public or a draft. */
async function liveArticle(status: 'published' | 'draft' = 'published') {
  const token = uid();
  const article = must(
    await ctx.who.admin.sb
      .from('articles')
      .insert({
        slug: `direct-${token}`,
        title: `Direct ${token}`,
        content: '<p>Suivez la soirée avec notre rédaction.</p>',
        status,
        format: 'live',
        category_id: ctx.f.category.id,
      })
      .select('id, slug')
      .single(),
    'admin creates a live article',
  );
  made.push(article.id);
  return article;
}

const post = async (articleId: string, body: string) =>
  must(
    await ctx.who.journalist.sb.rpc('live_post', { p_id: randomUUID(), p_article_id: articleId, p_body: body }),
    `journalist posts « ${body} »`,
  ) as unknown as LiveEntry;

const entryIds = (doc: Document) => [...doc.querySelectorAll('[data-live-entries] > article')].map((a) => a.id);
const revisionOf = (doc: Document) => Number(doc.querySelector('.live')?.getAttribute('data-live-revision'));
const deltaOf = async (on: Site, slug: string, revision: number | string) => {
  const res = await fetch(`${on.url}/article/${slug}/live/${revision}`);
  return { res, body: (await res.json()) as LiveDelta & { error?: string } };
};
/** The delta reads the kept site has made. */
const deltaReads = () => api.asked.filter((path) => path.startsWith('/rest/v1/rpc/live_delta')).length;

describe('the live page', () => {
  let live: { id: string; slug: string };
  const entries: LiveEntry[] = [];
  beforeAll(async () => {
    live = await liveArticle();
    for (let i = 1; i <= 25; i++) entries.push(await post(live.id, `Message ${i} : les bureaux de https://example.org/bureaux/${i}.`));
  });

  it('lists 20 entries newest first then « Plus anciens », which lists the rest', async () => {
    const { res, doc } = await getPage(`${site.url}/article/${live.slug}`);
    expect(res.status).toBe(200);
    expect(doc.querySelector('h1')?.textContent).toBe(`Direct ${live.slug.slice('direct-'.length)}`);
    expect(doc.querySelector('.live__state')?.textContent).toBe('En direct');
    expect(entryIds(doc)).toEqual(Array.from({ length: 20 }, (_, i) => `entree-${25 - i}`));
    // Links made clickable, the text as text; its time links to its anchor; its own WhatsApp share.
    const first = doc.getElementById('entree-25')!;
    expect(first.querySelector('.live-entry__body a')?.getAttribute('href')).toBe('https://example.org/bureaux/25');
    expect(first.querySelector('.live-entry__time')?.getAttribute('href')).toBe('#entree-25');
    expect(first.querySelector('.live-entry__time time')?.textContent).toMatch(/^\d{2}:\d{2}$/);
    expect(new URL(first.querySelector<HTMLAnchorElement>('.live-entry__share')!.href).searchParams.get('text')).toBe(
      `${entries[24].body}\n\nhttps://afrique-actu.example/article/${live.slug}?s=wa#entree-25`,
    );
    const older = [...doc.querySelectorAll('a')].find((a) => a.textContent === 'Plus anciens');
    expect(older?.getAttribute('href')).toBe(`/article/${live.slug}?avant=6`);

    const rest = await getPage(`${site.url}${older!.getAttribute('href')}`);
    expect(rest.res.status).toBe(200);
    expect(entryIds(rest.doc)).toEqual(['entree-5', 'entree-4', 'entree-3', 'entree-2', 'entree-1']);
    expect([...rest.doc.querySelectorAll('a')].some((a) => a.textContent === 'Plus anciens')).toBe(false);
    // Not a cursor, before the first entry, or an article that is no live coverage: no such page.
    expect((await fetch(`${site.url}/article/${live.slug}?avant=six`)).status).toBe(404);
    expect((await fetch(`${site.url}/article/${live.slug}?avant=1`)).status).toBe(404);
    expect((await fetch(`${site.url}/article/${ctx.f.published.slug}?avant=6`)).status).toBe(404);
    expect((await fetch(`${site.url}/article/${ctx.f.published.slug}`)).status).toBe(200);
  });

  it('shows the key events above as links, the pinned entry on top and a correction under its entry', async () => {
    const { admin, journalist } = ctx.who;
    must(await admin.sb.rpc('live_mark', { p_id: entries[2].id, p_key_event: true, p_pinned: false }), 'key event 3');
    must(await admin.sb.rpc('live_mark', { p_id: entries[21].id, p_key_event: true, p_pinned: true }), 'key event 22, pinned');
    const corrected = must(
      await journalist.sb.rpc('live_edit', {
        p_id: entries[23].id,
        p_body: 'Message 24 : participation 61 %.',
        p_correction: 'Lire 61 %, pas 71 %.',
      }),
      'correction',
    ) as unknown as LiveEntry;
    const { doc } = await getPage(`${site.url}/article/${live.slug}`);
    const links = [...doc.querySelectorAll('.live__key-events a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual(['#entree-22', `/article/${live.slug}?avant=4#entree-3`]);
    expect(doc.querySelector('.live__pinned [data-live-seq="22"]')).not.toBeNull();
    expect(doc.querySelectorAll('#entree-22'), 'one anchor for the pinned entry').toHaveLength(1);
    const correction = doc.querySelector('#entree-24 .live-entry__correction')?.textContent;
    const at = new Date(corrected.correction!.at).toISOString().slice(11, 16);
    expect(correction).toBe(`Correction à ${at} : Lire 61 %, pas 71 %.`);
    expect(doc.querySelector('#entree-24 .live-entry__body')?.textContent).toBe('Message 24 : participation 61 %.');
  });

  it('carries LiveBlogPosting JSON-LD with the latest 20 entries', async () => {
    const { doc } = await getPage(`${site.url}/article/${live.slug}`);
    const ld = JSON.parse(doc.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(ld['@type']).toBe('LiveBlogPosting');
    expect(ld.coverageStartTime).toBeTruthy();
    expect(ld.liveBlogUpdate).toHaveLength(20);
    expect(ld.liveBlogUpdate[0]).toMatchObject({
      '@type': 'BlogPosting',
      url: `https://afrique-actu.example/article/${live.slug}#entree-25`,
    });
  });

  it('?depuis= renders only what came after that revision, with « Rafraîchir » from the new one', async () => {
    const before = revisionOf((await getPage(`${site.url}/article/${live.slug}`)).doc);
    for (const body of ['Nouveau A', 'Nouveau B', 'Nouveau C']) await post(live.id, body);
    const { res, doc } = await getPage(`${site.url}/article/${live.slug}?depuis=${before}`);
    expect(res.status).toBe(200);
    expect(doc.querySelector('.live__count')?.textContent).toBe('3 nouveaux messages');
    expect(entryIds(doc)).toEqual(['entree-28', 'entree-27', 'entree-26']);
    const refresh = [...doc.querySelectorAll('a')].find((a) => a.textContent === 'Rafraîchir');
    expect(refresh?.getAttribute('href')).toBe(`/article/${live.slug}?depuis=${before + 3}`);
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`https://afrique-actu.example/article/${live.slug}`);
    const again = await getPage(`${site.url}${refresh!.getAttribute('href')}`);
    expect(again.doc.querySelector('.live__count')?.textContent).toBe('Aucun nouveau message');
    expect(entryIds(again.doc)).toEqual([]);
  });

  it('goes out lite in data-saver mode, the entries in the HTML, within the 60 KB budget', async () => {
    const { res, doc, html } = await getPage(`${site.url}/article/${live.slug}`, { headers: { 'Save-Data': 'on' } });
    expect(res.status).toBe(200);
    expect(doc.getElementById('root')?.hasAttribute('data-lite')).toBe(true);
    expect(entryIds(doc)).toHaveLength(20);
    expect(gzipSync(html).length, 'the page over the wire').toBeLessThan(60 * 1024);
    // Without JavaScript (Opera Mini, scripts off): « Rafraîchir » asks for what came after this page.
    const refresh = [...doc.querySelectorAll('a')].find((a) => a.textContent === 'Rafraîchir');
    expect(refresh?.getAttribute('href')).toBe(`/article/${live.slug}?depuis=${revisionOf(doc)}`);
  });

  it("keeps the first page's « Rafraîchir » in <noscript> where the page's script follows the coverage", async () => {
    const { doc, html } = await getPage(`${site.url}/article/${live.slug}`);
    expect(html).toMatch(
      new RegExp(
        `<noscript><p class="live__nav"><a href="/article/${live.slug}\\?depuis=${revisionOf(doc)}" class="button">Rafraîchir</a>`,
      ),
    );
  });
});

describe("the seed's election night", () => {
  it('shows a live coverage with its pinned entry, three key events and a correction (npm run dev)', async () => {
    const { res, doc } = await getPage(`${site.url}/article/presidentielle-la-soiree-electorale-en-direct`);
    expect(res.status).toBe(200);
    expect(doc.querySelector('.live__state')?.textContent).toBe('En direct');
    expect(entryIds(doc)).toEqual(Array.from({ length: 20 }, (_, i) => `entree-${25 - i}`));
    expect(doc.querySelector('.live__pinned [data-live-seq="1"]')).not.toBeNull();
    expect(doc.querySelectorAll('.live__key-events li')).toHaveLength(3);
    expect(doc.querySelector('#entree-17 .live-entry__correction')?.textContent).toMatch(
      /^Correction à \d{2}:\d{2} : Ce résultat concerne la région du lac/,
    );
  });
});

describe('the delta address', () => {
  it('answers what changed after a revision, by revision, kept by browsers briefly and by the edge one interval', async () => {
    const live = await liveArticle();
    const first = await post(live.id, 'Premier');
    await post(live.id, 'Deuxième');
    await post(live.id, 'Troisième');
    const { res, body } = await deltaOf(site, live.slug, first.revision);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Object.keys(body).sort()).toEqual(['coverage', 'entries', 'reload']);
    expect((body.entries as LiveEntry[]).map((e) => e.body)).toEqual(['Deuxième', 'Troisième']);
    expect(body.entries.map((e) => e.revision)).toEqual([first.revision + 1, first.revision + 2]);
    expect(body.coverage).toMatchObject({ state: 'open', revision: first.revision + 2, pollSeconds: 30 });
    expect(res.headers.get('cache-control')).toBe('public, max-age=5');
    expect(res.headers.get('surrogate-control')).toBe(EDGE.live);
    expect(res.headers.get('surrogate-key')?.split(' ').sort()).toEqual(['all', `article-${live.id}`]);
    expect((await deltaOf(site, live.slug, first.revision + 2)).body.entries).toEqual([]);
  });

  it('is a JSON 404 for a draft, a plain article, an unknown slug or a revision that is no cursor', async () => {
    const draft = await liveArticle('draft');
    must(
      await ctx.who.admin.sb.rpc('live_post', { p_id: randomUUID(), p_article_id: draft.id, p_body: 'Secret' }),
      'admin posts to the draft',
    );
    for (const [slug, revision] of [
      [draft.slug, '0'],
      [ctx.f.published.slug, '0'],
      [`inconnu-${uid()}`, '0'],
      [draft.slug, 'abc'],
      [draft.slug, '1'.repeat(20)],
      [draft.slug, '-1'],
    ]) {
      const res = await fetch(`${site.url}/article/${slug}/live/${revision}`);
      expect(res.status, `${slug} ${revision}`).toBe(404);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({ error: 'Direct introuvable' });
      expect(text).not.toContain('Secret');
    }
  });

  it("follows live_set_state: the interval every reader obeys, 0 once closed, and the page's « Terminé »", async () => {
    const live = await liveArticle();
    await post(live.id, 'Coup d’envoi');
    const { admin } = ctx.who;
    must(await admin.sb.rpc('live_set_state', { p_article_id: live.id, p_state: 'open', p_poll_seconds: 60 }), 'interval 60 s');
    expect((await deltaOf(site, live.slug, 0)).body.coverage).toMatchObject({ state: 'open', pollSeconds: 60 });
    must(await admin.sb.rpc('live_set_state', { p_article_id: live.id, p_state: 'paused' }), 'pause');
    expect((await deltaOf(site, live.slug, 0)).body.coverage.state).toBe('paused');
    expect((await getPage(`${site.url}/article/${live.slug}`)).doc.querySelector('.live__state')?.textContent).toBe('En pause');
    must(await admin.sb.rpc('live_set_state', { p_article_id: live.id, p_state: 'closed' }), 'close');
    const closed = (await deltaOf(site, live.slug, 0)).body.coverage;
    expect(closed).toMatchObject({ state: 'closed', pollSeconds: 0 });
    expect(closed.endedAt).toBeTruthy();
    const { doc } = await getPage(`${site.url}/article/${live.slug}`);
    expect(doc.querySelector('.live__status')?.textContent).toMatch(/^Terminé le /);
    expect(JSON.parse(doc.querySelector('script[type="application/ld+json"]')!.textContent!).coverageEndTime).toBe(closed.endedAt);
  });

  it('answers a crowd with one read per address, and an edit, a correction or a deletion is in the next answer', async () => {
    const live = await liveArticle();
    const entry = await post(live.id, 'Le candidat Diallo mène à Thiès.');
    const since = entry.revision - 1;
    await caughtUp(kept);
    const reads = deltaReads();
    const crowd = await Promise.all(Array.from({ length: 40 }, () => fetch(`${kept.url}/article/${live.slug}/live/${since}`)));
    expect(crowd.map((r) => r.status)).toEqual(Array(40).fill(200));
    expect(deltaReads() - reads, 'one read for the crowd (two if another file moved the version)').toBeLessThanOrEqual(2);
    // Kept: asked again, no read while nothing changed.
    for (let attempt = 0; ; attempt++) {
      const version = kept.version();
      const before = deltaReads();
      await fetch(`${kept.url}/article/${live.slug}/live/${since}`);
      if (kept.version() === version) {
        expect(deltaReads()).toBe(before);
        break;
      }
      expect(attempt, 'the content version held still for one request').toBeLessThan(5);
    }

    // The live page itself: one render for a burst of readers too.
    const renders = kept.renders();
    const pages = await Promise.all(Array.from({ length: 12 }, () => fetch(`${kept.url}/article/${live.slug}`)));
    expect(pages.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect(kept.renders() - renders, 'one render for the burst (two if another file moved the version)').toBeLessThanOrEqual(2);

    const { journalist } = ctx.who;
    must(await journalist.sb.rpc('live_edit', { p_id: entry.id, p_body: 'Le candidat Diallo mène à Thiès (partiel).' }), 'retouche');
    await caughtUp(kept);
    let body = (await deltaOf(kept, live.slug, since)).body;
    expect((body.entries[0] as LiveEntry).body).toBe('Le candidat Diallo mène à Thiès (partiel).');

    must(
      await journalist.sb.rpc('live_edit', {
        p_id: entry.id,
        p_body: 'Le candidat Ba mène à Thiès.',
        p_correction: 'Il s’agissait du candidat Ba.',
      }),
      'correction',
    );
    await caughtUp(kept);
    body = (await deltaOf(kept, live.slug, since)).body;
    expect((body.entries[0] as LiveEntry).correction?.text).toBe('Il s’agissait du candidat Ba.');

    expect((await journalist.sb.rpc('live_delete', { p_id: entry.id })).error, 'deletion').toBeNull();
    await caughtUp(kept);
    const res = await fetch(`${kept.url}/article/${live.slug}/live/${since}`);
    const text = await res.text();
    const tombstone: LiveTombstone = { id: entry.id, seq: entry.seq, revision: expect.any(Number) as number, deleted: true };
    expect((JSON.parse(text) as LiveDelta).entries).toEqual([tombstone]);
    expect(text, 'a deleted text is never served again').not.toContain('Thiès');
    const page = await fetch(`${kept.url}/article/${live.slug}`);
    expect(await page.text()).not.toContain('Thiès');
  });
});

describe('the front page and the offline edition', () => {
  it('mark a coverage not closed « En direct » with its latest key event, and the edition carries its page', async () => {
    const live = await liveArticle();
    const key = await post(live.id, 'Le taux de participation atteint 61 %.');
    must(await ctx.who.admin.sb.rpc('live_mark', { p_id: key.id, p_key_event: true, p_pinned: false }), 'key event');
    const { doc } = await getPage(`${site.url}/`);
    const seed = JSON.parse(doc.getElementById('page-data')!.textContent!).seed.data;
    expect(seed.live).toContainEqual(expect.objectContaining({ articleId: live.id, slug: live.slug }));
    expect(seed.live.find((c: { articleId: string }) => c.articleId === live.id).latestKeyEvent.body).toBe(key.body);
    // Its card, where the front page lists it (other files' articles may push it out of its section).
    const card = doc.querySelector(`a[href="/article/${live.slug}"]`)?.closest('.card');
    // (a headline row carries the mark alone, the other cards the key event too).
    if (card) expect(card.querySelector('.card__live-mark')?.textContent).toBe('En direct');

    const edition = await (await fetch(`${site.url}/edition.json`)).json();
    expect(edition.pages.map((p: { url: string }) => p.url)).toContain(`/article/${live.slug}`);
  });
});
