import type { ArticleRow, Tables } from '@/lib/database';
import type { DataClient } from '@/lib/supabase';
import { imageFamily } from '@/lib/renditions';
import { escapeLike } from '@/lib/searchPattern';
import { ownObjectPath } from '../articles/images/imageFiles';
import type { ImageFiles } from './imageBucket';

/**
 * The files an article's images occupy in the bucket, so that deleting the article deletes them
 * (the newsroom chose deletion over a trash): the main image, the gallery (article_images), the
 * pictures inside the text that live in our bucket, each with its renditions. A file that another
 * article still shows is never removed.
 */

type Db = Pick<DataClient, 'from'>;

const IMG_SRC = /<img\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;

/** The addresses of the pictures inside an article's HTML text (plain text has none). */
export function contentImageUrls(content: string | null | undefined): string[] {
  if (!content) return [];
  return [...content.matchAll(IMG_SRC)].map((m) => (m[1] ?? m[2]).replace(/&amp;/g, '&').trim());
}

/** Where an article names images: its main image, its text, its gallery's rows. */
export type ArticleImageRefs = Pick<ArticleRow, 'image_url' | 'content'> & {
  article_images: Pick<Tables<'article_images'>, 'image_url'>[];
};

/** The bucket objects (masters, or files without renditions) an article's images name, once each. */
export function ownImagePaths(refs: ArticleImageRefs, prefix: string): string[] {
  const urls = [refs.image_url, ...refs.article_images.map((i) => i.image_url), ...contentImageUrls(refs.content)];
  const paths = urls.map((url) => (url ? ownObjectPath(url, prefix) : null)).filter((p): p is string => !!p);
  return [...new Set(paths)];
}

/**
 * Reads what each article's images are, while their rows still exist (before the delete), in one
 * query: article id → its own paths (none for an article not found).
 */
export async function readArticlesImagePaths(db: Db, articleIds: string[], prefix: string): Promise<Map<string, string[]>> {
  const paths = new Map<string, string[]>(articleIds.map((id) => [id, []]));
  if (!articleIds.length) return paths;
  const { data, error } = await db.from('articles').select('id, image_url, content, article_images(image_url)').in('id', articleIds);
  if (error) throw error;
  for (const row of data) paths.set(row.id, ownImagePaths(row, prefix));
  return paths;
}

/** Where an article shows an image: its main image, its gallery, its text. */
const SHOWN_IN = [
  ['articles', 'image_url'],
  ['article_images', 'image_url'],
  ['articles', 'content'],
] as const;

/**
 * PostgREST's or=(…) filter: `column` holds any of `names`. Each LIKE pattern is double-quoted
 * (`\` and `"` escaped inside, PostgREST's rule) because `,`, `(`, `)` and `:` belong to the
 * filter's syntax: the uploader's and the seed's stems have none, but a text may name any object.
 */
const holdsAnyOf = (column: string, names: string[]) =>
  names.map((name) => `${column}.like."${`%${escapeLike(name)}%`.replace(/[\\"]/g, '\\$&')}"`).join(',');

/**
 * The paths among `paths` that some article still shows: as its main image, in its gallery or
 * in its text, as the master or any of its renditions (they share its name up to `.webp`, and an
 * article may show a rendition's URL). One query per place for all the paths, the rows matched
 * back to the paths here. Asked once the deleted article is gone, so whatever is found belongs
 * to another article. Errs towards keeping: a look-alike name elsewhere keeps the file, and so
 * does an answer cut short by the server's row cap (max_rows), which may hide the one that shows it.
 */
export async function stillReferenced(db: Db, paths: string[]): Promise<Set<string>> {
  if (!paths.length) return new Set();
  const stems = new Map(paths.map((path) => [path, path.replace(/\.webp$/i, '')]));
  const names = [...new Set(stems.values())];
  const found = await Promise.all(
    // Each place's table and column go together, which the type checker cannot follow through the
    // map: the rows are typed as what they are, the one text column asked for.
    SHOWN_IN.map(([table, column]) =>
      db
        .from(table)
        .select<typeof column, Partial<Record<typeof column, string | null>>>(column, { count: 'exact' })
        .or(holdsAnyOf(column, names)),
    ),
  );
  const shown: string[] = [];
  for (const [i, { data, error, count }] of found.entries()) {
    if (error) throw error;
    const rows = data ?? [];
    if (count !== null && count > rows.length) return new Set(paths);
    for (const row of rows) {
      const value = row[SHOWN_IN[i][1]];
      if (typeof value === 'string') shown.push(value);
    }
  }
  return new Set(paths.filter((path) => shown.some((value) => value.includes(stems.get(path)!))));
}

/** Every file to remove for these images: each master with all its renditions. */
export const filesOf = (paths: string[]) => paths.flatMap((p) => imageFamily(p));

/**
 * After the article is gone: removes the files of its images that no other article shows.
 * Resolves with the names removed.
 */
export async function removeUnreferencedImages(db: Db, paths: string[], remove: ImageFiles['remove']): Promise<string[]> {
  if (!paths.length) return [];
  const kept = await stillReferenced(db, paths);
  const names = filesOf(paths.filter((p) => !kept.has(p)));
  if (names.length) await remove(names);
  return names;
}
