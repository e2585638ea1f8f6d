import { randomToken } from './imageFiles';
import type { PanelImage } from './types';

export const TEMP_PREFIX = 'temp-';

export const isTempImage = (image: PanelImage) => image.id.startsWith(TEMP_PREFIX);

/**
 * Images uploaded before the article exists: stored files, not yet recorded. The create call
 * carries them (meta.images) and the data provider records them once the article exists.
 */
export function toTempImages(urls: string[], random: () => string = randomToken): PanelImage[] {
  return urls.map((image_url) => ({ id: `${TEMP_PREFIX}${random()}`, image_url }));
}

export interface ImageRecorder {
  /** Records one image of an article; resolves with its row. */
  insertImage: (articleId: string, url: string) => Promise<PanelImage>;
}

// One row per call, in order: rows inserted by one statement share created_at, and the reader's
// carousel orders an article's images by it.
export async function recordInOrder(articleId: string, urls: string[], recorder: ImageRecorder): Promise<PanelImage[]> {
  const rows: PanelImage[] = [];
  for (const url of urls) rows.push(await recorder.insertImage(articleId, url));
  return rows;
}

/** Existing article: uploads are recorded at once; the first becomes image_url if it had none. */
export async function recordUploads(
  article: { id: string; image_url: string | null },
  urls: string[],
  deps: ImageRecorder & { setCover: (articleId: string, url: string | null) => Promise<unknown> },
): Promise<{ images: PanelImage[]; cover: string | null }> {
  const images = await recordInOrder(article.id, urls, deps);
  if (article.image_url || images.length === 0) return { images, cover: article.image_url };
  await deps.setCover(article.id, images[0].image_url);
  return { images, cover: images[0].image_url };
}

/** image_url after removing an image: unchanged, or the next remaining image, or none. */
export function coverAfterRemoval(remaining: PanelImage[], removedUrl: string, cover: string | null): string | null {
  if (cover !== removedUrl) return cover;
  return remaining.find((i) => i.image_url !== removedUrl)?.image_url ?? null;
}
