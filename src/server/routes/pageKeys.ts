import type { RouteId } from '@/public/routes';
import type { ArticlePageData, CategoryPageData, HomePageData, TagPageData } from '@/public/api/types';
import { isRedirect } from '@/public/routing/redirect';
import { articleKey, authorKey, categoryKey, KEY, tagKey } from './keys';

/** Ids a page's data does not hold, looked up with it (ids.ts): an author page's, a moved article's. */
export interface FoundIds {
  authorId?: string;
  articleId?: string;
}

/** What each kind of reader page shows besides the menu, by the route's data. */
const SHOWN: Partial<Record<RouteId, (data: unknown, found: FoundIds) => (string | null | undefined)[]>> = {
  // The front page, and the country or topic its strip shows (a rename or a hide purges it).
  home: (data) => {
    const { topic } = data as HomePageData;
    return [KEY.front, topic && tagKey(topic.id)];
  },
  category: (data) => [categoryKey((data as CategoryPageData).category.id)],
  article: (data) => {
    const { article } = data as ArticlePageData;
    return [
      articleKey(article.id),
      article.category_id && categoryKey(article.category_id),
      article.author_id && authorKey(article.author_id),
    ];
  },
  author: (_, { authorId }) => [authorId && authorKey(authorId)],
  // A tag's page: the tag, and the articles it lists (a deleted one takes its tags' rows with it, unseen by their keys).
  country: (data) => tagPageKeys(data as TagPageData),
  topic: (data) => tagPageKeys(data as TagPageData),
  // The « Pays » index: a tag's change records `feeds` too.
  countries: () => [KEY.feeds],
  corrections: () => [KEY.corrections],
  // Any public article's change purges the front page's key, a fact-check's included.
  factChecks: () => [KEY.front],
  search: () => [KEY.search],
};

const tagPageKeys = ({ tag, articles }: TagPageData) => [tagKey(tag.id), ...articles.map((a) => articleKey(a.id))];

/**
 * The purge keys of a reader page (src/public/routes.ts), from what it shows: a 404 its own key
 * (no data names it), a 301 its article's or tag's, a page the keys of its data, and every HTML page the
 * menu's. Pages with no data of their own (about, contact) only `menu`; `all` is added when sent.
 */
export function pageKeys(route: RouteId, status: number, data: unknown, found: FoundIds = {}): string[] {
  if (status === 301) {
    // An article's old address: its article's key; a country's or topic's other or merged address: its tag's.
    const tagId = isRedirect(data) ? data.tagId : undefined;
    return [found.articleId && articleKey(found.articleId), tagId && tagKey(tagId)].filter((key): key is string => !!key);
  }
  // The catch-all's 404 lists the latest headlines: what changes the front page changes it too.
  if (status === 404) return route === 'notFound' ? [KEY.missing, KEY.front, KEY.menu] : [KEY.missing, KEY.menu];
  const shown = data === undefined || data === null ? [] : (SHOWN[route]?.(data, found) ?? []);
  return [...shown.filter((key): key is string => !!key), KEY.menu];
}
