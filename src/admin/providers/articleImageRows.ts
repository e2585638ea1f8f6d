import type { DataClient } from '@/lib/supabase';
import type { ImageFacts, ImageRow, ImageWrite, ListedImage } from '../articles/images/types';

type Db = Pick<DataClient, 'from'>;

/**
 * The write of one image was refused. Carries the database's code and detail (e.g. 23514
 * 'alt_text_required') and the image's number in the editor's panel, so the message can name it.
 */
export class ImageNotSaved extends Error {
  readonly code?: string;
  readonly details?: string;
  readonly imageNumber: number;
  constructor(position: number, cause: { message?: string; code?: string; details?: string }) {
    super(cause.message || `Image ${position + 1} of the article could not be saved`, { cause });
    this.code = cause.code;
    this.details = cause.details;
    this.imageNumber = position + 1;
  }
}

/** What a create call carries in meta.images, in order: URLs alone, or images with their facts. */
export type NewImage = string | (ImageFacts & { image_url: string });

/** A new article's images as rows, their place in the article being their order. */
export const newImageRows = (images: NewImage[]): ImageRow[] =>
  images.map((image, position) => (typeof image === 'string' ? { image_url: image, position } : { ...image, position }));

const factsOf = (row: ImageRow) => ({
  caption: row.caption ?? null,
  credit: row.credit ?? null,
  alt_text: row.alt_text ?? null,
  position: row.position,
});

/** An image row as the editor's panel reads it: its facts and its place. */
export const IMAGE_COLUMNS = 'id, image_url, caption, credit, alt_text, position';

/**
 * Records one image of an article (the data provider's saves, and the panel's uploads to an
 * article that is not out); resolves with the row as IMAGE_COLUMNS reads it.
 */
export async function insertImageRow(db: Db, articleId: string, row: ImageRow): Promise<ListedImage> {
  const { data, error } = await db
    .from('article_images')
    .insert({ article_id: articleId, image_url: row.image_url, ...factsOf(row) })
    .select(IMAGE_COLUMNS)
    .single();
  if (error) throw new ImageNotSaved(row.position, error);
  return data;
}

/**
 * An existing article's image rows, written one by one before the article itself: the database
 * refuses to let an article go out while one of its images lacks its alternative text, and
 * checks the rows as they are at that moment. The first refusal stops the save.
 */
export async function writeImageRows(db: Db, articleId: string, writes: ImageWrite[]): Promise<void> {
  for (const write of writes) {
    if (!write.id) {
      await insertImageRow(db, articleId, write);
      continue;
    }
    const { error } = await db.from('article_images').update(factsOf(write)).eq('id', write.id).eq('article_id', articleId);
    if (error) throw new ImageNotSaved(write.position, error);
  }
}
