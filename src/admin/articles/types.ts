import type { ArticleRow, Tables, TablesInsert } from '@/lib/database';
import type { FactCheck } from '@/lib/factCheck';
import type { FactCheckFormValues } from './factCheck/factCheckForm';

/**
 * The values articles.status may hold (its check constraint: the generated types say only `string`).
 * draft: nobody but the newsroom sees it; review (« À relire »): private like a draft, sent by its
 * journalist for an administrator to publish; scheduled: readers see it from published_at on;
 * published: live now.
 */
export type ArticleStatus = 'draft' | 'review' | 'scheduled' | 'published';

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
  /** The byline (a newsroom member's user id): chosen by administrators; a journalist's is their own. */
  author_id?: string | null;
  /** « Points clés », one per field; empty fields are dropped on save. */
  key_points?: (string | null | undefined)[] | null;
  /** « Format »: an article, or a live coverage (« Direct ») with its entries on the desk. */
  format?: ArticleFormat;
  /** « Vrai ou faux »: the check (format 'factcheck'), as the form holds it while it is written. */
  fact_check?: FactCheckFormValues | null;
  /** « Vérifié par »: the member who checked it (their user id), never the author. */
  checked_by?: string | null;
  /**
   * « Remarque »: the note that goes with this save's status change (sent back, submitted…). The
   * database moves it into the article's history of notes; the form starts it empty every time.
   */
  status_note?: string | null;
}

/** articles.format: 'article' (« Article »), 'live' (« Direct »), a live coverage, or 'factcheck' (« Vrai ou faux »). */
export type ArticleFormat = 'article' | 'live' | 'factcheck';

/** 'Mise en forme' (the rich-text editor) or 'Texte brut' (text or HTML typed by hand). */
export type EditorMode = 'rich' | 'html';

/**
 * An article as the editor loads it (EDIT_COLUMNS). Its `version` is bumped by the database on
 * every save; an update must carry the one it was based on.
 */
export type ArticleRecord = Omit<ArticleFormValues, 'published_at'> &
  Pick<ArticleRow, 'id' | 'image_url' | 'published_at' | 'version'> & {
    /** Readers have seen it (the computed field has_been_public): its slug no longer follows its title. */
    has_been_public?: boolean;
    /** When an administrator sent it back from « À relire » (« Renvoyé avec remarques »); null otherwise. */
    sent_back_at?: string | null;
    /** The note of its last status change (the computed field latest_note), if any. */
    latest_note?: string | null;
  };

type ArticleInsert = TablesInsert<'articles'>;

/**
 * Exactly the columns an admin may write on create (column grants): a POST carrying id,
 * view_count, created_at or updated_at would be refused. author_id only when the form chose one
 * (an administrator's byline); otherwise the database's default, the signed-in writer.
 */
export type ArticleWrite = Required<Pick<ArticleInsert, 'slug' | 'title' | 'excerpt' | 'content' | 'category_id' | 'published_at'>> &
  Pick<ArticleInsert, 'image_url'> & {
    status: ArticleStatus;
    editor_mode?: EditorMode;
    author_id?: NonNullable<ArticleInsert['author_id']>;
    key_points: NonNullable<ArticleInsert['key_points']>;
    format: ArticleFormat;
    /** A fact-check's fields and « Vérifié par »: sent for a « Vrai ou faux » only (another format keeps what it had). */
    fact_check?: FactCheck;
    checked_by?: string | null;
    /** Only when the form has a note: an absent one leaves the history as the status change makes it. */
    status_note?: string;
  };

/** An update: the same columns and the version the form was based on. */
export type ArticleUpdate = ArticleWrite & Pick<ArticleRow, 'version'>;

export type CategoryOption = Pick<Tables<'categories'>, 'id' | 'name'> & Partial<Pick<Tables<'categories'>, 'hidden_from_editor'>>;
