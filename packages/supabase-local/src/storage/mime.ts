import { ERRORS } from './errors.ts';

/**
 * storage-api's rule to the letter: the declared type is split at `/`, and its two parts must
 * equal an entry's, or the entry must be `type/*`. Case and parameters count, as there:
 * `image/PNG` or `image/png; x=1` match no `image/png` entry. Only the declared type is ever
 * checked, never the bytes: what a file really is must be checked before it is uploaded (our
 * editor does, src/admin/articles/images/imageSignature.ts), on hosted Supabase as here.
 */
export function isMimeAllowed(mime: string, allowed: readonly string[]): boolean {
  const [type, subtype] = mime.split('/');
  if (subtype === undefined) return false;
  return allowed.some((entry) => {
    const [allowedType, allowedSubtype] = entry.split('/');
    return allowedType === type && (allowedSubtype === '*' || allowedSubtype === subtype);
  });
}

/** An empty or absent allow-list allows every type. */
export function assertMimeAllowed(mime: string, allowed: readonly string[] | null): void {
  if (allowed && allowed.length > 0 && !isMimeAllowed(mime, allowed)) throw ERRORS.invalidMime(mime);
}

// storage-api's check of a bucket's allowed_mime_types entries (anything ending in `*` passes).
const MIME_ENTRY = /^([a-zA-Z0-9\-+.]+)\/([a-zA-Z0-9\-+.]+)(;\s*charset=[a-zA-Z0-9-]+)?$|\*$/;

/** A bucket's allow-list as storage-api keeps it: empty entries dropped, every other one well formed. */
export function allowedMimeList(entries: readonly string[]): string[] {
  const kept = entries.filter((entry) => entry);
  for (const entry of kept) if (entry.length > 1000 || !MIME_ENTRY.test(entry)) throw ERRORS.invalidMime(entry);
  return kept;
}
