import { imageFamily } from '@/lib/renditions';
import { supabase } from '@/lib/supabase';
import { ARTICLE_IMAGES_BUCKET, IMAGE_CACHE_CONTROL } from './constants';
import { storagePathFromUrl } from './imageFiles';

async function bucket() {
  return (await supabase.storage()).from(ARTICLE_IMAGES_BUCKET);
}

/** storage-api's "already exists" (statusCode '409'; the HTTP status itself is 400). */
const isDuplicate = (error: { statusCode?: unknown; status?: unknown }) => String(error.statusCode ?? error.status) === '409';

/**
 * Uploads one file under a new name (never overwriting) and returns its public URL. Every name
 * carries a random stem made for this upload alone, so when a retry finds it already stored, it
 * is the earlier attempt whose answer was lost: that counts as stored.
 */
export async function storeArticleImage(name: string, file: Blob): Promise<string> {
  const images = await bucket();
  const { error } = await images.upload(name, file, {
    cacheControl: IMAGE_CACHE_CONTROL,
    upsert: false,
    contentType: file.type || undefined,
  });
  if (error && !isDuplicate(error as { statusCode?: unknown })) throw error;
  return images.getPublicUrl(name).data.publicUrl;
}

/** Removes stored objects by their names in the bucket; a missing one is not an error. */
export async function removeArticleImageFiles(names: string[]): Promise<void> {
  if (!names.length) return;
  const { error } = await (await bucket()).remove(names);
  if (error) throw error;
}

/** Removes every file of the image behind a public URL: its master and all its renditions. */
export async function removeArticleImageFile(url: string): Promise<void> {
  await removeArticleImageFiles(imageFamily(storagePathFromUrl(url)));
}
