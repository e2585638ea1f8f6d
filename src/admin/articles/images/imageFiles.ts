import { ARTICLE_IMAGES_BUCKET } from './constants';

/** Images only (docs/product.md#article-images); the bucket checks the type again on upload. */
export function isImageFile(file: { type: string }): boolean {
  return file.type.startsWith('image/');
}

/** Ten random base-36 characters from the platform's CSPRNG. */
export function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return Array.from(bytes, (b) => (b % 36).toString(36)).join('');
}

/**
 * The fresh stem every file of one upload shares (`<stem>.<W>x<H>.webp` and its renditions): a
 * timestamp and a random part, ASCII only (the bucket refuses anything else, and a journalist's
 * "Photo été 2026 (1).JPG" must still upload).
 */
export function storageStem(now: number = Date.now(), random: () => string = randomToken): string {
  return `${now}-${random()}`;
}

/** Where a public object URL of the bucket puts the object's name: `…/object/public/article-images/<name>`. */
const BUCKET_PUBLIC_PATH = `/object/public/${ARTICLE_IMAGES_BUCKET}/`;

/** `<project>/storage/v1/object/public/article-images/`: what our images' public URLs start with. */
export const publicImagePrefix = (supabaseUrl: string) => `${supabaseUrl.replace(/\/$/, '')}/storage/v1${BUCKET_PUBLIC_PATH}`;

/** An object name taken from a URL: decoded, and null when it is empty, unreadable or climbs out of the bucket. */
function objectName(encoded: string): string | null {
  try {
    const decoded = decodeURIComponent(encoded);
    return decoded && !decoded.split('/').includes('..') ? decoded : null;
  } catch {
    return null;
  }
}

/** The object's name in the bucket for one of our public URLs (it starts with `prefix`); null for any other address. */
export function ownObjectPath(url: string, prefix: string): string | null {
  if (!url.startsWith(prefix)) return null;
  return objectName(url.slice(prefix.length).split(/[?#]/)[0]);
}
