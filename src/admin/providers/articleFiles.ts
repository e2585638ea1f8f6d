import type { PostgrestClient } from '@supabase/postgrest-js';
import { imageFamily } from '@/lib/renditions';
import { ARTICLE_IMAGES_BUCKET } from '../articles/constants';

/**
 * The files an article's images occupy in the bucket, so that deleting the article deletes them
 * (the newsroom chose deletion over a trash): the main image, the gallery (article_images), the
 * pictures inside the text that live in our bucket, each with its renditions. A file that another
 * article still shows is never removed.
 */

type Db = Pick<PostgrestClient, 'from'>;

/** `<project>/storage/v1/object/public/article-images/`: what our images' public URLs start with. */
export const publicImagePrefix = (supabaseUrl: string) => `${supabaseUrl.replace(/\/$/, '')}/storage/v1/object/public/${ARTICLE_IMAGES_BUCKET}/`;

/** The object's name in the bucket for one of our public URLs; null for any other address. */
export function ownObjectPath(url: string, prefix: string): string | null {
  if (!url.startsWith(prefix)) return null;
  const path = url.slice(prefix.length).split(/[?#]/)[0];
  try {
    const decoded = decodeURIComponent(path);
    // A path climbing out of the bucket is nobody's image.
    return decoded && !decoded.split('/').includes('..') ? decoded : null;
  } catch {
    return null;
  }
}

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

/** Reads what an article's images are, while its rows still exist (before the delete). */
export async function readArticleImagePaths(db: Db, articleId: string, prefix: string): Promise<string[]> {
  const { data, error } = await db.from('articles').select('image_url, content, article_images(image_url)').eq('id', articleId).maybeSingle();
  if (error) throw error;
  return data ? ownImagePaths(data as ArticleImageRefs, prefix) : [];
}

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The paths among `paths` that some article still shows: as its main image, in its gallery, or in
 * its text (any copy of the image: a master's renditions share its name up to `.webp`). Called
 * once the deleted article is gone, so whatever is found belongs to another article.
 */
export async function stillReferenced(db: Db, paths: string[], prefix: string): Promise<Set<string>> {
  const kept = new Set<string>();
  if (!paths.length) return kept;
  const urls = new Map(paths.map((p) => [prefix + p, p]));
  const [covers, gallery] = await Promise.all([
    db.from('articles').select('image_url').in('image_url', [...urls.keys()]),
    db.from('article_images').select('image_url').in('image_url', [...urls.keys()]),
  ]);
  if (covers.error) throw covers.error;
  if (gallery.error) throw gallery.error;
  for (const row of [...(covers.data ?? []), ...(gallery.data ?? [])] as { image_url: string }[]) kept.add(urls.get(row.image_url)!);
  // Texts name an image by its full URL; matching on the name without `.webp` also finds a rendition.
  for (const path of paths.filter((p) => !kept.has(p))) {
    const name = path.replace(/\.webp$/i, '');
    const { data, error } = await db.from('articles').select('id').like('content', `%${likeLiteral(name)}%`).limit(1);
    if (error) throw error;
    if (data?.length) kept.add(path);
  }
  return kept;
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
export async function removeUnreferencedImages(db: Db, paths: string[], prefix: string, remove: FileRemover): Promise<string[]> {
  if (!paths.length) return [];
  const kept = await stillReferenced(db, paths, prefix);
  const names = filesOf(paths.filter((p) => !kept.has(p)));
  if (names.length) await remove(names);
  return names;
}
