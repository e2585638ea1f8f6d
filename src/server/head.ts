import shareDefault from '@/public/assets/share-default.jpg';
import { DEFAULT_AUTHOR, documentTitle, shareCard, SITE_NAME, type PageMeta } from '@/public/meta';
import { escapeHtml } from '@/lib/html';
import { jsonForScript } from './html';
import { claimReviewData } from './claimReviewJsonLd';
import { liveBlogParts } from './liveJsonLd';

const meta = (attr: 'name' | 'property', key: string, content: string | null | undefined) =>
  content ? `<meta ${attr}="${key}" content="${escapeHtml(content)}" />` : '';

/**
 * The page's <head> tags: title, description, canonical address, Open Graph and Twitter cards
 * (link previews in WhatsApp, Facebook, X, LinkedIn are built from these, without JavaScript),
 * and schema.org JSON-LD for search engines and news aggregators. Error pages get a title and
 * a description only.
 */
export function headTags(page: PageMeta, origin: string): string {
  const title = documentTitle(page.title);
  const tags = [`<title>${escapeHtml(title)}</title>`, meta('name', 'description', page.description)];
  if (page.noindex) tags.push(meta('name', 'robots', 'noindex'));
  if (page.kind === 'error') return tags.join('\n    ');

  const card = shareCard(page, origin, shareDefault);
  tags.push(
    `<link rel="canonical" href="${escapeHtml(card.url)}" />`,
    ...(['prev', 'next'] as const).map((rel) =>
      page[rel] ? `<link rel="${rel}" href="${escapeHtml(new URL(page[rel], origin).href)}" />` : '',
    ),
    page.feed
      ? `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(page.feed.title)}" href="${escapeHtml(new URL(page.feed.path, origin).href)}" />`
      : '',
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:locale', 'fr_FR'),
    meta('property', 'og:type', page.kind === 'article' ? 'article' : 'website'),
    meta('property', 'og:title', card.title),
    meta('property', 'og:description', card.description),
    meta('property', 'og:url', card.url),
    meta('property', 'og:image', card.image),
    meta('property', 'og:image:width', card.imageSize && String(card.imageSize.width)),
    meta('property', 'og:image:height', card.imageSize && String(card.imageSize.height)),
    meta('property', 'og:image:alt', card.imageAlt),
    meta('property', 'article:published_time', page.article?.publishedAt),
    meta('property', 'article:modified_time', page.article?.modifiedAt),
    meta('property', 'article:section', page.article?.section),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', card.title),
    meta('name', 'twitter:description', card.description),
    meta('name', 'twitter:image', card.image),
    meta('name', 'twitter:image:alt', card.imageAlt),
    `<script type="application/ld+json">${jsonForScript(withClaimReview(structuredData(page, origin, card), page, origin, card))}</script>`,
  );
  return tags.filter(Boolean).join('\n    ');
}

const publisher = (origin: string) => ({
  '@type': 'NewsMediaOrganization',
  name: SITE_NAME,
  url: `${origin}/`,
  logo: { '@type': 'ImageObject', url: `${origin}/favicon.svg` },
});

/** A fact-check's page says two things: its NewsArticle and, beside it, its ClaimReview (one script, a list). */
function withClaimReview(data: Record<string, unknown>, page: PageMeta, origin: string, card: ReturnType<typeof shareCard>) {
  const review = page.article?.claimReview;
  if (!review) return data;
  const { publishedAt, modifiedAt } = page.article!;
  return [data, claimReviewData(review, { url: card.url, publishedAt, modifiedAt }, publisher(origin))];
}

/** NewsArticle on articles (LiveBlogPosting on live ones); WebSite on home; CollectionPage on categories; WebPage elsewhere. */
function structuredData(page: PageMeta, origin: string, card: ReturnType<typeof shareCard>): Record<string, unknown> {
  const base = { '@context': 'https://schema.org', url: card.url, inLanguage: 'fr', description: page.description };
  if (page.kind === 'article' && page.article) {
    const { author, authorPath, publishedAt, modifiedAt, section } = page.article;
    return {
      ...base,
      '@type': 'NewsArticle',
      headline: page.title,
      image: [card.image],
      datePublished: publishedAt,
      dateModified: modifiedAt ?? publishedAt,
      // The newsroom's own byline is the organisation, not a person.
      author:
        author === DEFAULT_AUTHOR
          ? publisher(origin)
          : { '@type': 'Person', name: author, ...(authorPath ? { url: new URL(authorPath, origin).href } : {}) },
      publisher: publisher(origin),
      mainEntityOfPage: card.url,
      articleSection: section ?? undefined,
      // A live article: LiveBlogPosting (a kind of article), with its coverage and latest entries.
      ...(page.article.live ? liveBlogParts(page.article.live, card.url) : {}),
    };
  }
  if (page.kind === 'home') return { ...base, '@type': 'WebSite', name: SITE_NAME, publisher: publisher(origin) };
  const isPartOf = { '@type': 'WebSite', name: SITE_NAME, url: `${origin}/` };
  return { ...base, '@type': page.kind === 'collection' ? 'CollectionPage' : 'WebPage', name: page.title, isPartOf };
}
