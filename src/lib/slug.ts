/** "Économie" → "Economie": letters without their combining accents. */
export const stripAccents = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/** Lower-case, accents removed, runs of anything else turned into one hyphen, trimmed (docs/product.md#slugs). */
export function slugBase(text: string): string {
  return stripAccents(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The slug a title gives an article that readers have never seen: the title's own, with no
 * suffix. When another article has it, the save takes the database's next free one (-2, -3…).
 */
export const slugFromTitle = (title: string): string => slugBase(title);

/** Whether a slug is the one its title gives (the save then asks the database for the free one). */
export const followsTitle = (slug: string, title: string): boolean => slug !== '' && slug === slugFromTitle(title);

/**
 * The slug after a title change: the title's while the article has never been public; once it
 * has, its address stays what it is (changed by hand only, the old one redirecting).
 */
export const slugAfterTitleChange = (title: string, current: { slug: string; hasBeenPublic: boolean }): string =>
  current.hasBeenPublic ? current.slug : slugFromTitle(title);

/**
 * The longest slug the database holds, per reader page (the migrations' checks: articles and their
 * old addresses 200, authors 140, categories 80; src/admin/limits.int.test.ts ties them).
 */
export const SLUG_MAX = { article: 200, author: 140, category: 80 } as const;

/**
 * The form the database gives every slug (the same checks: categories, articles, their old
 * addresses, profiles): lower-case letters and digits, words joined by single hyphens.
 */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * Whether no page of that kind can have `slug`: longer than the database holds or not of its
 * form. The server answers 404 without a lookup and keeps nothing of it (its address can be anything).
 */
export const impossibleSlug = (kind: keyof typeof SLUG_MAX, slug: string): boolean =>
  slug.length > SLUG_MAX[kind] || !SLUG_PATTERN.test(slug);
