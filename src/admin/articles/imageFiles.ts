import { ARTICLE_IMAGES_BUCKET } from './constants';

/** Images only (spec §5); the bucket checks the type again on upload. */
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

const PUBLIC_PREFIX = `/object/public/${ARTICLE_IMAGES_BUCKET}/`;

/**
 * The object to remove for a public URL: the path after the bucket when the URL is one of
 * ours (seeded images live under seed/), else its last path segment as the spec says.
 */
export function storagePathFromUrl(url: string): string {
  const { pathname } = new URL(url);
  const at = pathname.indexOf(PUBLIC_PREFIX);
  const path = at >= 0 ? pathname.slice(at + PUBLIC_PREFIX.length) : pathname.split('/').pop() ?? '';
  return decodeURIComponent(path);
}
