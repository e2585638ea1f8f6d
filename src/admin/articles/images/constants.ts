/** Storage and upload rules for article images (docs/product.md#article-images; values listed in docs/product.md#constants). */
export const ARTICLE_IMAGES_BUCKET = 'article-images';
/** One year: every object name is new, so a cached image never goes stale. */
export const IMAGE_CACHE_CONTROL = '31536000';
/** A stored master never exceeds this (5 MB): its quality is lowered step by step until it fits. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** WebP quality of the master (docs/product.md#article-images), and the lowest it may drop to to fit 5 MB. */
export const MASTER_QUALITY = 0.9;
export const MIN_MASTER_QUALITY = 0.5;
/** Renditions are only ever seen downscaled on a screen: 0.8 keeps them light without visible loss. */
export const RENDITION_QUALITY = 0.8;
/** Uploads run 3 at a time; each file gets 3 attempts, waiting 1000 ms × the attempt number. */
export const UPLOAD_BATCH_SIZE = 3;
export const UPLOAD_ATTEMPTS = 3;
export const RETRY_DELAY_MS = 1000;
