/**
 * How `npm run test:integration` splits its files between its shards (scripts/test-integration.ts,
 * `vitest run --shard=i/n`). Vitest's own split orders files by a hash of their path and cuts the
 * list in equal counts: the last run put the page cache's, both edge files and the newsletter's in
 * one shard, which ended 56 s after the other. Here each file weighs what it took, and each goes to
 * the shard with the least so far, heaviest first (docs/testing.md#figures). vitest.config.ts's
 * sequencer applies it.
 */

/**
 * Seconds each integration file takes in `npm test`'s last phase (beside E2E, on 2 cores): from the
 * run of 2026-11-29 (7c97fbe), the files shortened since then (the page cache's, the two imports',
 * npm start's) scaled by their time alone after and before. Files under 2 s, and new ones, count
 * UNLISTED_SECONDS. Refresh from a run's log (each file's line `✓ integration <file> (N tests)
 * <ms>`) when a file's time changes much.
 */
export const FILE_SECONDS: Record<string, number> = {
  'src/server/pageCache.site.int.test.ts': 123,
  // Two changes more (a fact-check published, its verdict changed): about 14 s more.
  'scripts/edge/edgeChain.int.test.ts': 97,
  'supabase/tests/rls-matrix.int.test.ts': 84,
  'supabase/tests/newsletter-sending.int.test.ts': 63,
  'scripts/wordpress/importRefusals.int.test.ts': 39,
  'scripts/edge/varnish.int.test.ts': 39,
  'src/server/workflow.int.test.ts': 38,
  'scripts/wordpress/importWordpress.int.test.ts': 33,
  'supabase/tests/attacks-signed-in-readers.int.test.ts': 31,
  'src/server/npmStart.int.test.ts': 21,
  'src/server/feeds.int.test.ts': 21,
  'supabase/tests/workflow.int.test.ts': 16,
  'supabase/tests/attacks-journalist.int.test.ts': 16,
  'src/admin/providers/newsroomDataProvider.int.test.ts': 16,
  'supabase/tests/attacks-schedule.int.test.ts': 13,
  'supabase/tests/writing-desk.int.test.ts': 12,
  'src/server/writingDesk.int.test.ts': 12,
  'scripts/create-admin.int.test.ts': 12,
  'src/server/directContentVersion.site.int.test.ts': 11,
  'supabase/tests/push-alerts.int.test.ts': 10,
  'scripts/seedScale.int.test.ts': 10,
  'scripts/push-send.int.test.ts': 10,
  'supabase/tests/attacks-drafts.int.test.ts': 8,
  // Not yet in a measured run: twice its 4.3 s alone, as the saturated phase stretches files.
  'supabase/tests/review-notes.int.test.ts': 8,
  'supabase/tests/scale-reads.int.test.ts': 7,
  'supabase/tests/contact-newsletter.int.test.ts': 7,
  'src/server/purge/startPurges.int.test.ts': 7,
  'src/public/api/visibility.int.test.ts': 5,
  'supabase/tests/storage-by-article.int.test.ts': 4,
  'supabase/tests/front-page.int.test.ts': 4,
  'supabase/tests/catalog.int.test.ts': 4,
  'supabase/tests/attacks-views.int.test.ts': 4,
  'src/server/purge/drain.int.test.ts': 4,
  'src/server/hydration.int.test.tsx': 4,
  'supabase/tests/article-presence.int.test.ts': 3,
  'src/server/stalePages.site.int.test.ts': 3,
};
export const UNLISTED_SECONDS = 2;

/**
 * The hosted-default-privileges project's files (vitest.config.ts) run on a second stack of their
 * own. Vitest boots a project's stack in every run that lists the project, before it shards, so
 * only the first shard lists it (scripts/test-integration.ts): its files, and the time they and
 * their stack's start take, always go there, whether or not the run lists them.
 */
export const SECOND_STACK = 'hosted-default-privileges';
/** Its start (15 s) and its two files (rls-matrix 36 s, catalog 2 s). */
const SECOND_STACK_SECONDS = 53;

/** Files that go to the same shard, and what they weigh together. */
export interface ShardUnit<T> {
  name: string;
  seconds: number;
  files: T[];
}

/** The units of these files (a project name and a path relative to the root each): one a file, the second stack's together. */
export function shardUnits<T>(files: T[], describe: (file: T) => { project: string; path: string }): ShardUnit<T>[] {
  const units: ShardUnit<T>[] = [];
  const secondStack: ShardUnit<T> = { name: SECOND_STACK, seconds: SECOND_STACK_SECONDS, files: [] };
  for (const file of files) {
    const { project, path } = describe(file);
    if (project === SECOND_STACK) secondStack.files.push(file);
    else units.push({ name: `${project} ${path}`, seconds: FILE_SECONDS[path] ?? UNLISTED_SECONDS, files: [file] });
  }
  return [...units, secondStack];
}

/**
 * The second stack's unit to the first shard; then each unit to the shard with the fewest seconds
 * so far, heaviest first (ties by name): every shard's run, listing the same integration files,
 * computes the same split.
 */
export function splitUnits<T>(units: ShardUnit<T>[], count: number): { seconds: number; files: T[] }[] {
  const shards = Array.from({ length: count }, () => ({ seconds: 0, files: [] as T[] }));
  const heaviestFirst = [...units].sort(
    (a, b) => Number(b.name === SECOND_STACK) - Number(a.name === SECOND_STACK) || b.seconds - a.seconds || (a.name < b.name ? -1 : 1),
  );
  for (const unit of heaviestFirst) {
    const lightest = shards.reduce((least, shard) => (shard.seconds < least.seconds ? shard : least));
    lightest.seconds += unit.seconds;
    lightest.files.push(...unit.files);
  }
  return shards;
}
