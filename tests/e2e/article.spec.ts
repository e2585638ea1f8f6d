import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import { LOCAL_ACCOUNTS } from '../../supabase/seed/accounts.ts';
import { makeArticle as insertArticle, type Made, uploadImage as uploadPng } from './articles.ts';
import { chunksWith } from '../../scripts/bundleReport.ts';
import { CAROUSEL_INTERVAL_MS } from '../../src/public/components/carousel.ts';
import { loadTimingOnPageClock, recordScripts, scriptsOf } from './chunks.ts';
import { expect, gotoFreshRender, openInApp, test, waitOnPageClock } from './fixtures.ts';

// The articles these stories read are made here, as the admin, through supabase-js against the
// real stack (seed content may change): one category of our own, so "related" is predictable.
const RUN = Date.now().toString(36);
const ADMIN = LOCAL_ACCOUNTS.find((a) => a.role === 'admin')!;
const CATEGORY = { name: `Dossier E2E ${RUN}`, slug: `dossier-e2e-${RUN}` };
const BUCKET = 'article-images';
// The long French date, or for the last 24 hours (once hydrated) « il y a 2 h » (issue 25).
const FRENCH_LONG_DATE =
  /^(\d{1,2} (janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) \d{4}|il y a \d+ (min|h)|à l'instant)$/;

let admin: SupabaseClient;
let categoryId: string;
const uploaded: string[] = [];
const made: string[] = [];
const fx = {} as { html: Made; plain: Made; carousel: Made; draft: Made; images: string[] };

const uploadImage = (color: string, n: number) => uploadPng(admin, `e2e-${RUN}`, n, color, uploaded);

async function makeArticle(
  key: string,
  title: string,
  content: string,
  opts: { status?: 'draft' | 'published'; images?: string[] } = {},
): Promise<Made> {
  const data = await insertArticle(
    admin,
    {
      slug: `${key}-${RUN}`,
      title,
      excerpt: `Résumé : ${title}`,
      content,
      category_id: categoryId,
      status: opts.status ?? 'published',
      image_url: opts.images?.[0] ?? null,
    },
    made,
  );
  // One insert per image, so their created_at (and so the carousel's order) is distinct. An image
  // of a published article says what it shows.
  for (const [i, url] of (opts.images ?? []).entries()) {
    const { error: imgError } = await admin
      .from('article_images')
      .insert({ article_id: data.id, image_url: url, alt_text: `${title} (${i + 1})` });
    if (imgError) throw imgError;
  }
  return data;
}

test.beforeAll(async () => {
  admin = createClient(process.env.E2E_API_URL!, process.env.E2E_ANON_KEY!, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as never },
  });
  const { error: signInError } = await admin.auth.signInWithPassword({ email: ADMIN.email, password: ADMIN.password });
  if (signInError) throw signInError;
  const { data: category, error } = await admin.from('categories').insert(CATEGORY).select('id').single();
  if (error) throw error;
  categoryId = category.id;

  fx.images = [await uploadImage('#b45309', 1), await uploadImage('#15803d', 2), await uploadImage('#1d4ed8', 3)];
  fx.html = await makeArticle(
    'sommet-abidjan',
    "Sommet d'Abidjan : l'Afrique de l'Ouest mise sur l'énergie & le commerce",
    [
      "<p>Le sommet d'Abidjan s'est ouvert <strong>sous haute tension</strong> ce lundi.</p>",
      '<h2>Les enjeux du sommet</h2>',
      '<p>Les délégations de <em>vingt-trois pays</em> discutent de <a href="https://example.org/rapport">ce rapport</a>.</p>',
      '<ul><li>Énergie solaire</li><li>Corridors commerciaux</li></ul>',
      '<script>window.__xss = 1</script><img src="x" onerror="window.__xss = 2">',
    ].join(''),
    { images: [fx.images[0]] },
  );
  fx.plain = await makeArticle(
    'marche-dakar',
    'Le marché de Dakar se réinvente',
    'Le marché Sandaga rouvre ses portes. Les commerçants sont enthousiastes. M. Diop en témoigne. ' +
      'Les travaux ont duré trois ans. Le rapport complet est en ligne sur https://www.example.org/rapport-sandaga-2026. ' +
      'La mairie promet des navettes. Les riverains restent prudents.',
  );
  fx.carousel = await makeArticle('festival-ouaga', 'Le Fespaco en images', '<p>Trois images du festival.</p>', { images: fx.images });
  fx.draft = await makeArticle('brouillon-secret', 'Un brouillon à ne pas publier', 'Pas encore prêt.', { status: 'draft' });
  await makeArticle('complement-un', 'Complément un', 'Texte du complément un.', { images: [fx.images[1]] });
  await makeArticle('complement-deux', 'Complément deux', 'Texte du complément deux.');
});

test.afterAll(async () => {
  if (!admin) return;
  if (made.length) await admin.from('articles').delete().in('id', made);
  if (uploaded.length) await admin.storage.from(BUCKET).remove(uploaded);
  if (categoryId) await admin.from('categories').delete().eq('id', categoryId);
  await admin.auth.signOut({ scope: 'local' }); // this client's session only: the run's saved sessions stay
});

test('an HTML article shows its badge, title, byline, French date and formatting, without running scripts', async ({ page }) => {
  await page.goto(`/article/${fx.html.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: fx.html.title })).toBeVisible();
  // The house format: '{title} — Afrique Actu'.
  await expect(page).toHaveTitle(`${fx.html.title} — Afrique Actu`);

  const article = page.getByRole('article').filter({ has: page.getByRole('heading', { level: 1 }) });
  const badge = article.getByRole('link', { name: CATEGORY.name });
  await expect(badge).toHaveAttribute('href', `/category/${CATEGORY.slug}`);
  await expect(article.getByText(`Par ${ADMIN.fullName}`, { exact: true })).toBeVisible();
  const time = article.locator('time').first();
  await expect(time).toHaveText(FRENCH_LONG_DATE);
  await expect(time).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);

  const body = page.locator('.article-body');
  await expect(body.getByRole('heading', { level: 2, name: 'Les enjeux du sommet' })).toBeVisible();
  await expect(body.locator('strong')).toHaveText('sous haute tension');
  await expect(body.getByRole('listitem')).toHaveCount(2);
  const link = body.getByRole('link', { name: 'ce rapport' });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(body.locator('script, [onerror]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

  // One image: a plain figure, the LCP, loaded at once; no carousel code for it.
  await expect(page.getByRole('region', { name: "Images de l'article" })).toHaveCount(0);
  const hero = page.locator('figure.article-media img');
  await expect(hero).toHaveAttribute('src', fx.images[0]);
  await expect(hero).toHaveAttribute('loading', 'eager');
  await expect(hero).toHaveAttribute('width', '1200');
  await expect(hero).toHaveAttribute('height', '675');

  // Share bars at the top and at the bottom.
  await expect(page.getByRole('button', { name: 'Partager sur Facebook' })).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Copier le lien' })).toHaveCount(2);
});

test('a plain-text article is split into paragraphs of 5 sentences and its bare URL becomes a safe link', async ({ page }) => {
  await page.goto(`/article/${fx.plain.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: fx.plain.title })).toBeVisible();
  const paragraphs = page.locator('.article-body p');
  await expect(paragraphs).toHaveCount(2);
  await expect(paragraphs.first()).toHaveText(
    /^Le marché Sandaga rouvre ses portes\..*en ligne sur https:\/\/www\.example\.org\/rapport-sandaga-2026\.$/,
  );
  await expect(paragraphs.nth(1)).toHaveText('La mairie promet des navettes. Les riverains restent prudents.');

  const link = paragraphs.first().getByRole('link', { name: 'https://www.example.org/rapport-sandaga-2026' });
  await expect(link).toHaveAttribute('href', 'https://www.example.org/rapport-sandaga-2026');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');

  // No image: the hero picture stands in.
  await expect(page.locator('figure.article-media img')).toHaveAttribute('src', /hero.*\.webp$/);
});

test("'Articles similaires' shows up to 3 published cards of the same category, never the current one", async ({ page }) => {
  await page.goto(`/article/${fx.html.slug}`);
  const related = page.getByRole('region', { name: 'Articles similaires' });
  await expect(related.getByRole('heading', { level: 2, name: 'Articles similaires' })).toBeVisible();
  const cards = related.getByRole('article');
  // Four other published articles share the category: exactly 3 are shown.
  await expect(cards).toHaveCount(3);
  for (const card of await cards.all()) {
    await expect(card.getByRole('link', { name: CATEGORY.name })).toBeVisible();
    await expect(card.getByRole('heading', { level: 3 })).not.toHaveText(fx.html.title);
    await expect(card.getByRole('heading', { level: 3 })).not.toHaveText(fx.draft.title);
    await expect(card.getByText(/^\d+ min$/)).toBeVisible();
  }
  await cards.first().getByRole('heading', { level: 3 }).getByRole('link').click();
  await expect(page).not.toHaveURL(new RegExp(`/article/${fx.html.slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(fx.html.title);
});

test("a missing slug shows 'Article introuvable' with a way back home", async ({ page }) => {
  await page.goto(`/article/cet-article-n-existe-pas-${RUN}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Article introuvable' })).toBeVisible();
  await page.getByRole('link', { name: "Retour à l'accueil" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("a draft's slug shows 'Article introuvable' to a visitor", async ({ page }) => {
  await page.goto(`/article/${fx.draft.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Article introuvable' })).toBeVisible();
  await expect(page.getByText(fx.draft.title)).toHaveCount(0);
});

test.describe('view counting', () => {
  // A reader of its own: the database counts one view per reader (address and user agent) per
  // article in 30 minutes, and other tests here open the same articles from this address.
  test.use({ userAgent: `Mozilla/5.0 (Linux; Android 13) Lecteur-${RUN}` });

  test('opening an article records one article view; reopening it within 30 minutes records none', async ({ page }) => {
    const viewCount = async () =>
      (await admin.from('articles').select('view_count').eq('id', fx.plain.id).single()).data!.view_count as number;
    const before = await viewCount();
    await page.goto(`/article/${fx.plain.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: fx.plain.title })).toBeVisible();
    await expect.poll(viewCount).toBe(before + 1);

    const recorded = page.waitForResponse((r) => r.url().includes('/rpc/record_article_view'));
    await page.reload();
    expect((await recorded).ok()).toBe(true);
    await page.waitForTimeout(500);
    expect(await viewCount()).toBe(before + 1);
  });
});

test("a failed article query shows 'Erreur lors du chargement de l'article', and retrying loads it", async ({ page }) => {
  // Cut the network to the articles table only: the stack itself is real.
  // A page the server rendered has its data already: the browser's own load is the one that can fail.
  await page.clock.install(); // supabase-js's pauses between tries go by on the page's clock
  await page.goto('/about');
  const articles = /\/rest\/v1\/articles\?/;
  await page.route(articles, (route) => route.abort('failed'));
  await openInApp(page, `/article/${fx.plain.slug}`);
  const message = "Erreur lors du chargement de l'article";
  // supabase-js retries a failed read 3 times (1 s, 2 s, 4 s) before giving up.
  await waitOnPageClock(page, page.getByRole('heading', { level: 1, name: message }));
  await expect(page.locator('.toast', { hasText: message })).toBeVisible();
  await page.unroute(articles);
  await page.getByRole('button', { name: 'Réessayer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: fx.plain.title })).toBeVisible();
});

test.describe('sharing', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('Facebook, Twitter, LinkedIn and WhatsApp open a 600×400 pop-up with the page URL and title', async ({ page, context }) => {
    // The networks are not reachable from the test machine: their pages are answered locally.
    await context.route(/^https:\/\/(www\.facebook\.com|twitter\.com|www\.linkedin\.com|wa\.me)\//, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>partage</title>' }),
    );
    await page.addInitScript(() => {
      const w = window as unknown as { __opened: string[][] };
      w.__opened = [];
      const open = window.open.bind(window);
      window.open = (...args: Parameters<typeof window.open>) => {
        w.__opened.push(args.map(String));
        return open(...args);
      };
    });
    await page.goto(`/article/${fx.html.slug}?utm_source=test#haut`);
    await expect(page.getByRole('heading', { level: 1, name: fx.html.title })).toBeVisible();
    const pageUrl = new URL(`/article/${fx.html.slug}`, page.url()).href;
    const encodedUrl = encodeURIComponent(pageUrl);

    const cases = [
      // Each network's link carries its channel tag (s=), whatever tag the reader arrived with.
      { name: 'Partager sur Facebook', prefix: 'https://www.facebook.com/sharer/sharer.php?u=', params: { u: `${pageUrl}?s=fb` } },
      {
        name: 'Partager sur Twitter',
        prefix: 'https://twitter.com/intent/tweet?url=',
        params: { url: `${pageUrl}?s=x`, text: fx.html.title },
      },
      { name: 'Partager sur LinkedIn', prefix: 'https://www.linkedin.com/sharing/share-offsite/?url=', params: { url: `${pageUrl}?s=li` } },
      { name: 'Partager sur WhatsApp', prefix: 'https://wa.me/?text=', params: { text: `*${fx.html.title}*\n\n${pageUrl}?s=wa` } },
    ];
    for (const [i, c] of cases.entries()) {
      // Alternate between the top and the bottom bar: both share the same page.
      const button = page.getByRole('button', { name: c.name }).nth(i % 2);
      const [popup] = await Promise.all([page.waitForEvent('popup'), button.click()]);
      await popup.waitForLoadState();
      const opened = new URL(popup.url());
      expect(popup.url().startsWith(c.prefix), `${c.name}: ${popup.url()}`).toBe(true);
      expect(popup.url()).toContain(encodedUrl);
      for (const [key, value] of Object.entries(c.params)) expect(opened.searchParams.get(key)).toBe(value);
      expect(popup.viewportSize()).toEqual({ width: 600, height: 400 });
      // noopener: the network's page gets no handle on ours.
      expect(await popup.evaluate(() => window.opener)).toBeNull();
      await popup.close();
    }
    const opened = await page.evaluate(() => (window as unknown as { __opened: string[][] }).__opened);
    expect(opened).toHaveLength(4);
    for (const [, target, features] of opened) {
      expect(target).toBe('_blank');
      expect(features).toMatch(/(^|,)width=600(,|$)/);
      expect(features).toMatch(/(^|,)height=400(,|$)/);
      expect(features).toContain('noopener');
      expect(features).toContain('noreferrer');
    }
  });

  test('copy-link and TikTok copy the page URL with their toasts, also when pressed before the bar’s code has come; a network’s pop-up is the same then', async ({
    page,
  }) => {
    // The bar's code (the clipboard, the toasts) comes once the page is idle: on a slow phone a
    // reader may press before. It is held here until after the press.
    const shareCode = chunksWith(process.env.E2E_DIST_DIR!, /\/src\/public\/components\/ShareButtons\.tsx$/).map((f) => `/${f}`);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => shareCode.includes(url.pathname),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    // Arrived by a WhatsApp link: what is copied is the page's own address, without that tag (issue 41).
    await page.goto(`/article/${fx.plain.slug}?s=wa`);
    await expect(page.getByRole('heading', { level: 1, name: fx.plain.title })).toBeVisible();
    const pageUrl = new URL(`/article/${fx.plain.slug}`, page.url()).href;
    const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
    // Hydrated (React's props on the kept bar), the bar still the server's markup.
    await page.waitForFunction(() =>
      Object.keys(document.querySelector('[data-kept-part]:has(.share)') ?? {}).some((k) => k.startsWith('__reactProps')),
    );

    // A network's button pressed before the code opens the same 600×400 pop-up as after it.
    await page
      .context()
      .route(/^https:\/\/wa\.me\//, (route) => route.fulfill({ contentType: 'text/html', body: '<title>partage</title>' }));
    const [early] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Partager sur WhatsApp' }).first().click(),
    ]);
    expect(early.viewportSize()).toEqual({ width: 600, height: 400 });
    await early.close();

    await page.evaluate(() => navigator.clipboard.writeText('vide'));
    await page.getByRole('button', { name: 'Copier le lien' }).first().click();
    const copied = page.locator('.toast', { hasText: 'Lien copié !' });
    release();
    await expect(copied).toBeVisible();
    await expect(copied).toContainText("Le lien de l'article est dans votre presse-papiers.");
    expect(await clipboard()).toBe(pageUrl);

    // With the bar's code in: both bars rendered by it.
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.share')].every((bar) => Object.keys(bar).some((k) => k.startsWith('__reactProps'))),
    );
    await page.evaluate(() => navigator.clipboard.writeText('vide'));
    await page.getByRole('button', { name: 'Partager sur TikTok' }).last().click();
    await expect(page.locator('.toast', { hasText: 'Lien copié pour TikTok !' })).toBeVisible();
    expect(await clipboard()).toBe(pageUrl);
  });
});

test('an anonymous reader of an article downloads no auth, and swiper only for a carousel, after the page has loaded', async ({ page }) => {
  const scripts = recordScripts(page);
  await page.clock.install(); // the carousel's 5 s go by on the page's clock
  const swiperTiming = await loadTimingOnPageClock(page, 'swiper');
  await gotoFreshRender(page, `/article/${fx.html.slug}`, () => (scripts.length = 0));
  await expect(page.locator('.article-body p').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  expect(scriptsOf('auth', scripts), 'auth-js for a visitor without a session').toEqual([]);
  expect(scriptsOf('swiper', scripts), 'swiper for an article with one image').toEqual([]);
  expect(scriptsOf('sanitizer', scripts), 'the server hands an HTML body over already sanitized').toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

  // An HTML body the browser fetches itself (an in-app link) goes through the sanitizer's chunk.
  await openInApp(page, `/article/${fx.carousel.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Le Fespaco en images' })).toBeVisible();
  await expect(page.locator('.article-body p').first()).toHaveText('Trois images du festival.');
  expect(scriptsOf('sanitizer', scripts).length).toBeGreaterThan(0);

  // Several images: the first one is the LCP, shown as a still; swiper only comes after the load.
  await page.goto(`/article/${fx.carousel.slug}`);
  await waitOnPageClock(page, page.getByRole('region', { name: "Images de l'article" }).locator('.swiper-initialized'));
  const swiper = await swiperTiming();
  expect(swiper.requested.length).toBeGreaterThan(0);
  expect(Math.min(...swiper.requested)).toBeGreaterThanOrEqual(swiper.loadEnd);
  expect(scriptsOf('auth', scripts)).toEqual([]);
});

test('an article with 3 images shows a carousel that advances by itself after 5 s and loops', async ({ page }) => {
  // Two 5 s autoplay periods, gone by on the page's clock.
  await page.setViewportSize({ width: 1400, height: 1000 });
  await page.clock.install();
  await page.goto(`/article/${fx.carousel.slug}`);
  const pageNow = () => page.evaluate(() => Date.now());
  const started = await pageNow();
  // The first image shows at once, as a still; swiper takes over when it has had its 5 s.
  const still = page.locator('figure.article-media img');
  await expect(still).toHaveAttribute('src', fx.images[0]);
  await expect(still).toHaveAttribute('loading', 'eager');
  await expect(still).toHaveAttribute('width', '1200');
  await expect(still).toHaveAttribute('height', '675');
  // Before its 5 s, the still alone. The page's clock also runs by itself: on a saturated machine the
  // real time between two steps may bring it to 5 s, and then the carousel is due (not checked then).
  for (const wait of [3500, 1000]) {
    await page.clock.fastForward(wait);
    const seen = await page.evaluate(() => ({
      now: Date.now(),
      pictures: [...document.querySelectorAll('figure.article-media img')].map((img) => img.getAttribute('src')),
    }));
    if (seen.now - started < CAROUSEL_INTERVAL_MS) expect(seen.pictures).toEqual([fx.images[0]]);
  }

  const carousel = page.getByRole('region', { name: "Images de l'article" });
  await waitOnPageClock(page, carousel.locator('.swiper-initialized'));
  const slides = carousel.getByRole('group');
  await expect(slides).toHaveCount(3);
  const activeSrc = () => carousel.locator('.swiper-slide-active img').getAttribute('src');
  await expect.poll(activeSrc, { timeout: 4000 }).toBe(fx.images[1]);
  const elapsed = (await pageNow()) - started;
  expect(elapsed).toBeGreaterThan(4500);
  // Never taller than 600 px, even on a wide screen.
  expect((await carousel.boundingBox())!.height).toBeLessThanOrEqual(600);
  await expect(carousel.getByRole('button', { name: "Afficher l'image 2" })).toHaveAttribute('aria-current', 'true');

  // Loops: from the last image, next is the first.
  await carousel.getByRole('button', { name: "Afficher l'image 3" }).click();
  await expect.poll(activeSrc).toBe(fx.images[2]);
  await carousel.getByRole('button', { name: 'Image suivante' }).click();
  await expect.poll(activeSrc).toBe(fx.images[0]);
  await carousel.getByRole('button', { name: 'Image précédente' }).click();
  await expect.poll(activeSrc).toBe(fx.images[2]);

  // The reader can stop it (WCAG 2.2.2).
  await carousel.getByRole('button', { name: 'Mettre le diaporama en pause' }).click();
  await expect(carousel.getByRole('button', { name: 'Reprendre le diaporama' })).toBeVisible();
  await page.mouse.move(0, 0);
  await page.clock.fastForward(5600);
  expect(await activeSrc()).toBe(fx.images[2]);
});

for (const viewport of [
  { width: 375, height: 800 },
  { width: 1280, height: 900 },
]) {
  test(`loading an article does not shift the page at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.clock.install(); // the carousel's 5 s go by on the page's clock
    // Slow lazy chunks (sanitizer, carousel) so their placeholders are really on screen first.
    await page.route(/\/assets\/(sanitize|ImageCarousel)-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number; __shifts: string[] };
      w.__cls = 0;
      w.__shifts = [];
      new PerformanceObserver((list) => {
        type Rect = { y: number; height: number };
        for (const e of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources?: { node?: Node; previousRect: Rect; currentRect: Rect }[];
        })[]) {
          if (e.hadRecentInput) continue;
          w.__cls += e.value;
          // What moved, from where to where, and when: enough to tell which part pushed it.
          const moved = (e.sources ?? []).map(
            (src) =>
              `${(src.node as Element | undefined)?.outerHTML?.slice(0, 60) ?? src.node?.nodeName} y ${Math.round(src.previousRect.y)}→${Math.round(src.currentRect.y)}`,
          );
          w.__shifts.push(
            `${e.value.toFixed(4)} at ${Math.round(e.startTime)} ms (page ${document.documentElement.scrollHeight} px): ${moved.join(' | ')}`,
          );
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // A hydration that fails re-renders the page from scratch: its errors go with a failure.
    const errors: string[] = [];
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text().slice(0, 300))));
    page.on('pageerror', (error) => errors.push(error.message.slice(0, 300)));
    for (const made of [fx.carousel, fx.html, fx.plain]) {
      // The page as the server renders it whole: a busy server's stale copy, partial page or bare
      // shell has the browser read its data again, which the unit tests of ArticleBody and route.ts cover.
      await gotoFreshRender(page, `/article/${made.slug}`, () => (errors.length = 0));
      await expect(page.locator('.article-body p').first()).toBeVisible();
      if (made === fx.carousel) await waitOnPageClock(page, page.locator('.swiper-initialized'));
      await page.waitForTimeout(500);
      const { cls, shifts } = await page.evaluate(() => {
        const w = window as unknown as { __cls: number; __shifts: string[] };
        return { cls: w.__cls, shifts: w.__shifts };
      });
      expect(cls, `${made.slug}:\n${shifts.join('\n')}\n${errors.join('\n')}`).toBeLessThan(0.05);
    }
  });
}

test('at 375 px the article fits the screen without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.clock.install(); // the carousel's 5 s go by on the page's clock
  await page.goto(`/article/${fx.carousel.slug}`);
  await waitOnPageClock(page, page.getByRole('region', { name: "Images de l'article" }).locator('.swiper-initialized'));
  await expect(page.locator('.article-body p')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: test.info().outputPath('article-375.png'), fullPage: true });
  await page.goto(`/article/${fx.html.slug}`);
  await expect(page.locator('.article-body h2')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: test.info().outputPath('article-html-375.png'), fullPage: true });
});
