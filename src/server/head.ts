import heroImage from '@/public/assets/hero.webp';
import { documentTitle, SITE_NAME, type PageMeta } from '@/public/meta';
import { escapeHtml, jsonForScript } from './html';

/** A site path or an absolute URL, as an absolute URL on the public origin. */
const absolute = (origin: string, pathOrUrl: string) => new URL(pathOrUrl, `${origin}/`).href;

const meta = (attr: 'name' | 'property', key: string, content: string | null | undefined) =>
  content ? `<meta ${attr}="${key}" content="${escapeHtml(content)}" />` : '';

/**
 * The page's <head> tags: title, description, canonical address, Open Graph and Twitter cards
 * (link previews in WhatsApp, Facebook, X, LinkedIn are built from these, without JavaScript),
 * and schema.org JSON-LD for search engines and news aggregators.
 */
export function headTags(page: PageMeta, origin: string): string {
  const title = documentTitle(page.title);
  const url = absolute(origin, page.path);
  const image = absolute(origin, page.image || heroImage);
  const cardTitle = page.title ?? title;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', page.description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    page.noindex ? meta('name', 'robots', 'noindex') : '',
    page.feed ? `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(page.feed.title)}" href="${escapeHtml(absolute(origin, page.feed.path))}" />` : '',
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:locale', 'fr_FR'),
    meta('property', 'og:type', page.article ? 'article' : 'website'),
    meta('property', 'og:title', cardTitle),
    meta('property', 'og:description', page.description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('property', 'og:image:alt', cardTitle),
    meta('property', 'article:published_time', page.article?.publishedAt),
    meta('property', 'article:modified_time', page.article?.modifiedAt),
    meta('property', 'article:section', page.article?.section),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', cardTitle),
    meta('name', 'twitter:description', page.description),
    meta('name', 'twitter:image', image),
    `<script type="application/ld+json">${jsonForScript(structuredData(page, origin, url, image))}</script>`,
  ];
  return tags.filter(Boolean).join('\n    ');
}

const publisher = (origin: string) => ({
  '@type': 'NewsMediaOrganization',
  name: SITE_NAME,
  url: `${origin}/`,
  logo: { '@type': 'ImageObject', url: absolute(origin, '/favicon.svg') },
});

/** NewsArticle on article pages; the site (home) or a collection (category, others) elsewhere. */
function structuredData(page: PageMeta, origin: string, url: string, image: string): Record<string, unknown> {
  if (page.article)
    return {
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: page.title,
      description: page.description,
      image: [image],
      datePublished: page.article.publishedAt,
      dateModified: page.article.modifiedAt ?? page.article.publishedAt,
      author: { '@type': 'Person', name: page.article.author },
      publisher: publisher(origin),
      mainEntityOfPage: url,
      articleSection: page.article.section ?? undefined,
      inLanguage: 'fr',
    };
  if (page.path === '/')
    return { '@context': 'https://schema.org', '@type': 'WebSite', name: SITE_NAME, url, inLanguage: 'fr', description: page.description, publisher: publisher(origin) };
  return { '@context': 'https://schema.org', '@type': 'CollectionPage', name: page.title, url, inLanguage: 'fr', description: page.description, isPartOf: { '@type': 'WebSite', name: SITE_NAME, url: `${origin}/` } };
}
