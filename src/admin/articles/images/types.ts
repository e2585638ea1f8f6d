/** What the newsroom says about an image (article_images' caption, credit and alt_text); blank is null. */
export interface ImageFacts {
  caption?: string | null;
  credit?: string | null;
  alt_text?: string | null;
}

/** An image in the editor's panel, with its facts as typed; ids start with temp- until it is recorded. */
export interface PanelImage extends ImageFacts {
  id: string;
  image_url: string;
}

/** One article_images row to record: the image, its facts and its place in the article (0 first). */
export interface ImageRow extends ImageFacts {
  image_url: string;
  position: number;
}

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
  /** An animation (GIF, animated WebP or PNG) kept as a still of its first frame. */
  firstFrameOnly: boolean;
}
