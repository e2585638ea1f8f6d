import { renderWithinLimit, type RenderLimit, type Refusal } from './renderLimit';
import { StalePages, type Outcome, type Sized, type StoreOptions } from './stalePages';

/**
 * Answers that name nothing (an unknown feed or sitemap week, an old address WordPress never had)
 * are kept apart from the files the server builds, in a store this small: their addresses have
 * no end, and a flood of them must never push out the sitemaps and feeds that have to stay kept
 * (app.ts, FILES_MAX_BYTES). A miss pushed out of here costs one more lookup, under the render limit.
 */
export const NEGATIVE_MAX_BYTES = 128 * 1024;
/** What a remembered miss costs beside its key (the map's entry). */
const MISS_BYTES = 64;

/** A generated file (feed, sitemap, edition, an old address's new one) as kept: its body, or null for none (404), and its purge keys. */
export type StoredFile = Sized & { body: string | null; keys: string[] };

/** What a generated file's builder gives: its body (null: none, a 404) and the keys of what it shows besides its row's. */
export type Built = string | null | { body: string | null; keys: string[] };

export const storedFile = (built: Built): StoredFile => {
  const { body, keys } = built === null || typeof built === 'string' ? { body: built, keys: [] } : built;
  return { body, keys, bytes: body === null ? MISS_BYTES : 2 * body.length };
};

/** The store of misses, cleared with the others when the content version moves. */
export const negativeAnswers = (options?: StoreOptions) => new StalePages<StoredFile>({ ...options, maxBytes: NEGATIVE_MAX_BYTES });

/**
 * A lookup under the render limit (renderLimit.ts), for one client: a body is kept in `bodies`,
 * an answer of none in `misses` (and forgets a body kept for the key: the feed is gone). A miss
 * remembered under the current version answers at once, without a place.
 */
export async function lookupWithinLimit(
  limit: RenderLimit,
  client: string,
  {
    bodies,
    misses,
    key,
    build,
    currentVersion,
  }: {
    bodies: StalePages<StoredFile>;
    misses: StalePages<StoredFile>;
    key: string;
    build: () => Promise<Built>;
    currentVersion: () => string | null;
  },
): Promise<Outcome<StoredFile> | Refusal> {
  const version = currentVersion();
  const miss = misses.fresh(key, version);
  if (miss) return { page: miss, stale: false };
  const outcome = await renderWithinLimit(limit, client, {
    store: bodies,
    key,
    render: async () => storedFile(await build()),
    verdict: (file) => (file.body === null ? 'final' : 'keep'),
    currentVersion,
  });
  // Remembered only under the version it was looked up in (a change meanwhile may have made it a page).
  if (typeof outcome !== 'string' && outcome.page.body === null && version !== null && currentVersion() === version)
    misses.set(key, outcome.page, version);
  return outcome;
}

/** A lookup the render limit refused, thrown through a caller that knows only bodies (wordpressLocation). */
export class Refused extends Error {
  constructor(readonly why: Refusal) {
    super(`The render limit refused the lookup (${why})`);
  }
}

/** The file a lookup found (its body null for none), or its refusal thrown as Refused. */
export function fileOf(outcome: Outcome<StoredFile> | Refusal): StoredFile {
  if (typeof outcome === 'string') throw new Refused(outcome);
  return outcome.page;
}
