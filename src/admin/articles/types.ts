/** draft: nobody but the newsroom sees it; scheduled: readers see it from published_at on; published: live now. */
export type ArticleStatus = 'draft' | 'scheduled' | 'published';

/** What the editor's form holds. */
export interface ArticleFormValues {
  title: string;
  slug: string;
  category_id: string | null;
  excerpt?: string | null;
  content: string;
  status: ArticleStatus;
  /** The go-live moment (UTC ISO) of a scheduled article; ignored for the other statuses. */
  published_at?: string | null;
  /** The mode the article is written in, and reopens in. */
  editor_mode?: EditorMode;
}

/** 'Mise en forme' (the rich-text editor) or 'Texte brut' (text or HTML typed by hand). */
export type EditorMode = 'rich' | 'html';

/** An article as the editor loads it (EDIT_COLUMNS). */
export interface ArticleRecord extends ArticleFormValues {
  id: string;
  image_url: string | null;
  published_at: string | null;
  /** Bumped by the database on every save; an update must carry the one it was based on. */
  version: number;
}

/**
 * Exactly the columns an admin may write on create (column grants): a POST carrying id,
 * view_count, created_at or updated_at would be refused. author_id is left to its default, the
 * signed-in admin.
 */
export interface ArticleWrite {
  slug: string;
  title: string;
  excerpt: string | null;
  content: string;
  category_id: string | null;
  status: ArticleStatus;
  published_at: string | null;
  image_url?: string | null;
  editor_mode?: EditorMode;
}

/** An update: the same columns and the version the form was based on (never author_id: the byline stays the creator). */
export interface ArticleUpdate extends ArticleWrite {
  version: number;
}

export interface CategoryOption {
  id: string;
  name: string;
}
