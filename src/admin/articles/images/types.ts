import type { Tables } from '@/lib/database';

type ArticleImage = Tables<'article_images'>;

/** What the newsroom says about an image (article_images' caption, credit and alt_text); blank is null. */
export type ImageFacts = Partial<Pick<ArticleImage, 'caption' | 'credit' | 'alt_text'>>;

/** An image in the editor's panel, with its facts as typed; ids start with temp- until it is recorded. */
export interface PanelImage extends ImageFacts, Pick<ArticleImage, 'id' | 'image_url'> {}

/** One article_images row to record: the image, its facts and its place in the article (0 first). */
export interface ImageRow extends ImageFacts, Pick<ArticleImage, 'image_url' | 'position'> {}

/** A save's write of one image: an update when it has an id, else the insert of an image held until then. */
export interface ImageWrite extends ImageRow {
  id?: string;
}

/**
 * One added image once the browser has prepared it: the master (WebP, long edge capped, no
 * metadata; JPEG without renditions where the browser cannot write WebP) and its renditions.
 */
export interface RenderedImage {
  master: Blob;
  width: number;
  height: number;
  renditions: { width: number; blob: Blob }[];
  /** The share picture (1200×630 JPEG, og:image), beside a WebP master only: see src/lib/renditions.ts. */
  share?: Blob;
  /** An animation (GIF, animated WebP or PNG) kept as a still of its first frame. */
  firstFrameOnly: boolean;
}

/** A recorded image as the data provider lists an article's images: its row's facts and place. */
export type ListedImage = PanelImage & { position: number };

/** An article's images in the reader's order, its main image, and whether it is out (published or scheduled). */
export interface ArticleImageListing {
  cover: string | null;
  out: boolean;
  images: ListedImage[];
}
