import { hasHtml } from '@/lib/content';
import type { ArticlePageData, CategoryPageData } from './api/types';

export const SITE_NAME = 'Afrique Actu';
export const SITE_DESCRIPTION =
  "L'actualité africaine autrement : politique, économie, culture, sport et réussites du continent.";
const DESCRIPTION_MAX = 200;
const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'" };

/** What a page says about itself to browsers, search engines and link previews. */
export interface PageMeta {
  /** The page's own title; the document title adds the site's name (documentTitle). */
  title: string | null;
  description: string;
  /** Path of the canonical address, on the site's public origin. */
  path: string;
  /** Share-card picture: an absolute URL, or a site path. */
  image?: string | null;
  article?: { publishedAt: string | null; modifiedAt?: string | null; section: string | null; author: string };
  /** The page's RSS feed, announced to feed readers. */
  feed?: { title: string; path: string };
  /** Search results, sign-in, 404: not for search engines' indexes. */
  noindex?: boolean;
}

/** '{page} — Afrique Actu'; the home page is the site's name and motto. */
export const documentTitle = (title: string | null) =>
  title ? `${title} — ${SITE_NAME}` : `${SITE_NAME} — L'actualité africaine autrement`;

export const homeMeta = (): PageMeta => ({
  title: null,
  description: SITE_DESCRIPTION,
  path: '/',
  feed: { title: `${SITE_NAME} — tous les articles`, path: '/rss.xml' },
});

export const categoryMeta = ({ category, articles }: CategoryPageData): PageMeta => ({
  title: category.name,
  description: `${category.name} : les derniers articles d'${SITE_NAME}, l'actualité africaine autrement.`,
  path: `/category/${category.slug}`,
  image: articles.find((a) => a.image_url)?.image_url,
  feed: { title: `${SITE_NAME} — ${category.name}`, path: `/category/${category.slug}/rss.xml` },
});

export const articleMeta = ({ article, authorName, images }: ArticlePageData): PageMeta => ({
  title: article.title,
  description: article.excerpt?.trim() || summary(article.content),
  path: `/article/${article.slug}`,
  image: images[0] ?? article.image_url,
  article: { publishedAt: article.published_at, modifiedAt: article.updated_at, section: article.category?.name ?? null, author: authorName },
});

/** Pages without data of their own. */
export const staticMeta = (title: string | null, path: string, description = SITE_DESCRIPTION, noindex = false): PageMeta => ({
  title,
  description,
  path,
  noindex,
});

/** The opening words of an article's text (tags dropped), for a description under 200 characters. */
export function summary(content: string): string {
  const text = (hasHtml(content) ? content.replace(/<[^>]*>/g, ' ') : content)
    .replace(/&(nbsp|amp|lt|gt|quot|#39|apos);/g, (_, name: string) => ENTITIES[name])
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= DESCRIPTION_MAX) return text;
  const cut = text.slice(0, DESCRIPTION_MAX - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

export const searchTitle = (q: string) => (q ? `Résultats pour « ${q} »` : 'Recherche');
export const NOT_FOUND_TITLE = 'Page introuvable';
