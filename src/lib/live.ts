/**
 * « En direct »: the shapes of the live coverage read functions' answers (live_page, live_delta,
 * live_front), camelCase as the database writes them. Shared by the reader, the site's server
 * and the back office.
 */

import { articlePath } from './readerPaths';

export type LiveState = 'open' | 'paused' | 'closed';

export interface LiveCoverage {
  state: LiveState;
  startedAt: string;
  endedAt: string | null;
  /** Moves by one at every entry or state change: the delta cursor. */
  revision: number;
  /** How often readers ask for news, in seconds; 0: they stop (always 0 once closed). */
  pollSeconds: number;
}

export interface LiveEntry {
  id: string;
  /** Creation order in its coverage (1, 2, 3…): the anchor `#entree-<seq>`. */
  seq: number;
  /** The coverage's revision at the entry's last change. */
  revision: number;
  /** Plain text, links as bare URLs. */
  body: string;
  image: { url: string; alt: string | null } | null;
  keyEvent: boolean;
  pinned: boolean;
  author: string | null;
  createdAt: string;
  updatedAt: string;
  correction: { text: string; at: string } | null;
}

/** What a delta says of an entry deleted since: readers remove it. */
export interface LiveTombstone {
  id: string;
  seq: number;
  revision: number;
  deleted: true;
}

export interface LiveKeyEvent {
  id: string;
  seq: number;
  body: string;
  createdAt: string;
}

/** live_page: one page of a coverage, newest first. */
export interface LivePage {
  coverage: LiveCoverage;
  pinned: LiveEntry | null;
  /** Newest first, at most 20. */
  keyEvents: LiveKeyEvent[];
  /** Newest first, deleted ones left out. */
  entries: LiveEntry[];
  /** Entries older than the last of `entries` exist (« Plus anciens »). */
  older: boolean;
}

/** The delta address's answer (live_delta without its articleId). */
export interface LiveDelta {
  coverage: LiveCoverage;
  /** Changed since the asked revision, by revision ascending, at most 50. */
  entries: (LiveEntry | LiveTombstone)[];
  /** More than 50 changed: the reader reloads the page's list. */
  reload: boolean;
}

/** live_front: a public coverage not closed, for the front page's « En direct » mark. */
export interface LiveFrontItem {
  articleId: string;
  slug: string;
  latestKeyEvent: { id: string; body: string; createdAt: string } | null;
}

export const isTombstone = (entry: LiveEntry | LiveTombstone): entry is LiveTombstone => 'deleted' in entry && entry.deleted;

/** An entry's anchor on the live page. */
export const liveEntryAnchor = (seq: number) => `entree-${seq}`;

/**
 * An entry's address whatever came after it: the older page that starts with it (`?avant=` the next
 * seq) and its anchor. The first page holds only the newest 20, so a link meant to last (a key
 * event not on the page, an alert) names this one.
 */
export const liveEntryPath = (slug: string, seq: number) => `${articlePath(slug)}?avant=${seq + 1}#${liveEntryAnchor(seq)}`;

/** The no-JavaScript refresh: the live page with only what changed after `revision`. */
export const liveRefreshPath = (slug: string, revision: number) => `${articlePath(slug)}?depuis=${revision}`;

/** How many entries a live page lists at once (live_page's default). */
export const LIVE_PAGE_SIZE = 20;

/** The delta address: what changed in a live article's coverage after `revision` (JSON, cached). */
export const liveDeltaPath = (slug: string, revision: number | string) => `${articlePath(slug)}/live/${revision}`;
