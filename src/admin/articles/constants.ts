/** Storage and upload rules for article images (spec §7, §9). */
export const ARTICLE_IMAGES_BUCKET = 'article-images';
/** One year: every object name is new, so a cached image never goes stale. */
export const IMAGE_CACHE_CONTROL = '31536000';
/** Images above this are compressed, and compression aims at it (5 MB). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const COMPRESSION_OPTIONS = { maxSizeMB: 5, fileType: 'image/webp', initialQuality: 0.9 } as const;
/** Uploads run 3 at a time; each file gets 3 attempts, waiting 1000 ms × the attempt number. */
export const UPLOAD_BATCH_SIZE = 3;
export const UPLOAD_ATTEMPTS = 3;
export const RETRY_DELAY_MS = 1000;

/** PostgREST columns each screen needs, and no more (ra-data-postgrest's meta.columns). */
export const LIST_COLUMNS = ['id', 'title', 'status', 'created_at'];
export const EDIT_COLUMNS = ['id', 'slug', 'title', 'excerpt', 'content', 'image_url', 'category_id', 'status', 'author_id'];
