import { isTombstone, type LiveKeyEvent, type LiveDelta, type LiveEntry, type LivePage } from '@/lib/live';

/** The most key events a page lists (live_page's cap). */
export const KEY_EVENTS_SHOWN = 20;

/** What a delta did to the page: the list after it, and the entries it brought that were not there. */
export interface Merged {
  page: LivePage;
  /** Entries new to this page, newest first (an edit of an entry shown is not new). */
  added: LiveEntry[];
  /** Whether anything the reader sees changed (new, edited, removed, pinned, key events, state). */
  changed: boolean;
}

const bySeqDesc = (a: { seq: number }, b: { seq: number }) => b.seq - a.seq;
const keyEventOf = (e: LiveEntry): LiveKeyEvent => ({ id: e.id, seq: e.seq, body: e.body, createdAt: e.createdAt });

/**
 * Applies a delta's changes, in its order (by revision), to the page's list: a new entry is
 * inserted by its sequence, an edit replaces the entry (a correction comes with it), a deletion
 * removes it everywhere, and the pinned entry and the key events follow each entry's marks. An
 * entry older than the oldest shown (beyond « Plus anciens ») is not added to the list, but its
 * marks still count. A delta older than the page (a cached answer for a cursor already passed)
 * changes nothing.
 */
export function applyDelta(page: LivePage, delta: LiveDelta): Merged {
  if (delta.coverage.revision < page.coverage.revision) return { page, added: [], changed: false };
  let entries = page.entries;
  let pinned = page.pinned;
  let keyEvents = page.keyEvents;
  const oldestShown = entries.length ? entries[entries.length - 1].seq : 0;
  // With "older" entries beyond the list, only entries after the oldest shown belong in it.
  const belongs = (seq: number) => !page.older || seq > oldestShown;
  const added = new Map<string, LiveEntry>();

  for (const change of delta.entries) {
    if (isTombstone(change)) {
      entries = entries.filter((e) => e.id !== change.id);
      if (pinned?.id === change.id) pinned = null;
      keyEvents = keyEvents.filter((k) => k.id !== change.id);
      added.delete(change.id);
      continue;
    }
    const at = entries.findIndex((e) => e.id === change.id);
    if (at >= 0) entries = entries.map((e, i) => (i === at ? change : e));
    else if (belongs(change.seq)) {
      entries = [...entries, change].sort(bySeqDesc);
      added.set(change.id, change);
    }
    if (added.has(change.id)) added.set(change.id, change);
    if (change.pinned) pinned = change;
    else if (pinned?.id === change.id) pinned = null;
    const others = keyEvents.filter((k) => k.id !== change.id);
    keyEvents = change.keyEvent ? [...others, keyEventOf(change)].sort(bySeqDesc).slice(0, KEY_EVENTS_SHOWN) : others;
  }
  const changed = delta.entries.length > 0 || delta.coverage.state !== page.coverage.state;
  return {
    page: { ...page, coverage: delta.coverage, entries, pinned, keyEvents },
    added: [...added.values()].sort(bySeqDesc),
    changed,
  };
}
