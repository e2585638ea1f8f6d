import { fileTypeFromFile, supportedMimeTypes } from 'file-type/node';
import { ERRORS } from './errors.ts';

/** `image/png; charset=…` → `image/png`: the part a bucket's allow-list speaks about. */
export function mimeEssence(mime: string): string {
  return mime.split(';')[0]!.trim().toLowerCase();
}

/** storage-api's rule: an allowed entry matches exactly or as a `type/*` wildcard. */
export function isMimeAllowed(mime: string, allowed: readonly string[]): boolean {
  const [type, subtype] = mimeEssence(mime).split('/');
  if (!type || !subtype) return false;
  return allowed.some((entry) => {
    const [allowedType, allowedSubtype] = mimeEssence(entry).split('/');
    return allowedType === type && (allowedSubtype === '*' || allowedSubtype === subtype);
  });
}

export function assertMimeAllowed(mime: string, allowed: readonly string[] | null): void {
  if (allowed && allowed.length > 0 && !isMimeAllowed(mime, allowed)) throw ERRORS.invalidMime(mimeEssence(mime));
}

/**
 * A declared type is only the client's word. In a bucket that restricts types, the bytes must
 * agree: whatever file-type recognises must itself be allowed, and a file declared as a format
 * file-type can recognise (PNG, JPEG, PDF…) must actually be one. This is what refuses an HTML
 * page uploaded as `image/png`. Formats without magic bytes (SVG, text) keep their declared type.
 */
export async function assertContentMatches(file: string, declared: string, allowed: readonly string[] | null): Promise<void> {
  if (!allowed || allowed.length === 0) return;
  const sniffed = await fileTypeFromFile(file);
  if (sniffed) {
    if (!isMimeAllowed(sniffed.mime, allowed)) throw ERRORS.invalidMime(sniffed.mime);
    return;
  }
  const essence = mimeEssence(declared);
  if (supportedMimeTypes.has(essence as never)) {
    throw ERRORS.invalidMime(essence, `the file's content is not ${essence}`);
  }
}
