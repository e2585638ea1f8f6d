import { ShownError } from '../../providers/frenchErrors';
import { readImageHeader } from './imageHeader';
import { notAnImage } from './imageMessages';

/**
 * The types a journalist's photo usually declares, which every browser we support decodes. The
 * bucket trusts a declared type without reading the bytes, as storage-api does on hosted Supabase,
 * so this is where a declared type meets the file's first bytes.
 */
const COMMON_IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/bmp']);

/** Enough for readImageHeader to name any format it knows (a HEIF's brands sit in its first box). */
const SIGNATURE_BYTES = 64;

/**
 * Refuses, before anything is decoded or sent, a file that declares a common image type while its
 * bytes are no image format at all (a text or a web page renamed photo.jpg), in words the
 * journalist understands. Other declared types (HEIC, SVG…) go on to renderImage, which names them.
 */
export async function checkImageSignature(file: File): Promise<void> {
  if (!COMMON_IMAGE_TYPES.has(file.type)) return;
  const head = new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer());
  if (!readImageHeader(head)) throw new ShownError(notAnImage(file.name));
}
