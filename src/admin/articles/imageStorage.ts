import { supabase } from '@/lib/supabase';
import { ARTICLE_IMAGES_BUCKET, IMAGE_CACHE_CONTROL } from './constants';
import { storagePathFromUrl } from './imageFiles';

async function bucket() {
  return (await supabase.storage()).from(ARTICLE_IMAGES_BUCKET);
}

/** Uploads one image under a new name (never overwriting) and returns its public URL. */
export async function storeArticleImage(name: string, file: File): Promise<string> {
  const images = await bucket();
  const { error } = await images.upload(name, file, { cacheControl: IMAGE_CACHE_CONTROL, upsert: false, contentType: file.type || undefined });
  if (error) throw error;
  return images.getPublicUrl(name).data.publicUrl;
}

/** Removes the stored file behind a public URL. */
export async function removeArticleImageFile(url: string): Promise<void> {
  const { error } = await (await bucket()).remove([storagePathFromUrl(url)]);
  if (error) throw error;
}
