import type { PostgrestClient } from '@supabase/postgrest-js';
import { imageFamily } from '@/lib/renditions';
import { escapeLike } from '@/lib/searchPattern';
import { ownObjectPath } from '../articles/images/imageFiles';

/**
 * The files an article's images occupy in the bucket, so that deleting the article deletes them
 * (the newsroom chose deletion over a trash): the main image, the gallery (article_images), the
 * pictures inside the text that live in our bucket, each with its renditions. A file that another
 * article still shows is never removed.
 */

type Db = Pick<PostgrestClient, 'from'>;

const IMG_SRC = /<img\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;

/** The addresses of the pictures inside an article's HTML text (plain text has none). */
export function contentImageUrls(content: string | null | undefined): string[] {
  if (!content) return [];
  return [...content.matchAll(IMG_SRC)].map((m) => (m[1] ?? m[2]).replace(/&amp;/g, '&').trim());
}

export interface ArticleImageRefs {
  image_url: string | null;
  content: string | null;
  article_images: { image_url: string }[];
}

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
  for (const row of (data ?? []) as (ArticleImageRefs & { id: string | number })[]) paths.set(String(row.id), ownImagePaths(row, prefix));
  return paths;
}

/**
 * Whether some article still shows the image stored at `path`: as its main image, in its gallery
 * or in its text, as the master or any of its renditions (they share its name up to `.webp`, and
 * an article may show a rendition's URL). Asked once the deleted article is gone, so whatever is
 * found belongs to another article. Errs towards keeping: a look-alike name elsewhere keeps the file.
 */
async function shownElsewhere(db: Db, path: string): Promise<boolean> {
  const anyCopy = `%${escapeLike(path.replace(/\.webp$/i, ''))}%`;
  const found = await Promise.all([
    db.from('articles').select('id').like('image_url', anyCopy).limit(1),
    db.from('article_images').select('id').like('image_url', anyCopy).limit(1),
    db.from('articles').select('id').like('content', anyCopy).limit(1),
  ]);
  for (const { error } of found) if (error) throw error;
  return found.some(({ data }) => !!data?.length);
}

/** The paths among `paths` that some article still shows (see shownElsewhere). */
export async function stillReferenced(db: Db, paths: string[]): Promise<Set<string>> {
  const shown = await Promise.all(paths.map((path) => shownElsewhere(db, path)));
  return new Set(paths.filter((_, i) => shown[i]));
}

/** Every file to remove for these images: each master with all its renditions. */
export const filesOf = (paths: string[]) => paths.flatMap((p) => imageFamily(p));

export interface FileRemover {
  /** Removes objects by name from the article-images bucket; a missing one is not an error. */
  (names: string[]): Promise<void>;
}

/**
 * After the article is gone: removes the files of its images that no other article shows.
 * Resolves with the names removed.
 */
export async function removeUnreferencedImages(db: Db, paths: string[], remove: FileRemover): Promise<string[]> {
  if (!paths.length) return [];
  const kept = await stillReferenced(db, paths);
  const names = filesOf(paths.filter((p) => !kept.has(p)));
  if (names.length) await remove(names);
  return names;
}
