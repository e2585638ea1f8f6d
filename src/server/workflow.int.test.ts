import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient, postgresDb } from '@afriqueactu/supabase-local/testing';
import { createFixtures, must, removeFixtures, signIn, sleep, type Fixtures, type Session } from '../../supabase/tests/helpers';
import { ORIGIN, getPage, metaContent, parseXml, startTestSite } from '../../tests/integration/site';
import { sitemapLocs as sitemapLocsFrom } from '../../tests/integration/sitemap';

// The newsroom's workflow as the server answers it: old links of renamed articles, scheduled
// articles, previews (never rendered here) and corrections.
let site: Awaited<ReturnType<typeof startTestSite>>;
let admin: Session & { userId: string };
let f: Fixtures;
beforeAll(async () => {
  site = await startTestSite();
  admin = await signIn('admin');
  f = await createFixtures(admin.sb);
});
afterAll(async () => {
  await removeFixtures(f);
  await site?.close();
});

async function update(id: string, changes: Record<string, unknown>) {
  const { data: row } = await admin.sb.from('articles').select('version').eq('id', id).single();
  return must(
    await admin.sb
      .from('articles')
      .update({ ...changes, version: row!.version })
      .eq('id', id)
      .select('slug')
      .single(),
    'admin updates the article',
  );
}

const sitemapLocs = () => sitemapLocsFrom(site.url);
const rssLinks = async (path = '/rss.xml') =>
  [...parseXml(await (await fetch(`${site.url}${path}`)).text()).getElementsByTagName('item')].map(
    (i) => i.getElementsByTagName('link')[0].textContent!,
  );

describe('old addresses', () => {
  it('a renamed article answers 301 to its new address, the query kept, cached a minute and never stale, in both variants', async () => {
    const old = f.published.slug;
    // Rendered (and kept for bad times) under its old address first.
    expect((await getPage(`${site.url}/article/${old}`)).res.status).toBe(200);
    const { slug } = await update(f.published.id, { slug: `${old}-nouveau` });
    for (const headers of [{}, { 'Save-Data': 'on' }] as Record<string, string>[]) {
      const res = await fetch(`${site.url}/article/${old}?utm_source=whatsapp`, { redirect: 'manual', headers });
      expect(res.status).toBe(301);
      expect(res.headers.get('location')).toBe(`/article/${slug}?utm_source=whatsapp`);
      // No stale-while-revalidate: renamed back and forth, cached answers would loop for minutes.
      expect(res.headers.get('cache-control')).toBe('public, max-age=60');
      expect(res.headers.get('x-page-cache')).toBeNull();
    }
    const landed = await getPage(`${site.url}/article/${old}`);
    expect(landed.res.url).toBe(`${site.url}/article/${slug}`);
    expect(landed.doc.querySelector('h1')?.textContent).toBe(f.published.title);
    // Sitemap and feeds know only the current address.
    expect(await sitemapLocs()).toContain(`${ORIGIN}/article/${slug}`);
    expect(await sitemapLocs()).not.toContain(`${ORIGIN}/article/${old}`);
    expect(await rssLinks(`/category/${f.category.slug}/rss.xml`)).toEqual([`${ORIGIN}/article/${slug}`]);
  });

  it('requests answered by one shared render each keep their own query', async () => {
    const article = must(
      await admin.sb
        .from('articles')
        .insert({
          slug: `partage-${f.token}`,
          title: `Partagé ${f.token}`,
          content: 'Texte.',
          status: 'published',
          category_id: f.category.id,
        })
        .select('id, slug')
        .single(),
      'admin publishes an article',
    );
    const db = await postgresDb();
    try {
      const { slug } = await update(article.id, { slug: `${article.slug}-renomme` });
      // Reads wait while the table is locked, so the second request joins the first one's render.
      await db.query('begin');
      await db.query('lock table public.articles in access exclusive mode');
      const ask = (query: string) => fetch(`${site.url}/article/${article.slug}${query}`, { redirect: 'manual' });
      const first = ask('?utm_source=whatsapp');
      await sleep(200);
      const second = ask('?utm_source=facebook&fbclid=abc');
      const third = ask('');
      await sleep(200);
      await db.query('rollback');
      const answers = await Promise.all([first, second, third]);
      expect(answers.map((r) => r.status)).toEqual([301, 301, 301]);
      expect(answers.map((r) => r.headers.get('location'))).toEqual([
        `/article/${slug}?utm_source=whatsapp`,
        `/article/${slug}?utm_source=facebook&fbclid=abc`,
        `/article/${slug}`,
      ]);
    } finally {
      await db.end();
      await serviceClient().from('articles').delete().eq('id', article.id);
    }
  });

  it('an unknown slug is still a 404', async () => {
    const res = await fetch(`${site.url}/article/jamais-${f.token}`, { redirect: 'manual' });
    expect(res.status).toBe(404);
  });
});

describe('a scheduled article', () => {
  it('is nowhere before its moment (article, category, search, feeds, sitemap), everywhere after it', async () => {
    // Far enough ahead for the seven reads before it on a busy machine (beside the other lanes: 8 s
    // were once not enough there).
    const goesOut = Date.now() + 15_000;
    const article = must(
      await admin.sb
        .from('articles')
        .insert({
          slug: `edition-${f.token}`,
          title: `Édition de 6 h ${f.token}`,
          content: `Texte de l'édition ${f.token}`,
          status: 'scheduled',
          published_at: new Date(goesOut).toISOString(),
          category_id: f.category.id,
        })
        .select('id, slug, title')
        .single(),
      'admin schedules an article',
    );
    try {
      const seen = async () => ({
        status: (await fetch(`${site.url}/article/${article.slug}`)).status,
        category: (await getPage(`${site.url}/category/${f.category.slug}`)).html.includes(article.title),
        search: (await getPage(`${site.url}/search?q=${f.token}`)).html.includes(article.title),
        home: (await getPage(`${site.url}/`)).html.includes(article.title),
        rss: (await rssLinks()).includes(`${ORIGIN}/article/${article.slug}`),
        categoryRss: (await rssLinks(`/category/${f.category.slug}/rss.xml`)).includes(`${ORIGIN}/article/${article.slug}`),
        sitemap: (await sitemapLocs()).includes(`${ORIGIN}/article/${article.slug}`),
      });
      const before = await seen();
      expect(Date.now(), 'the reads before the moment ended before it (machine too slow?)').toBeLessThan(goesOut);
      expect(before).toEqual({
        status: 404,
        category: false,
        search: false,
        home: false,
        rss: false,
        categoryRss: false,
        sitemap: false,
      });
      await sleep(Math.max(0, goesOut - Date.now()) + 300);
      expect(await seen()).toEqual({ status: 200, category: true, search: true, home: true, rss: true, categoryRss: true, sitemap: true });
    } finally {
      await serviceClient().from('articles').delete().eq('id', article.id);
    }
  }, 45_000);
});

describe('the preview', () => {
  it('is a 404 for the server, kept by no cache, out of indexes, with a neutral loading shell and nothing of the article', async () => {
    for (const headers of [{}, { 'Save-Data': 'on' }] as Record<string, string>[]) {
      const { res, doc, html } = await getPage(`${site.url}/apercu/${f.draft.id}`, { headers });
      expect(res.status).toBe(404);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-robots-tag')).toBe('noindex');
      expect(metaContent(doc, 'robots')).toBe('noindex');
      expect(doc.querySelector('[role="status"]')?.textContent).toBe("Chargement de l'aperçu…");
      expect(html).not.toContain(f.draft.title);
      expect(html).not.toContain(f.token);
      expect(JSON.parse(doc.getElementById('page-data')!.textContent!).seed).toBeNull();
      // The reader app comes with it even in data-saver mode: only the browser can load a preview.
      expect(doc.querySelector('script[data-app]')).toBeNull();
      expect(doc.querySelector('script[src="/src/main.tsx"]')).not.toBeNull();
    }
  });

  it('is named nowhere a crawler reads', async () => {
    expect((await sitemapLocs()).some((l) => l.includes('/apercu/'))).toBe(false);
    expect(await (await fetch(`${site.url}/robots.txt`)).text()).toMatch(/^Disallow: \/apercu\/$/m);
  });
});

describe('corrections', () => {
  it('show on the article (date under the byline, notes at the end, dateModified) and on /corrections, listed in the sitemap', async () => {
    // Now: after the article's rename above (an edit, which is « Mis à jour » too), so the correction is the latest change.
    const correctedAt = new Date().toISOString();
    const note = `Une date était fausse dans la première version ${f.token}.`;
    must(
      await admin.sb
        .from('article_corrections')
        .insert({ article_id: f.published.id, note, corrected_at: correctedAt })
        .select('id')
        .single(),
      'admin adds a correction',
    );
    const { data: current } = await anonClient().from('articles').select('slug').eq('id', f.published.id).single();

    const { doc } = await getPage(`${site.url}/article/${current!.slug}`);
    const updated = doc.querySelector('.article__updated');
    expect(updated?.textContent).toMatch(/^Mis à jour le \d{1,2} \S+ \d{4}$/);
    expect(Date.parse(updated!.querySelector('time')!.getAttribute('datetime')!)).toBe(Date.parse(correctedAt));
    const section = doc.querySelector('section[aria-labelledby="article-corrections-title"]');
    expect(section?.querySelector('h2')?.textContent).toBe('Corrections');
    expect(section?.querySelector('li p')?.textContent).toBe(note);
    const ld = JSON.parse(doc.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(new Date(ld.dateModified).toISOString()).toBe(correctedAt);
    expect(new Date(metaContent(doc, 'article:modified_time')!).toISOString()).toBe(correctedAt);

    const list = await getPage(`${site.url}/corrections`);
    expect(list.res.status).toBe(200);
    expect(list.doc.querySelector('h1')?.textContent).toBe('Corrections');
    expect(list.doc.title).toBe('Corrections — Afrique Actu');
    const item = [...list.doc.querySelectorAll('.corrections__list li')].find((li) => li.textContent?.includes(note));
    expect(item?.querySelector('a')?.getAttribute('href')).toBe(`/article/${current!.slug}`);
    expect(Date.parse(item!.querySelector('time')!.getAttribute('datetime')!)).toBe(Date.parse(correctedAt));
    expect(await sitemapLocs()).toContain(`${ORIGIN}/corrections`);

    // Data-saver mode: the same HTML, lite.
    const lite = await getPage(`${site.url}/corrections`, { headers: { 'Save-Data': 'on' } });
    expect(lite.doc.querySelector('script[data-app]')).not.toBeNull();
    expect(lite.html).toContain(note);
    const liteArticle = await getPage(`${site.url}/article/${current!.slug}`, { headers: { 'Save-Data': 'on' } });
    expect(liteArticle.doc.querySelector('.article__updated')).not.toBeNull();
    expect(liteArticle.html).toContain(note);
  });

  it('an article without corrections says nothing of them; its dateModified is its publication', async () => {
    const plain = must(
      await admin.sb
        .from('articles')
        .insert({
          slug: `sans-correction-${f.token}`,
          title: `Sans correction ${f.token}`,
          content: 'Texte.',
          status: 'published',
          category_id: f.category.id,
        })
        .select('id, slug')
        .single(),
      'admin publishes an article',
    );
    try {
      const { doc } = await getPage(`${site.url}/article/${plain.slug}`);
      expect(doc.querySelector('h1')).not.toBeNull();
      expect(doc.querySelector('.article__updated, .article-corrections')).toBeNull();
      const ld = JSON.parse(doc.querySelector('script[type="application/ld+json"]')!.textContent!);
      expect(ld.dateModified).toBe(ld.datePublished);
    } finally {
      await serviceClient().from('articles').delete().eq('id', plain.id);
    }
  });

  it('an edit after publication keeps datePublished and says « Mis à jour » with dateModified at the edit (no new publication)', async () => {
    const edited = must(
      await admin.sb
        .from('articles')
        .insert({
          slug: `retouche-${f.token}`,
          title: `Retouche ${f.token}`,
          content: 'Texte.',
          status: 'published',
          category_id: f.category.id,
        })
        .select('id, slug, published_at')
        .single(),
      'admin publishes an article',
    );
    try {
      await sleep(1_100);
      // The editor's save as it was: status Publié with the current time; the database keeps the first.
      await update(edited.id, { title: `Retouche corrigée ${f.token}`, status: 'published', published_at: new Date().toISOString() });
      const { data: row } = await serviceClient().from('articles').select('published_at, updated_at').eq('id', edited.id).single();
      expect(row!.published_at).toBe(edited.published_at);
      const { doc } = await getPage(`${site.url}/article/${edited.slug}`);
      expect(doc.querySelector('h1')?.textContent).toBe(`Retouche corrigée ${f.token}`);
      const ld = JSON.parse(doc.querySelector('script[type="application/ld+json"]')!.textContent!);
      expect(Date.parse(ld.datePublished)).toBe(Date.parse(edited.published_at!));
      expect(Date.parse(ld.dateModified)).toBe(Date.parse(row!.updated_at));
      expect(Date.parse(ld.dateModified)).toBeGreaterThan(Date.parse(ld.datePublished));
      expect(Date.parse(metaContent(doc, 'article:modified_time')!)).toBe(Date.parse(row!.updated_at));
      const updated = doc.querySelector('.article__updated time');
      expect(Date.parse(updated!.getAttribute('datetime')!)).toBe(Date.parse(row!.updated_at));
    } finally {
      await serviceClient().from('articles').delete().eq('id', edited.id);
    }
  });
});
