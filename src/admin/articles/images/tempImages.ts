import { randomToken } from './imageFiles';
import type { ImageRow, PanelImage } from './types';

export const TEMP_PREFIX = 'temp-';

export const isTempImage = (image: PanelImage) => image.id.startsWith(TEMP_PREFIX);

/**
 * Images stored but not recorded yet: those of a new article (the create call carries them and
 * the data provider records them once the article exists), and those added to an article that is
 * out (the database wants their alternative text first, so the next save records them).
 */
export function toTempImages(urls: string[], random: () => string = randomToken): PanelImage[] {
  return urls.map((image_url) => ({ id: `${TEMP_PREFIX}${random()}`, image_url }));
}

export interface ImageRecorder<T extends PanelImage = PanelImage> {
  /** Records one image of an article; resolves with its row. */
  insertImage: (articleId: string, row: ImageRow) => Promise<T>;
}

// One row per call, in order: the first refusal stops the rest, and says which image it was.
export async function recordInOrder<T extends PanelImage>(articleId: string, rows: ImageRow[], recorder: ImageRecorder<T>): Promise<T[]> {
  const recorded: T[] = [];
  for (const row of rows) recorded.push(await recorder.insertImage(articleId, row));
  return recorded;
}

/**
 * Existing article: uploads are recorded at once after the images it has (from `firstPosition`
 * on); the first becomes image_url if it had none.
 */
export async function recordUploads<T extends PanelImage>(
  article: { id: string; image_url: string | null },
  urls: string[],
  firstPosition: number,
  deps: ImageRecorder<T> & { setCover: (articleId: string, url: string | null) => Promise<unknown> },
): Promise<{ images: T[]; cover: string | null }> {
  const rows = urls.map((image_url, i) => ({ image_url, position: firstPosition + i }));
  const images = await recordInOrder(article.id, rows, deps);
  if (article.image_url || images.length === 0) return { images, cover: article.image_url };
  await deps.setCover(article.id, images[0].image_url);
  return { images, cover: images[0].image_url };
}

/** image_url after removing an image: unchanged, or the first remaining image, or none. */
export function coverAfterRemoval(remaining: PanelImage[], removedUrl: string, cover: string | null): string | null {
  if (cover !== removedUrl) return cover;
  return remaining.find((i) => i.image_url !== removedUrl)?.image_url ?? null;
}
