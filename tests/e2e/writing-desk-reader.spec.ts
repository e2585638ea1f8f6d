import type { Page, Request } from '@playwright/test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import { ADMIN, serviceClient, useSession } from './adminSession.ts';
import { makeArticle as insertArticle, type Made, uploadImage as uploadPng } from './articles.ts';
import { expect, test } from './fixtures.ts';
import { sitemapText } from './sitemaps.ts';

// What the writing desk gives readers, in Chromium against the real stack: photos with their
// alternative text, caption and credit; YouTube and X links that load nothing until tapped; the
// top stories an administrator pinned; the byline leading to the author's page; an article sent
// for review seen by nobody outside the newsroom. The facts are set here through the service role.
const RUN = Date.now().toString(36);
const BUCKET = 'article-images';
const CATEGORY = { name: `Bureau E2E ${RUN}`, slug: `bureau-e2e-${RUN}` };
const AUTHOR = { name: `Awa Ndiaye ${RUN}`, bio: `Correspondante à Dakar depuis 2019. Enquêtes ${RUN}.` };
const VIDEO = 'dQw4w9WgXcQ';
const POST = '1790000000000000000';
/** Hosts of the embedded sites: none of them may be asked for anything before a tap. */
const EMBED_HOSTS = /(^|\.)(youtube\.com|youtube-nocookie\.com|youtu\.be|ytimg\.com|googlevideo\.com|twitter\.com|x\.com|twimg\.com)$/;

let db: SupabaseClient;
let categoryId: string;
let authorId: string;
let authorSlug: string;
const madeIds: string[] = [];
const uploaded: string[] = [];
const fx = {} as { story: Made; second: Made; review: Made; images: string[] };
let pins: { rank: number; article_id: string }[] = [];

const uploadImage = (color: string, n: number) => uploadPng(db, `e2e-desk-${RUN}`, n, color, uploaded);

const makeArticle = (key: string, title: string, fields: Record<string, unknown>) =>
  insertArticle(
    db,
    {
      slug: `${key}-${RUN}`,
      title,
      excerpt: `Résumé : ${title}`,
      category_id: categoryId,
      author_id: authorId,
      status: 'published',
      ...fields,
    },
    madeIds,
  );

/** Every request a page sends to the embedded sites. */
function embedRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r: Request) => {
    if (EMBED_HOSTS.test(new URL(r.url()).hostname)) seen.push(r.url());
  });
  return seen;
}

test.beforeAll(async () => {
  db = serviceClient();
  const { data: category, error } = await db.from('categories').insert(CATEGORY).select('id').single();
  if (error) throw error;
  categoryId = category.id;

  // A journalist of our own, with a presentation of their own.
  const email = `desk-${RUN}@example.test`;
  const { data: user, error: userError } = await db.auth.admin.createUser({
    email,
    password: 'desk-secret-123',
    email_confirm: true,
    user_metadata: { full_name: AUTHOR.name },
  });
  if (userError) throw userError;
  authorId = user.user.id;
  const { error: roleError } = await db.from('user_roles').insert({ user_id: authorId, role: 'journalist' });
  if (roleError) throw roleError;
  const { data: profile, error: bioError } = await db
    .from('profiles')
    .update({ bio: AUTHOR.bio })
    .eq('user_id', authorId)
    .select('slug')
    .single();
  if (bioError) throw bioError;
  authorSlug = profile.slug;

  fx.images = [await uploadImage('#b45309', 1), await uploadImage('#15803d', 2), await uploadImage('#1d4ed8', 3)];
  fx.story = await makeArticle('bureau-dakar', `Le bureau de Dakar ouvre ses portes ${RUN}`, {
    image_url: fx.images[0],
    content: [
      '<p>Le nouveau bureau accueille la rédaction dès lundi.</p>',
      `<p><a href="https://www.youtube.com/watch?v=${VIDEO}">https://www.youtube.com/watch?v=${VIDEO}</a></p>`,
      '<p>La ministre a salué l’ouverture sur son compte :</p>',
      `<p>https://x.com/senegal/status/${POST}</p>`,
      `<p><img src="${fx.images[2]}" alt=""></p>`,
      '<p>Fin de l’article.</p>',
    ].join(''),
  });
  const facts = [
    {
      image_url: fx.images[0],
      alt_text: 'La façade du bureau au petit matin',
      caption: 'Le bureau de la rue Carnot',
      credit: 'Awa Ndiaye',
      position: 0,
    },
    { image_url: fx.images[1], alt_text: 'La salle de rédaction', caption: null, credit: 'AFP', position: 1 },
    { image_url: fx.images[2], alt_text: 'Une carte des correspondants', caption: 'Nos correspondants', credit: 'Rédaction', position: 2 },
  ];
  for (const image of facts) {
    const { error: imageError } = await db.from('article_images').insert({ article_id: fx.story.id, ...image });
    if (imageError) throw imageError;
  }
  fx.second = await makeArticle('correspondants', `Nos correspondants au Sahel ${RUN}`, {
    image_url: fx.images[1],
    content: 'Un réseau de correspondants couvre désormais toute la région.',
  });
  const { error: secondImage } = await db
    .from('article_images')
    .insert({ article_id: fx.second.id, image_url: fx.images[1], alt_text: 'Des correspondants en reportage', position: 0 });
  if (secondImage) throw secondImage;
  fx.review = await makeArticle('a-relire', `Un papier à relire ${RUN}`, { status: 'review', content: 'Pas encore relu.' });

  const { data: saved } = await db.from('front_page').select('rank, article_id');
  pins = saved ?? [];
});

test.afterAll(async () => {
  if (!db) return;
  await db.from('front_page').delete().gte('rank', 1);
  if (pins.length) await db.from('front_page').insert(pins);
  if (madeIds.length) await db.from('articles').delete().in('id', madeIds);
  if (uploaded.length) await db.storage.from(BUCKET).remove(uploaded);
  if (categoryId) await db.from('categories').delete().eq('id', categoryId);
  if (authorId) await db.auth.admin.deleteUser(authorId);
});

test('an article shows each photo with its alternative text, caption and credit, in the text too', async ({ page }) => {
  await page.goto(`/article/${fx.story.slug}`);
  const media = page.locator('figure.article-media');
  const main = media.getByRole('img', { name: 'La façade du bureau au petit matin' });
  await expect(main).toBeVisible();
  await expect(main).toHaveAttribute('src', fx.images[0]);
  const caption = media.locator('figcaption .article-media__caption--shown');
  await expect(caption).toBeVisible();
  await expect(caption).toHaveText('Le bureau de la rue Carnot — Awa Ndiaye');
  await expect(caption.locator('.image-credit')).toHaveText('Awa Ndiaye');

  // The carousel, once it turns, shows each photo's own caption under it.
  await media.hover();
  const carousel = page.getByRole('region', { name: "Images de l'article" });
  await expect(carousel.locator('.swiper-initialized')).toBeVisible({ timeout: 15_000 });
  await expect(carousel.getByRole('img', { name: 'La salle de rédaction' })).toHaveCount(1);
  await carousel.getByRole('button', { name: 'Mettre le diaporama en pause' }).click();
  await carousel.getByRole('button', { name: "Afficher l'image 2" }).click();
  await expect(caption).toHaveText('AFP');

  // A photo in the text, whose alternative text the journalist left empty there.
  const inline = page.locator('.article-body figure');
  await inline.scrollIntoViewIfNeeded();
  await expect(inline.getByRole('img', { name: 'Une carte des correspondants' })).toBeVisible();
  await expect(inline.locator('figcaption')).toHaveText('Nos correspondants — Rédaction');
});

test("cards' pictures say what they show, on the home page, a category and an author's page", async ({ page }) => {
  for (const path of ['/', `/category/${CATEGORY.slug}`, `/auteur/${authorSlug}`]) {
    await page.goto(path);
    const pictures = page.locator('.card img');
    await expect(pictures.first(), path).toBeVisible();
    // Only the stand-in picture of an article without a photo of its own says nothing.
    const alts = await pictures.evaluateAll((imgs) =>
      (imgs as HTMLImageElement[]).filter((img) => !/\/assets\/hero-/.test(img.src)).map((img) => img.alt),
    );
    expect(alts.length, path).toBeGreaterThan(0);
    expect(
      alts.filter((alt) => !alt.trim()),
      path,
    ).toEqual([]);
  }
  await page.goto(`/category/${CATEGORY.slug}`);
  await expect(page.locator('.card').filter({ hasText: fx.story.title }).locator('img')).toHaveAttribute(
    'alt',
    'La façade du bureau au petit matin',
  );
});

test('a YouTube video and an X post load nothing from those sites until tapped, then their players', async ({ page }) => {
  const seen = embedRequests(page);
  // The players are answered here: the test reaches no outside host.
  await page.route(/^https:\/\/www\.youtube-nocookie\.com\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Lecteur</title><p>Lecteur YouTube</p>' }),
  );
  await page.route(/^https:\/\/platform\.twitter\.com\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Post</title><p>Publication</p>' }),
  );
  await page.goto(`/article/${fx.story.slug}`);
  const video = page.getByRole('link', { name: 'Vidéo YouTube — Toucher pour lancer' });
  const post = page.getByRole('link', { name: 'Publication X — Toucher pour afficher' });
  await video.scrollIntoViewIfNeeded();
  await expect(video).toBeVisible();
  await expect(post).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voir sur YouTube' })).toHaveAttribute('href', `https://www.youtube.com/watch?v=${VIDEO}`);
  await expect(page.getByRole('link', { name: 'Voir sur X' })).toHaveAttribute('href', `https://x.com/senegal/status/${POST}`);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  expect(seen).toEqual([]);
  await expect(page.locator('iframe')).toHaveCount(0);

  await video.click();
  const player = page.locator('.article-body iframe.embed__frame--youtube');
  await expect(player).toHaveAttribute('src', `https://www.youtube-nocookie.com/embed/${VIDEO}?autoplay=1`);
  await expect(player).toHaveAttribute('title', 'Vidéo YouTube');
  await expect.poll(() => seen).toEqual([`https://www.youtube-nocookie.com/embed/${VIDEO}?autoplay=1`]);
  await expect(page.frameLocator('iframe.embed__frame--youtube').getByText('Lecteur YouTube')).toBeVisible();
  // Still on the article: the tap played the video in place.
  await expect(page).toHaveURL(new RegExp(`/article/${fx.story.slug}$`));

  await post.click();
  await expect(page.locator('.article-body iframe.embed__frame--x')).toHaveAttribute(
    'src',
    `https://platform.twitter.com/embed/Tweet.html?id=${POST}&dnt=true`,
  );
  await expect.poll(() => seen.length).toBe(2);
  expect(seen.every((url) => /^https:\/\/(www\.youtube-nocookie\.com|platform\.twitter\.com)\//.test(url))).toBe(true);
});

test('data-saver mode: photos wait for a tap under their captions; a video is a link to the original, loading nothing', async ({
  page,
}) => {
  await page.setExtraHTTPHeaders({ 'Save-Data': 'on' });
  const seen = embedRequests(page);
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
  await page.goto(`/article/${fx.story.slug}`);
  await page.waitForLoadState('networkidle');
  // The lite page: the reader app is not loaded.
  expect(scripts.filter((s) => /\/assets\/index-/.test(s))).toEqual([]);
  const photos = page.getByRole('list', { name: "Images de l'article" }).getByRole('listitem');
  await expect(photos).toHaveCount(3);
  await expect(photos.first().locator('figcaption')).toHaveText('Le bureau de la rue Carnot — Awa Ndiaye');
  await expect(photos.first().getByRole('button', { name: /Afficher l'image/ })).toHaveAttribute(
    'data-tap-alt',
    'La façade du bureau au petit matin',
  );
  await photos
    .first()
    .getByRole('button', { name: /Afficher l'image/ })
    .click();
  await expect(photos.first().getByRole('img', { name: 'La façade du bureau au petit matin' })).toBeVisible();
  // No script for embeds on the lite page: the placeholder opens the video on YouTube, in a new tab.
  const video = page.getByRole('link', { name: 'Vidéo YouTube — Toucher pour lancer' });
  await video.scrollIntoViewIfNeeded();
  await expect(video).toHaveAttribute('href', `https://www.youtube.com/watch?v=${VIDEO}`);
  await expect(video).toHaveAttribute('target', '_blank');
  await expect(video).toHaveAttribute('rel', 'noopener noreferrer');
  await page.waitForTimeout(500);
  expect(seen).toEqual([]);
  await expect(page.locator('iframe')).toHaveCount(0);
});

test('the pinned top stories show under « À la une », and the lead story is not repeated below', async ({ page }) => {
  await db.from('front_page').delete().gte('rank', 1);
  const { error } = await db.from('front_page').insert([
    { rank: 1, article_id: fx.second.id },
    { rank: 2, article_id: fx.story.id },
  ]);
  if (error) throw error;
  await page.goto('/');
  const lead = page.getByRole('region', { name: 'À la une' });
  await expect(lead.getByRole('heading', { name: fx.second.title })).toBeVisible();
  const top = page.getByRole('region', { name: 'Les grands titres' });
  await expect(top.getByRole('heading', { level: 3 })).toHaveText([fx.story.title]);
  await expect(top.locator('img')).toHaveAttribute('alt', 'La façade du bureau au petit matin');
  // The category's row below: the pinned top story is there, the lead story is not.
  const section = page.getByRole('region', { name: CATEGORY.name, exact: true });
  await expect(section.getByRole('link', { name: fx.story.title })).toHaveCount(1);
  await expect(section.getByRole('link', { name: fx.second.title })).toHaveCount(0);

  // Without pins: the newest article leads, and « Les grands titres » (the sections' newest since
  // issue 25's front page) do not repeat it.
  await db.from('front_page').delete().gte('rank', 1);
  await page.reload();
  const leadTitle = (await lead.locator('.card__title').first().textContent())!.trim();
  await expect(top.getByRole('heading', { level: 3 })).not.toHaveCount(0);
  await expect(top.getByRole('heading', { level: 3, name: leadTitle, exact: true })).toHaveCount(0);
});

test("the byline leads to the author's page, which lists their articles and is in the sitemap", async ({ page, request }) => {
  await page.goto(`/article/${fx.story.slug}`);
  const byline = page.locator('.article__byline');
  await expect(byline).toContainText(`Par ${AUTHOR.name}`);
  await byline.getByRole('link', { name: AUTHOR.name }).click();
  await expect(page).toHaveURL(new RegExp(`/auteur/${authorSlug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Articles de ${AUTHOR.name}`);
  await expect(page).toHaveTitle(`Articles de ${AUTHOR.name} — Afrique Actu`);
  await expect(page.getByText(AUTHOR.bio)).toBeVisible();
  await expect(page.locator('.card__title')).toHaveText([fx.second.title, fx.story.title]);
  await expect(page.getByText(fx.review.title)).toHaveCount(0);

  // Loaded by the server too, for a shared link, with its own head.
  const res = await request.get(`/auteur/${authorSlug}`);
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toMatch(new RegExp(`<link rel="canonical" href="https?://[^"/]+/auteur/${authorSlug}"`));
  expect(html).toContain(AUTHOR.bio);
  expect((await request.get(`/auteur/inconnu-${RUN}`)).status()).toBe(404);

  const sitemap = await sitemapText(request);
  expect(sitemap).toContain(`/auteur/${authorSlug}</loc>`);
});

test('an article sent for review is invisible to readers; the newsroom previews it as « À relire »', async ({ page, request }) => {
  expect((await request.get(`/article/${fx.review.slug}`)).status()).toBe(404);
  await page.goto(`/article/${fx.review.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Article introuvable');
  await page.goto(`/category/${CATEGORY.slug}`);
  await expect(page.getByRole('link', { name: fx.story.title })).toBeVisible();
  await expect(page.getByText(fx.review.title)).toHaveCount(0);
  // Through the API, as anyone may ask.
  const anon = createClient(process.env.E2E_API_URL!, process.env.E2E_ANON_KEY!, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as never },
  });
  const { data } = await anon.from('articles').select('id').eq('id', fx.review.id);
  expect(data).toEqual([]);
  expect((await sitemapText(request)).includes(fx.review.slug)).toBe(false);

  await useSession(page, ADMIN);
  await page.goto(`/apercu/${fx.review.id}`);
  const banner = page.getByRole('complementary', { name: 'Aperçu' });
  await expect(banner).toContainText('À relire — non publié');
  await expect(banner).toContainText('En attente de relecture');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(fx.review.title);
});
