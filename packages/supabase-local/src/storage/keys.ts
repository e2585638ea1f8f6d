import { ERRORS } from './errors.ts';

// storage-api's own character rules (S3-safe characters): hosted Supabase refuses anything else,
// so a name that works here works there. Backslashes and control characters are not in the set.
const KEY_CHARS = /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;
const BUCKET_CHARS = /^(\w|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;

/**
 * Object names become file paths under the storage folder, so on top of storage-api's rules a
 * name may not climb out of its bucket (`..`), start at the root, or hold empty or `.` segments
 * that the file system would collapse into another object's path.
 */
export function isValidKey(key: string): boolean {
  if (key.length === 0 || key.length > 1024 || !KEY_CHARS.test(key)) return false;
  if (key.includes('..') || key.startsWith('/') || key.endsWith('/')) return false;
  return key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

export function isValidBucketName(name: string): boolean {
  return name.length > 0 && name.length < 64 && BUCKET_CHARS.test(name) && !name.includes('..') && name !== '.';
}

export function mustBeValidKey(key: unknown): string {
  if (typeof key !== 'string' || !isValidKey(key)) throw ERRORS.invalidKey(typeof key === 'string' ? key : '');
  return key;
}

export function mustBeValidBucketName(name: unknown): string {
  if (typeof name !== 'string' || !isValidBucketName(name)) throw ERRORS.invalidBucketName();
  return name;
}

/** `bucket/a/b.png` (still percent-encoded, as it arrives in the URL) → its bucket and name. */
export function splitObjectPath(encoded: string): { bucket: string; name: string } {
  const slash = encoded.indexOf('/');
  const rawBucket = slash === -1 ? encoded : encoded.slice(0, slash);
  const rawName = slash === -1 ? '' : encoded.slice(slash + 1);
  let bucket: string;
  let name: string;
  try {
    bucket = decodeURIComponent(rawBucket);
    name = rawName.split('/').map(decodeURIComponent).join('/');
  } catch {
    throw ERRORS.invalidKey(rawName);
  }
  return { bucket: mustBeValidBucketName(bucket), name: mustBeValidKey(name) };
}

/**
 * A bucket's `file_size_limit` as storage-api reads it: null clears it, a whole number of bytes
 * is kept, a string needs a unit and no space (`5MB`, `300KB`, `1.5GB`, `10B`; 1 MB = 10⁶ bytes).
 */
export function parseFileSizeLimit(value: unknown): number | null {
  if (value === null) return null;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  const match = typeof value === 'string' ? /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(value) : null;
  if (!match) throw ERRORS.invalidRequest('Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B');
  const factor = { gb: 1e9, mb: 1e6, kb: 1e3, b: 1 }[match[2]!.toLowerCase() as 'b'];
  return Math.round(Number(match[1]) * factor);
}
