import { IMAGE_CACHE_CONTROL } from '../articles/images/constants';

/** The files of article images in the article-images bucket, as the data provider writes them. */
export interface ImageFiles {
  /**
   * Uploads one file under a new name (never overwriting) and resolves with its public URL. Every
   * name carries a random stem made for this upload alone, so when a retry finds it already
   * stored, it is the earlier attempt whose answer was lost: that counts as stored.
   */
  store(name: string, file: Blob): Promise<string>;
  /** Removes stored objects by their names in the bucket; a missing one is not an error. */
  remove(names: string[]): Promise<void>;
}

/** What ImageFiles needs of a storage-js bucket (the site's lazily loaded client, or supabase-js's in tests). */
export interface StorageBucket {
  upload(name: string, file: Blob, options: { cacheControl: string; upsert: boolean; contentType?: string }): Promise<{ error: unknown }>;
  remove(names: string[]): Promise<{ error: unknown }>;
  getPublicUrl(name: string): { data: { publicUrl: string } };
}

/** storage-api's "already exists" (statusCode '409'; the HTTP status itself is 400). */
const isDuplicate = (error: unknown) => {
  const e = error as { statusCode?: unknown; status?: unknown };
  return String(e.statusCode ?? e.status) === '409';
};

/** ImageFiles over the article-images bucket, opened on first use (`open`: storage loads on demand). */
export function bucketFiles(open: () => Promise<StorageBucket>): ImageFiles {
  return {
    async store(name, file) {
      const images = await open();
      const { error } = await images.upload(name, file, {
        cacheControl: IMAGE_CACHE_CONTROL,
        upsert: false,
        contentType: file.type || undefined,
      });
      if (error && !isDuplicate(error)) throw error;
      return images.getPublicUrl(name).data.publicUrl;
    },
    async remove(names) {
      if (!names.length) return;
      const { error } = await (await open()).remove(names);
      if (error) throw error;
    },
  };
}
