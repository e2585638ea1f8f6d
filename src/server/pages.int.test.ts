import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtures, must, removeFixtures, signIn, uid, type Fixtures, type Session } from '../../supabase/tests/helpers';
import { SEARCH_MAX, searchQuery } from '@/public/routes';
import { ORIGIN, getPage, metaContent, startTestSite } from '../../tests/integration/site';

// What a link-preview bot, a search engine or a reader without JavaScript gets from the server.
let site: Awaited<ReturnType<typeof startTestSite>>;
let admin: Session;
let f: Fixtures;
const hostile = { id: '', slug: '', title: `Titre </script><script>alert(1)</script> ${uid()}` };

beforeAll(async () => {
  site = await startTestSite();
  admin = await signIn('admin');
  f = await createFixtures(admin.sb);
  Object.assign(
    hostile,
    must(
      await admin.sb
        .from('articles')
        .insert({
          slug: `hostile-${f.token}`,
          title: hostile.title,
          content: `<p>Premier paragraphe ${f.token}.</p><script>window.pwned = 1</script><img src="x" onerror="window.pwned = 2">`,
          status: 'published',
          category_id: f.category.id,
        })
        .select('id, slug, title')
        .single(),
      'admin creates the hostile article',
    ),
  );
});
afterAll(async () => {
  await admin?.sb.from('articles').delete().eq('id', hostile.id);
  await removeFixtures(f);
  await site?.close();
});

describe('article page HTML', () => {
  it('carries the headline, the first paragraph, share cards with absolute URLs and NewsArticle JSON-LD', async () => {
    const { res, doc } = await getPage(`${site.url}/article/${f.published.slug}`);
    expect(res.status).toBe(200);
    expect(doc.querySelector('h1')?.textContent).toBe(f.published.title);
    expect(doc.querySelector('.article-body p')?.textContent).toBe(`Contenu ${f.token}`);
    expect(doc.title).toBe(`${f.published.title} — Afrique Actu`);

    const url = `${ORIGIN}/article/${f.published.slug}`;
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(url);
    expect(metaContent(doc, 'description')).toBe(`Résumé ${f.token}`);
    expect(metaContent(doc, 'og:type')).toBe('article');
    expect(metaContent(doc, 'og:title')).toBe(f.published.title);
    expect(metaContent(doc, 'og:description')).toBe(`Résumé ${f.token}`);
    expect(metaContent(doc, 'og:url')).toBe(url);
    expect(metaContent(doc, 'og:image')).toMatch(/^https:\/\/img\.example\.test\//);
    expect(metaContent(doc, 'article:published_time')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(metaContent(doc, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(doc, 'twitter:title')).toBe(f.published.title);
    expect(metaContent(doc, 'twitter:image')).toBe(metaContent(doc, 'og:image'));

    const ld = JSON.parse(doc.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: f.published.title,
      mainEntityOfPage: url,
      author: { '@type': 'Person', name: doc.querySelector('.article__byline span')?.textContent?.replace(/^Par /, '') },
      publisher: { '@type': 'NewsMediaOrganization', name: 'Afrique Actu' },
    });
    expect(new Date(ld.datePublished).getTime()).not.toBeNaN();
    expect(new Date(ld.dateModified).getTime()).toBeGreaterThanOrEqual(new Date(ld.datePublished).getTime());
    expect(ld.image[0]).toMatch(/^https:\/\//);
  });

  it('hands its data to the browser, so hydration does not fetch the article again', async () => {
    const { doc } = await getPage(`${site.url}/article/${f.published.slug}`);
    const page = JSON.parse(doc.getElementById('page-data')!.textContent!);
    expect(page.origin).toBe(ORIGIN);
    expect(page.seed.key).toBe(`article:${f.published.slug}`);
    expect(page.seed.data.article.title).toBe(f.published.title);
  });

  it('answers 404 with the not-found page for a missing article, without a share card', async () => {
    const { res, doc } = await getPage(`${site.url}/article/absent-${f.token}`);
    expect(res.status).toBe(404);
    expect(doc.querySelector('h1')?.textContent).toBe('Article introuvable');
    expect(doc.title).toBe('Article introuvable — Afrique Actu');
    expect(metaContent(doc, 'robots')).toBe('noindex');
    expect(doc.querySelector('link[rel="canonical"], meta[property="og:url"], script[type="application/ld+json"]')).toBeNull();
  });

  it('a path with repeated slashes is sent to its one address, never read as another host', async () => {
    const res = await fetch(`${site.url}//evil.example/article/${f.published.slug}`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(`/evil.example/article/${f.published.slug}`);
    const { doc } = await getPage(`${site.url}/article//${f.published.slug}`);
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${ORIGIN}/article/${f.published.slug}`);
  });

  it('never renders a draft to anyone: 404, and neither its title nor its text in the HTML', async () => {
    const { res, html } = await getPage(`${site.url}/article/${f.draft.slug}`);
    expect(res.status).toBe(404);
    expect(html).not.toContain(f.draft.title);
    expect(html).not.toContain('Brouillon');
  });

  it('sends sanitized content: no script from the database runs, not even through the title', async () => {
    const { res, doc, html } = await getPage(`${site.url}/article/${hostile.slug}`);
    expect(res.status).toBe(200);
    expect(doc.querySelector('h1')?.textContent).toBe(hostile.title);
    expect(doc.querySelector('.article-body p')?.textContent).toBe(`Premier paragraphe ${f.token}.`);
    expect(doc.querySelector('.article-body script, .article-body [onerror]')).toBeNull();
    // The only scripts are the site's own files and data blocks, which browsers never run.
    for (const script of doc.querySelectorAll('script')) {
      const type = script.getAttribute('type');
      if (type === 'module') expect(script.getAttribute('src')).toMatch(/^\/src\//);
      else expect(['application/json', 'application/ld+json']).toContain(type);
      expect(script.textContent).not.toContain('alert(1)</script>');
    }
    expect(html).not.toContain('<script>alert(1)');
    expect(JSON.parse(doc.querySelector('script[type="application/ld+json"]')!.textContent!).headline).toBe(hostile.title);
  });
});

describe('other reader pages', () => {
  it('the footer promises « La Matinale » at its settings’ send time; a new time renews every page, its data block included', async () => {
    const settings = () => admin.sb.from('newsletter_settings');
    const { data: before } = await settings().select('send_time').single();
    const footerPromise = async () => {
      const { doc } = await getPage(`${site.url}/about`);
      const data = JSON.parse(doc.getElementById('page-data')!.textContent!);
      return { text: doc.querySelector('footer')!.textContent!, time: data.newsletterTime };
    };
    try {
      expect(must(await settings().update({ send_time: '07:15' }).eq('id', true).select('send_time'), 'admin sets 07:15')).toHaveLength(1);
      await expect.poll(footerPromise, { timeout: 5_000 }).toMatchObject({
        text: expect.stringContaining(
          "La Matinale, la lettre quotidienne d'Afrique Actu : l'essentiel de l'actualité africaine, chaque matin à 7 h 15.",
        ),
        time: '07:15',
      });
      must(await settings().update({ send_time: '06:30' }).eq('id', true).select('send_time'), 'admin sets 06:30');
      await expect.poll(async () => (await footerPromise()).text, { timeout: 5_000 }).toContain('chaque matin à 6 h 30.');
    } finally {
      await settings().update({ send_time: before!.send_time }).eq('id', true);
    }
  });

  it('home: 200, the featured article in the HTML, website cards and the site feed', async () => {
    const { res, doc } = await getPage(`${site.url}/`);
    expect(res.status).toBe(200);
    expect(doc.querySelector('h1')?.textContent).toBe("L'actualité africaine autrement");
    expect(doc.querySelector('.home-featured .card__title')?.textContent).toBeTruthy();
    expect(doc.querySelectorAll('.home-section').length).toBeGreaterThanOrEqual(7);
    expect(metaContent(doc, 'og:type')).toBe('website');
    expect(metaContent(doc, 'og:image')).toMatch(new RegExp(`^${ORIGIN}/`));
    expect(JSON.parse(doc.querySelector('script[type="application/ld+json"]')!.textContent!)['@type']).toBe('WebSite');
    expect(doc.querySelector('link[type="application/rss+xml"]')?.getAttribute('href')).toBe(`${ORIGIN}/rss.xml`);
  });

  it('category: its name, its published articles only, and its own feed', async () => {
    const { res, doc } = await getPage(`${site.url}/category/${f.category.slug}`);
    expect(res.status).toBe(200);
    expect(doc.querySelector('h1')?.textContent).toBe(f.category.name);
    const titles = [...doc.querySelectorAll('.card__title')].map((t) => t.textContent);
    expect(titles).toEqual(expect.arrayContaining([f.published.title, hostile.title]));
    expect(titles).not.toContain(f.draft.title);
    expect(doc.title).toBe(`${f.category.name} — Afrique Actu`);
    expect(doc.querySelector('link[type="application/rss+xml"]')?.getAttribute('href')).toBe(
      `${ORIGIN}/category/${f.category.slug}/rss.xml`,
    );
    expect(JSON.parse(doc.querySelector('script[type="application/ld+json"]')!.textContent!)['@type']).toBe('CollectionPage');
  });

  it('unknown category and unknown path: 404 and the 404 page, in French, with a search; an unknown path lists the latest headlines', async () => {
    for (const path of [`/category/absente-${f.token}`, `/nulle-part-${f.token}`]) {
      const { res, doc } = await getPage(site.url + path);
      expect(res.status, path).toBe(404);
      expect(doc.querySelector('h1')?.textContent, path).toBe('Page introuvable');
      expect(doc.body.textContent).not.toContain('Oops');
      // The search works without the app: a plain form to /search.
      const search = doc.querySelector<HTMLFormElement>('.not-found form[role="search"]')!;
      expect(search.getAttribute('action'), path).toBe('/search');
      expect(search.querySelector('input[name="q"]'), path).not.toBeNull();
    }
    const { doc } = await getPage(`${site.url}/nulle-part-${f.token}`);
    const latest = [...doc.querySelectorAll<HTMLAnchorElement>('.not-found__latest a')];
    expect(latest.length).toBeGreaterThan(0);
    expect(latest.every((a) => a.getAttribute('href')!.startsWith('/article/'))).toBe(true);
  });

  it('search, about and contact are rendered too', async () => {
    const search = await getPage(`${site.url}/search?q=${f.token}`);
    expect(search.doc.querySelector('h1')?.textContent).toBe(`Résultats pour « ${f.token} »`);
    expect([...search.doc.querySelectorAll('.card__title')].map((t) => t.textContent)).toContain(f.published.title);
    expect(metaContent(search.doc, 'robots')).toBe('noindex');
    expect((await getPage(`${site.url}/about`)).doc.querySelector('h1')?.textContent).toBe(
      "L'Afrique racontée par celles et ceux qui la vivent",
    );
    expect((await getPage(`${site.url}/contact`)).doc.querySelector('h1')?.textContent).toBe('Contactez-nous');
  });

  it('a search longer than the search box allows runs cut to its limit, as the browser will read it', async () => {
    // What is past the limit is dropped: here, after the token and spaces, 2,800 more characters.
    const words = `${f.token}${' '.repeat(SEARCH_MAX)}${'autres mots '.repeat(233)}`;
    const q = searchQuery(words);
    expect(q).toBe(f.token);
    const { res, doc } = await getPage(`${site.url}/search?q=${encodeURIComponent(words)}`);
    expect(res.status).toBe(200);
    expect(doc.querySelector('h1')?.textContent).toBe(`Résultats pour « ${q} »`);
    expect([...doc.querySelectorAll('.card__title')].map((t) => t.textContent)).toContain(f.published.title);
    expect(JSON.parse(doc.getElementById('page-data')!.textContent!).seed.key).toBe(`search:${q}`);
    expect(doc.querySelector<HTMLInputElement>('#site-search')?.value).toBe(q);
    expect(metaContent(doc, 'robots')).toBe('noindex');
  });

  it('the back office is a shell for the browser, never indexed', async () => {
    const { res, doc } = await getPage(`${site.url}/admin/dashboard`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(doc.getElementById('root')?.innerHTML).toBe('');
    expect(doc.getElementById('page-data')).toBeNull();
  });

  it('with server rendering off, pages go out empty for the browser to render', async () => {
    const plain = await startTestSite({ ssr: false });
    try {
      const { res, doc } = await getPage(`${plain.url}/article/${f.published.slug}`);
      expect(res.status).toBe(200);
      expect(doc.getElementById('root')?.innerHTML).toBe('');
      expect(doc.getElementById('site-env')).not.toBeNull();
    } finally {
      await plain.close();
    }
  });
});
