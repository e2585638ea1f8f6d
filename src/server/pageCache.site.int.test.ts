import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { postgresDb } from '@afriqueactu/supabase-local/testing';
import { createFixtures, must, removeFixtures, signIn, sleep, uid, type Fixtures, type Session } from '../../supabase/tests/helpers';
import { PROOF_MS } from './contentVersion';
import { NEGATIVE_MAX_BYTES } from './negativeAnswers';
import { heldApi } from '../../tests/integration/heldApi';
import { caughtUp, getPage, startTestSite } from '../../tests/integration/site';

// The page cache (stalePages.ts, contentVersion.ts) as readers see it, on the real stack: a kept
// page answers without a render until something readers could see changes, then never again, on
// every server instance, and the outage copy is never a withdrawn or edited article.
type Site = Awaited<ReturnType<typeof startTestSite>>;
let admin: Session & { userId: string };
let f: Fixtures;
const sites: Site[] = [];
const start = async (options: Parameters<typeof startTestSite>[0] = { pageCache: {} }) => {
  const site = await startTestSite(options);
  sites.push(site);
  return site;
};
beforeAll(async () => {
  admin = await signIn('admin');
  f = await createFixtures(admin.sb);
});
const closers: (() => Promise<void>)[] = [];
// Each test's sites and proxies end with it: a site left running reads the content version every
// second until the file ends, a dozen of them by the last test.
afterEach(async () => {
  await Promise.all(sites.splice(0).map((s) => s.close()));
  for (const close of closers.splice(0)) await close();
});
afterAll(async () => {
  await removeFixtures(f);
});

const VARIANTS: Record<string, string>[] = [{}, { 'Save-Data': 'on' }];

async function newArticle(label: string) {
  const token = `${label}-${uid()}`;
  return must(
    await admin.sb
      .from('articles')
      .insert({
        slug: `cache-${token}`,
        title: `Cache ${token}`,
        excerpt: `Résumé ${token}`,
        content: `<p>Texte d'origine ${token}</p>`,
        status: 'published',
        category_id: f.category.id,
      })
      .select('id, slug, title')
      .single(),
    'admin publishes an article',
  );
}

async function update(id: string, changes: Record<string, unknown>) {
  const { data: row } = await admin.sb.from('articles').select('version').eq('id', id).single();
  must(
    await admin.sb
      .from('articles')
      .update({ ...changes, version: row!.version })
      .eq('id', id)
      .select('id')
      .single(),
    'admin edits',
  );
}

/** Whether a second request for the page was answered by the kept copy (no render), when the version held still. */
async function expectKept(site: Site, url: string, headers: Record<string, string>) {
  for (let attempt = 0; attempt < 5; attempt++) {
    // Other test files change articles on the same stack: a move of the version is a fair render.
    const version = site.version();
    expect((await fetch(url, { headers })).status).toBe(200);
    const renders = site.renders();
    expect((await fetch(url, { headers })).status).toBe(200);
    if (site.version() === version && version !== null) return expect(site.renders(), `${url} came from the cache`).toBe(renders);
  }
  throw new Error('the content version never held still for two requests');
}

describe('kept pages', () => {
  it('answer a burst with one render, in each variant', async () => {
    const site = await start();
    const article = await newArticle('rafale');
    for (const headers of VARIANTS) {
      const renders = site.renders();
      const burst = await Promise.all(Array.from({ length: 12 }, () => fetch(`${site.url}/article/${article.slug}`, { headers })));
      expect(burst.map((r) => r.status)).toEqual(Array(12).fill(200));
      expect(site.renders() - renders).toBeLessThanOrEqual(2); // 1, or 2 if another file's change moved the version
      await expectKept(site, `${site.url}/article/${article.slug}`, headers);
    }
    // Feeds and sitemaps are kept too, and keep their HTTP cache headers.
    const rss = await fetch(`${site.url}/rss.xml`);
    expect(rss.headers.get('cache-control')).toMatch(/max-age=300/);
    expect(await rss.text()).toContain(article.slug);
  });

  it('go out compressed as made once per render, the same page whatever the reader accepts', async () => {
    const site = await start();
    const article = await newArticle('compresse');
    const address = `${site.url}/article/${article.slug}`;
    const plain = await fetch(address, { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const html = await plain.text();
    expect(html).toContain(article.title);
    const renders = site.renders();
    for (const [accepts, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.5, gzip', 'gzip'],
    ]) {
      const res = await fetch(address, { headers: { 'Accept-Encoding': accepts } });
      expect(res.headers.get('content-encoding'), accepts).toBe(encoding);
      expect(res.headers.get('vary')).toMatch(/Accept-Encoding/);
      expect(await res.text()).toBe(html); // fetch decodes: the reader's page, byte for byte
    }
    expect(site.renders() - renders).toBeLessThanOrEqual(1); // 0, or 1 if another file's change moved the version
  });

  const CHANGES: {
    change: string;
    act: (a: { id: string; slug: string }) => Promise<void>;
    check: (page: Awaited<ReturnType<typeof getPage>>, a: { slug: string }) => void;
  }[] = [
    {
      change: 'unpublished',
      act: (a) => update(a.id, { status: 'draft' }),
      check: ({ res }) => expect(res.status).toBe(404),
    },
    {
      change: 'deleted',
      act: async (a) => void must(await admin.sb.from('articles').delete().eq('id', a.id).select('id').single(), 'admin deletes'),
      check: ({ res }) => expect(res.status).toBe(404),
    },
    {
      change: 'edited (a redaction)',
      act: (a) => update(a.id, { title: 'Titre corrigé', content: '<p>Passage retiré.</p>' }),
      check: ({ res, html, doc }) => {
        expect(res.status).toBe(200);
        expect(doc.querySelector('h1')?.textContent).toBe('Titre corrigé');
        expect(html).not.toContain("Texte d'origine");
      },
    },
    {
      change: 'corrected',
      act: async (a) =>
        void must(
          await admin.sb
            .from('article_corrections')
            .insert({ article_id: a.id, note: 'Note de correction du cache' })
            .select('id')
            .single(),
          'admin corrects',
        ),
      check: ({ res, html }) => {
        expect(res.status).toBe(200);
        expect(html).toContain('Note de correction du cache');
      },
    },
    {
      change: 'renamed',
      act: (a) => update(a.id, { slug: `${a.slug}-renomme` }),
      check: ({ res }, a) => {
        expect(res.redirected).toBe(true);
        expect(res.url).toMatch(new RegExp(`/article/${a.slug}-renomme$`));
      },
    },
  ];

  // Every kept copy goes when the version moves, whatever its variant: both are read for one change.
  it.each(CHANGES)('are evicted when the article is $change, with the pages listing it', async ({ change, act, check }) => {
    const site = await start();
    const article = await newArticle(change.split(' ')[0]);
    const category = `${site.url}/category/${f.category.slug}`;
    const variants = change === 'unpublished' ? VARIANTS : [{}];
    for (const headers of variants) {
      await expectKept(site, `${site.url}/article/${article.slug}`, headers);
      await expectKept(site, category, headers);
    }
    await act(article);
    await caughtUp(site);
    for (const headers of variants) {
      check(await getPage(`${site.url}/article/${article.slug}`, { headers }), article);
      const listing = await getPage(category, { headers });
      if (change === 'unpublished' || change === 'deleted') expect(listing.html).not.toContain(article.title);
      if (change.startsWith('edited')) expect(listing.html).toContain('Titre corrigé');
    }
  });

  it('are evicted when a scheduled article goes out, though nothing is written then', async () => {
    const site = await start();
    const moment = Date.now() + 3000;
    const token = uid();
    const scheduled = must(
      await admin.sb
        .from('articles')
        .insert({
          slug: `cache-programme-${token}`,
          title: `Programmé ${token}`,
          content: '<p>Texte.</p>',
          status: 'scheduled',
          published_at: new Date(moment).toISOString(),
          category_id: f.category.id,
        })
        .select('title')
        .single(),
      'admin schedules an article',
    );
    const category = `${site.url}/category/${f.category.slug}`;
    await expectKept(site, category, {});
    expect((await getPage(category)).html).not.toContain(scheduled.title);
    await sleep(moment - Date.now() + 100);
    await caughtUp(site);
    expect((await getPage(category)).html).toContain(scheduled.title);
  });

  it('are evicted on every server instance', async () => {
    const [one, two] = [await start(), await start()];
    const article = await newArticle('deux');
    for (const site of [one, two]) await expectKept(site, `${site.url}/article/${article.slug}`, {});
    await update(article.id, { title: 'Titre vu par les deux serveurs' });
    await caughtUp(one, two);
    for (const site of [one, two])
      expect((await getPage(`${site.url}/article/${article.slug}`)).doc.querySelector('h1')?.textContent).toBe(
        'Titre vu par les deux serveurs',
      );
  });
});

describe('the outage copy', () => {
  // Every request renders here (no fresh copies), so the kept copy is only the outage fallback.
  const outageSite = () => start({ pageCache: { freshMs: -1 } });

  it.each([
    ['unpublished', { status: 'draft' }, 404],
    ['edited', { title: 'Titre après caviardage', content: '<p>Rien.</p>' }, 200],
  ] as const)('is never served once the article was %s, however slow the backend', async (_, changes, status) => {
    const site = await outageSite();
    const article = await newArticle('panne');
    const url = `${site.url}/article/${article.slug}`;
    expect((await getPage(url)).res.status).toBe(200);
    await update(article.id, changes);
    await caughtUp(site);
    const db = await postgresDb();
    try {
      await db.query('begin');
      await db.query('lock table public.articles in access exclusive mode');
      const during = getPage(url);
      await sleep(1000);
      await db.query('rollback');
      const page = await during;
      expect(page.res.headers.get('x-page-cache'), 'the copy kept before the change').toBeNull();
      expect(page.res.status).toBe(status);
      expect(page.html).not.toContain("Texte d'origine");
    } finally {
      await db.end();
    }
  });

  it('is not served when the database is too slow to say whether anything changed', async () => {
    const site = await outageSite();
    const url = `${site.url}/category/${f.category.slug}`;
    expect((await getPage(url)).res.status).toBe(200);
    const db = await postgresDb();
    try {
      // A write by a test beside this one may hold the version and wait on articles: the two locks
      // then deadlock and Postgres cancels one side; when it is this one, it starts again.
      for (let attempt = 1; ; attempt++) {
        try {
          await db.query('begin');
          await db.query('lock table public.articles in access exclusive mode');
          // While the version can still be read, the copy goes out (stalePages.site.int.test.ts)…
          expect((await getPage(url)).res.headers.get('x-page-cache')).toBe('stale');
          await db.query('lock table private.public_content_version in access exclusive mode');
          break;
        } catch (error) {
          await db.query('rollback');
          if ((error as { code?: string }).code !== '40P01' || attempt === 3) throw error;
        }
      }
      // …but once it cannot, nothing vouches for the copy.
      await sleep(PROOF_MS + 1500);
      expect(site.version()).toBeNull();
      const during = getPage(url);
      await sleep(700);
      await db.query('rollback');
      const page = await during;
      expect(page.res.headers.get('x-page-cache')).toBeNull();
      expect(page.res.status).toBe(200);
    } finally {
      await db.end();
    }
  });
});

describe('the render limit', () => {
  it('refuses renders beyond a client’s share and the server’s, and lets kept pages through', async () => {
    const site = await start({ pageCache: {}, trustProxy: true, renderLimit: { perClient: 1, atOnce: 1, queue: 0 } });
    const from = (address: string) => ({ headers: { 'X-Forwarded-For': `203.0.113.9, ${address}` } });
    const home = `${site.url}/`;
    await expectKept(site, home, {});
    const db = await postgresDb();
    try {
      await db.query('begin');
      await db.query('lock table public.articles in access exclusive mode');
      const first = fetch(`${site.url}/search?q=premiere`, from('198.51.100.1'));
      await sleep(300);
      const again = await fetch(`${site.url}/search?q=seconde`, from('198.51.100.1'));
      expect(again.status).toBe(429);
      expect(again.headers.get('retry-after')).toBe('5');
      const other = await fetch(`${site.url}/search?q=autre`, from('198.51.100.2'));
      expect(other.status).toBe(503);
      expect(other.headers.get('retry-after')).toBe('10');
      expect(other.headers.get('cache-control')).toBe('no-store');
      // The first address written by the client proves nothing: only the proxy's entry counts.
      expect((await fetch(`${site.url}/search?q=usurpe`, { headers: { 'X-Forwarded-For': '198.51.100.3, 198.51.100.1' } })).status).toBe(
        429,
      );
      const renders = site.renders();
      const kept = await fetch(home, from('198.51.100.1'));
      expect(kept.status).toBe(200);
      expect(site.renders(), 'the kept home page needs no render').toBe(renders);
      await db.query('rollback');
      expect((await first).status).toBe(200);
    } finally {
      await db.end();
    }
    // Once the render is over, the same client's next search is rendered.
    expect((await fetch(`${site.url}/search?q=ensuite`, from('198.51.100.1'))).status).toBe(200);
  });

  it('lets a kept page past its fresh time out at once, rather than queue it behind renders held by the backend', async () => {
    // Every request would render (no fresh copies), and a render queued for a place would wait 30 s.
    const site = await start({ pageCache: { freshMs: -1 }, trustProxy: true, renderLimit: { atOnce: 1, queueMs: 30_000 } });
    const from = (address: string) => ({ headers: { 'X-Forwarded-For': address } });
    const category = `${site.url}/category/${f.category.slug}`;
    const first = await getPage(category);
    expect(first.res.status).toBe(200);
    const db = await postgresDb();
    try {
      await db.query('begin');
      await db.query('lock table public.articles in access exclusive mode');
      // The one place goes to a render that waits on the backend (a flood's work, here a lock).
      const held = fetch(`${site.url}/search?q=bloquee`, from('198.51.100.4'));
      await sleep(300);
      const renders = site.renders();
      // Answered while the table is still locked: the kept copy, proven current, without a render.
      const kept = await getPage(category, from('198.51.100.5'));
      expect(kept.res.status).toBe(200);
      expect(kept.doc.querySelector('h1')?.textContent).toBe(first.doc.querySelector('h1')?.textContent);
      expect(site.renders(), 'no render began for it').toBe(renders);
      await db.query('rollback');
      expect((await held).status).toBe(200);
    } finally {
      await db.end();
    }
  });

  it('limits the feeds nothing kept can answer like renders, and lets a kept feed through', async () => {
    const site = await start({ pageCache: {}, trustProxy: true, renderLimit: { perClient: 1, atOnce: 1, queue: 0 } });
    const from = (address: string) => ({ headers: { 'X-Forwarded-For': address } });
    const rss = `${site.url}/rss.xml`;
    expect((await fetch(rss)).status).toBe(200);
    const db = await postgresDb();
    try {
      await db.query('begin');
      await db.query('lock table public.articles in access exclusive mode');
      // The one place goes to a feed whose build waits on the backend (a flood's work, here a lock).
      const held = fetch(`${site.url}/category/${f.category.slug}/rss.xml`, from('198.51.100.6'));
      await sleep(300);
      const again = await fetch(`${site.url}/category/inconnue-${uid()}/rss.xml`, from('198.51.100.6'));
      expect(again.status).toBe(429);
      expect(again.headers.get('retry-after')).toBe('5');
      expect(again.headers.get('cache-control')).toBe('no-store');
      expect(await again.text()).toMatch(/Réessayez/);
      const other = await fetch(`${site.url}/category/inconnue-${uid()}/rss.xml`, from('198.51.100.7'));
      expect(other.status).toBe(503);
      expect(other.headers.get('retry-after')).toBe('10');
      // The site's feed, kept, answers at once whoever asks.
      const kept = await fetch(rss, from('198.51.100.6'));
      expect(kept.status).toBe(200);
      expect(await kept.text()).toContain('<rss');
      await db.query('rollback');
      const feed = await held;
      expect(feed.status).toBe(200);
      expect(await feed.text()).toContain(`/category/${f.category.slug}`);
    } finally {
      await db.end();
    }
    // Once the build is over, the same client's next feed is built (an unknown one: 404).
    expect((await fetch(`${site.url}/category/inconnue-${uid()}/rss.xml`, from('198.51.100.6'))).status).toBe(404);
  });
});

describe('addresses that name nothing', () => {
  it('are remembered in a small store of their own: a flood of misses cannot push the sitemaps and feeds out', async () => {
    const api = await heldApi();
    closers.push(api.close);
    const site = await start({ pageCache: {}, supabaseUrl: api.url });
    expect((await fetch(`${site.url}/rss.xml`)).status).toBe(200);
    expect((await fetch(`${site.url}/sitemap.xml`)).status).toBe(200);
    const token = uid();
    // Old WordPress permalinks no post had, as long as one is looked up (600 characters: each kept
    // miss about 1.3 KB), then the site's 404 page: 105 of them are more than the store holds.
    const permalink = (i: number) => `/${`${token}-${i}-`.padEnd(598, 'ancien')}/`;
    const others = (i: number): [string, number][] => [
      [`/?p=${9_000_000_000 + i}`, 200], // an old WordPress post number no post had: then home
      [`/category/inconnue-${token}-${i}/rss.xml`, 404],
      [`/sitemap-articles-${new Date(Date.UTC(1900, 0, 1 + 7 * i)).toISOString().slice(0, 10)}.xml`, 404], // Mondays from 1900
    ];
    expect((await fetch(`${site.url}/`)).status).toBe(200);
    const before = site.heldBytes();
    for (let i = 0; i < 105; i++) expect((await fetch(`${site.url}${permalink(i)}`)).status, permalink(i)).toBe(404);
    // The small kinds last, enough of each (more than a permalink's bytes) that one kept elsewhere would show.
    for (let i = 0; i < 12; i++)
      for (const [path, status] of others(i)) expect((await fetch(`${site.url}${path}`)).status, path).toBe(status);
    expect(site.heldBytes() - before, 'what 141 misses keep').toBeLessThanOrEqual(NEGATIVE_MAX_BYTES);
    // The latest misses answer again without a lookup; the first was pushed out (the flood was bigger
    // than the store); the site's feed and index still answer.
    const lookups = () => api.asked.filter((path) => !path.includes('content_version'));
    const asked = lookups().length;
    for (const [path, status] of others(11).slice(1)) expect((await fetch(`${site.url}${path}`)).status, path).toBe(status);
    expect(lookups().slice(asked), 'remembered misses').toEqual([]);
    expect((await fetch(`${site.url}${permalink(0)}`)).status).toBe(404);
    expect(lookups().length, 'the first miss, pushed out, is looked up again').toBeGreaterThan(asked);
    expect(await (await fetch(`${site.url}/sitemap.xml`)).text()).toContain('<sitemapindex');
    expect(await (await fetch(`${site.url}/rss.xml`)).text()).toContain('<rss');
    // 106 renders of the 404 page: the store's 128 KB with the fewest (each permalink as long as looked up).
  }, 180_000);

  it('looks old WordPress addresses up under the render limit; robots.txt answers whatever the limit', async () => {
    const api = await heldApi((path) => path.startsWith('/rest/v1/rpc/wordpress_redirect'));
    closers.push(api.close);
    const site = await start({ pageCache: {}, supabaseUrl: api.url, trustProxy: true, renderLimit: { perClient: 1, atOnce: 1, queue: 0 } });
    const from = (address: string) => ({ headers: { 'X-Forwarded-For': address }, signal: AbortSignal.timeout(4000) });
    api.hold(true);
    // The one place goes to a lookup the backend holds (a flood's work).
    const held = fetch(`${site.url}/ancien-${uid()}/`, { headers: { 'X-Forwarded-For': '198.51.100.8' } });
    await sleep(300);
    const again = await fetch(`${site.url}/?p=${Date.now()}`, from('198.51.100.8'));
    expect(again.status).toBe(429);
    expect(again.headers.get('retry-after')).toBe('5');
    const other = await fetch(`${site.url}/autre-${uid()}/`, from('198.51.100.9'));
    expect(other.status).toBe(503);
    // A crawler reads a 429 or 503 on robots.txt as "stop": it answers at once, from the origin alone.
    const robots = await fetch(`${site.url}/robots.txt`, from('198.51.100.8'));
    expect(robots.status).toBe(200);
    expect(await robots.text()).toContain('Sitemap: ');
    api.hold(false);
    expect((await held).status).toBe(404);
  });
});

describe('a kept page and the address’s query', () => {
  const searchBox = (doc: Document) => doc.querySelector<HTMLInputElement>('#site-search')?.getAttribute('value') ?? null;

  it('is the same bytes whatever query parameters its key does not hold: a ?q= writes nothing into it', async () => {
    const site = await start();
    const article = await newArticle('requete');
    for (const path of ['/', `/article/${article.slug}`, `/category/${f.category.slug}`]) {
      for (let attempt = 0; ; attempt++) {
        const version = site.version();
        const marker = `Annonce${uid()}`;
        // Sent first, right after the change: its render is the copy kept for everyone.
        const poisoned = await getPage(`${site.url}${path}?q=${marker}&utm_source=${marker}`);
        const plain = await getPage(`${site.url}${path}`);
        const other = await getPage(`${site.url}${path}?q=autre&fbclid=1`);
        expect(poisoned.res.status, path).toBe(200);
        expect(poisoned.html, path).not.toContain(marker);
        expect(searchBox(poisoned.doc), path).toBe('');
        expect(plain.html, path).not.toContain(marker);
        if (site.version() !== version || version === null) {
          expect(attempt, 'the content version held still for three requests').toBeLessThan(5);
          continue;
        }
        expect(plain.html, `${path}: the kept copy, byte for byte`).toBe(poisoned.html);
        expect(other.html, path).toBe(poisoned.html);
        break;
      }
    }
    // Up to 3 renders an attempt, 5 attempts a page: on a saturated machine, past vitest's 20 s.
  }, 60_000);

  it('still shows a search’s words on /search, whatever else the address carries', async () => {
    const site = await start();
    const words = `cacao ${uid()}`;
    // A tag no page could say by itself (the footer's newsletter promise says « lettre »).
    const tag = `canal${uid()}`;
    const search = await getPage(`${site.url}/search?q=${encodeURIComponent(words)}&utm_source=${tag}`);
    expect(search.res.status).toBe(200);
    expect(searchBox(search.doc)).toBe(words);
    expect(search.html).not.toContain(tag);
    expect(searchBox((await getPage(`${site.url}/search?q=${encodeURIComponent(words)}`)).doc)).toBe(words);
  });
});

describe('addresses with a slug longer than the database holds', () => {
  it('answer 404 at once, without a lookup, and keep nothing; pages and feeds of real slugs still answer', async () => {
    const api = await heldApi();
    closers.push(api.close);
    const site = await start({ pageCache: {}, supabaseUrl: api.url });
    const long = 'a'.repeat(7000);
    const before = site.heldBytes();
    for (let i = 0; i < 20; i++) {
      const feed = await fetch(`${site.url}/category/${long}${i}/rss.xml`);
      expect(feed.status).toBe(404);
      expect(await feed.text()).toBe('Flux introuvable\n');
    }
    // Nor one of another form than the database's: a category's feed, like pages.
    for (const slug of ['Mauvaise_Forme', 'double--tiret']) expect((await fetch(`${site.url}/category/${slug}/rss.xml`)).status).toBe(404);
    // Feeds keep their 404s, unlike pages (never kept): for them "nothing kept" can fail.
    expect(site.heldBytes(), 'nothing kept for those feeds').toBeLessThanOrEqual(before);
    for (const path of [`/article/${'b'.repeat(201)}`, `/category/${'c'.repeat(81)}`, `/auteur/${'d'.repeat(141)}?page=2`]) {
      const page = await getPage(`${site.url}${path}`);
      expect(page.res.status, path).toBe(404);
    }
    expect(
      api.asked.filter((asked) => /a{200}|b{200}|c{80}|d{140}|Mauvaise_Forme|double--tiret/.test(asked)),
      'no lookup of those slugs',
    ).toEqual([]);
    // A real category's page and feed, and an unknown short slug (a real 404), are looked up as ever.
    expect((await fetch(`${site.url}/category/${f.category.slug}/rss.xml`)).status).toBe(200);
    expect((await getPage(`${site.url}/category/${f.category.slug}`)).res.status).toBe(200);
    expect((await fetch(`${site.url}/category/inconnue-${uid()}/rss.xml`)).status).toBe(404);
  });
});

describe('the offline edition', () => {
  it('answers for its five minutes whatever the pages’ fresh time (PAGE_CACHE_MS=-1 renders every page)', async () => {
    const site = await start({ pageCache: { freshMs: -1 } });
    await newArticle('edition-fraiche');
    await caughtUp(site);
    for (let attempt = 0; ; attempt++) {
      const version = site.version();
      expect((await fetch(`${site.url}/edition.json`)).status).toBe(200);
      const renders = site.renders();
      const again = await fetch(`${site.url}/edition.json`);
      expect(again.status).toBe(200);
      if (site.version() !== version || version === null) {
        expect(attempt, 'the content version held still for two requests').toBeLessThan(5);
        continue;
      }
      expect(site.renders(), 'the kept edition, no page rendered again').toBe(renders);
      expect(await again.text()).toContain('edition-fraiche');
      break;
    }
    // Pages still render every time.
    const renders = site.renders();
    await fetch(`${site.url}/`);
    await fetch(`${site.url}/`);
    expect(site.renders() - renders).toBeGreaterThanOrEqual(2);
  });

  it('never lists an unpublished article once the content version cannot be proven', async () => {
    // The flood of the report: PostgREST's pool held, so the site's read of the version waits behind it.
    const api = await heldApi((path) => path.startsWith('/rest/v1/rpc/content_version'));
    closers.push(api.close);
    const site = await start({ pageCache: {}, supabaseUrl: api.url });
    const article = await newArticle('edition');
    await caughtUp(site);
    // One mode's edition (each lists a render of every page it holds): both are kept and dropped alike.
    // A machine too busy to render the edition's pages in time answers 503: asked again, as a phone would.
    await vi.waitFor(async () => expect(await (await fetch(`${site.url}/edition.json`)).text()).toContain(article.slug), {
      timeout: 30_000,
      interval: 500,
    });

    api.hold(true);
    await update(article.id, { status: 'draft' });
    for (const started = Date.now(); site.version() !== null; await sleep(100))
      expect(Date.now() - started, 'the version stops being proven').toBeLessThan(PROOF_MS + 4000);
    expect((await getPage(`${site.url}/article/${article.slug}`)).res.status).toBe(404);
    const edition = await fetch(`${site.url}/edition.json`);
    // Worked out again (200), or, on a machine too busy to render its pages in time, not served
    // (503): never the kept list with the withdrawn article.
    expect([200, 503]).toContain(edition.status);
    const body = await edition.text();
    expect(body, 'the list is worked out again').not.toContain(article.slug);
    expect(body).not.toContain(article.title);
    api.hold(false);
  }, 60_000);
});
