import type { LiveCoverage, LiveEntry, LivePage } from '@/lib/live';

// Entries and coverages as the contract shapes them, for the live client's unit tests.

export const coverage = (revision: number, over: Partial<LiveCoverage> = {}): LiveCoverage => ({
  state: 'open',
  startedAt: '2026-12-17T19:00:00Z',
  endedAt: null,
  revision,
  pollSeconds: 30,
  ...over,
});

export const entry = (seq: number, over: Partial<LiveEntry> = {}): LiveEntry => ({
  id: `e${seq}`,
  seq,
  revision: seq,
  body: `Entrée ${seq}`,
  image: null,
  keyEvent: false,
  pinned: false,
  author: 'Awa Diallo',
  createdAt: `2026-12-17T21:${String(seq).padStart(2, '0')}:00Z`,
  updatedAt: `2026-12-17T21:${String(seq).padStart(2, '0')}:00Z`,
  correction: null,
  ...over,
});

/** A page showing `seqs` (newest first), at `revision`. */
export const livePage = (seqs: number[], revision: number, over: Partial<LivePage> = {}): LivePage => ({
  coverage: coverage(revision),
  pinned: null,
  keyEvents: [],
  entries: seqs.map((s) => entry(s)),
  older: false,
  ...over,
});
