export type ArticleStatus = 'draft' | 'published';

/** What the editor's form holds. */
export interface ArticleFormValues {
  title: string;
  slug: string;
  category_id: string | null;
  excerpt?: string | null;
  content: string;
  status: ArticleStatus;
}

/** An article as the editor loads it (EDIT_COLUMNS). */
export interface ArticleRecord extends ArticleFormValues {
  id: string;
  image_url: string | null;
  author_id: string | null;
}

/**
 * Exactly the columns an admin may write (column grants): a PATCH or POST carrying id,
 * view_count, created_at or updated_at would be refused.
 */
export interface ArticleWrite {
  slug: string;
  title: string;
  excerpt: string | null;
  content: string;
  category_id: string | null;
  status: ArticleStatus;
  published_at: string | null;
  author_id: string;
  image_url?: string | null;
}

/** An image in the editor's panel; ids start with temp- until the article is first saved. */
export interface PanelImage {
  id: string;
  image_url: string;
}

export interface CategoryOption {
  id: string;
  name: string;
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
