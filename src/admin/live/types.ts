import type { LiveState } from '@/lib/live';

/** A live coverage's state: « Ouvert », « En pause », « Terminé » (live_coverages.state). */
export type CoverageState = LiveState;

/** The coverage as live_coverages holds it (one row per live article, keyed by the article). */
export interface CoverageRow {
  article_id: string;
  state: CoverageState;
  started_at: string;
  ended_at: string | null;
  revision: number;
  /** The readers' refresh interval in seconds; 0 stops their refreshes. */
  poll_seconds: number;
  /** The last entry's seq. */
  last_seq: number;
  /** The last entry or reopening: twelve hours after it, the coverage reads as closed everywhere. */
  active_at: string;
}

/** A coverage left this long without an entry reads as closed (private.live_idle_after), before live_close_idle() stores it. */
export const IDLE_CLOSE_MS = 12 * 3600_000;

/** The state readers and live_post go by: an open or paused coverage idle for twelve hours is closed. */
export function effectiveState(coverage: Pick<CoverageRow, 'state' | 'active_at'>, now = Date.now()): CoverageState {
  return coverage.state !== 'closed' && Date.parse(coverage.active_at) + IDLE_CLOSE_MS < now ? 'closed' : coverage.state;
}

/** An entry as live_entries holds it (the newsroom reads every row of its articles; writes go through the live_* functions). */
export interface EntryRow {
  id: string;
  article_id: string;
  seq: number;
  author_id: string | null;
  body: string;
  image_url: string | null;
  image_alt: string | null;
  key_event: boolean;
  pinned: boolean;
  correction: string | null;
  corrected_at: string | null;
  created_at: string;
  deleted_at: string | null;
}

/** What « Publier l'entrée » sends (live_post's arguments, the id made on the phone). */
export interface NewEntry {
  id: string;
  articleId: string;
  body: string;
  imageUrl: string | null;
  imageAlt: string | null;
}

/** An edit: a silent « Retouche » (correction null) or a « Correction » with its text (live_edit). */
export interface EntryEdit {
  id: string;
  body: string;
  correction: string | null;
  imageUrl: string | null;
  imageAlt: string | null;
}

/** The longest entry the database stores (live_entries.body, 1..1000 characters). */
export const ENTRY_MAX_LENGTH = 1000;

/** How often the desk reads the entries and the coverage again by itself: a colleague's entries appear without a reload. */
export const DESK_REFRESH_MS = 20_000;

/** The readers' intervals an administrator picks from (« Fréquence de mise à jour »), in seconds; 0 stops them. */
export const POLL_CHOICES = [15, 30, 60, 120, 300] as const;
