/** An image in the editor's panel; ids start with temp- until the article is first saved. */
export interface PanelImage {
  id: string;
  image_url: string;
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
