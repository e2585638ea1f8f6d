import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { SECOND_STACK, shardUnits, splitUnits } from './scripts/integrationShards.ts';

/**
 * The test lanes (docs/testing.md), one vitest project each; `npm run test:<lane>` runs one.
 *   unit         logic and components, no stack: every *.test.ts(x) of the app that is not *.int.test.*
 *   integration  the app against one local stack: *.int.test.ts(x)
 *   stack        the local stack's own conformance tests (packages/supabase-local/tests), on this project;
 *                stack-lifecycle, those that start stacks of their own
 * The stack lanes share one stack per project (tests/globalSetup.ts), booted only when the lane runs.
 */
const INTEGRATION = ['src/**/*.int.test.{ts,tsx}', 'supabase/**/*.int.test.ts', 'scripts/**/*.int.test.ts'];

/**
 * The database's access rules again, on a database whose migrations ran with hosted's "default
 * privileges for new entities" on (every new table granted whole to the API roles): the migrations
 * revoke before they grant, so the RLS matrix and the catalog rules must hold there too.
 */
const HOSTED_DEFAULT_PRIVILEGES = ['supabase/tests/rls-matrix.int.test.ts', 'supabase/tests/catalog.int.test.ts'];

/**
 * The package's tests that start stacks and servers of their own (lifecycle, signals, restarts) and
 * call no shared one: `npm run test:stack` runs them as a project of their own (no shared stack to
 * boot) beside the files that share the lane's stack (scripts/test-stack.ts).
 */
const STACK_LIFECYCLE = ['signals', 'restarts', 'process', 'postgresServer', 'postgrestBinary'].map(
  (name) => `packages/supabase-local/tests/${name}.test.ts`,
);

/** Files against real processes, one at a time in one worker. */
const oneFileAtATime = {
  testTimeout: 20_000,
  hookTimeout: 60_000,
  // The files share a stack (or start their own); one at a time keeps a 2-core machine responsive.
  fileParallelism: false,
  // One worker runs them all, its modules loaded once (supabase-js, the server's handler…): about a
  // fifth less CPU than a fresh worker per file, which npm test's side-by-side lanes feel (docs/testing.md).
  isolate: false,
};
const stackLane = { globalSetup: ['tests/globalSetup.ts'], ...oneFileAtATime };

/** `--shard=i/n` split by what each file takes rather than by a hash of its path (scripts/integrationShards.ts). */
class WeightedShards extends BaseSequencer {
  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { root, shard } = this.ctx.config;
    const units = shardUnits(files, (spec) => ({ project: spec.project.name, path: path.relative(root, spec.moduleId) }));
    return splitUnits(units, shard!.count)[shard!.index - 1].files;
  }
}

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    setupFiles: ['tests/components/setup.ts'],
    sequence: { sequencer: WeightedShards },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'supabase/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...INTEGRATION],
          testTimeout: 20_000,
          // Files in parallel on every core: vitest's default keeps one core for itself (one worker on 2 cores).
          maxWorkers: '100%',
          // A worker's modules and jsdom are reused from file to file instead of rebuilt for each: the lane
          // costs about half the CPU (docs/testing.md). Files must leave no state behind: timers, stubbed
          // globals and mocks are restored in afterEach, Testing Library unmounts (tests/components/setup.ts).
          isolate: false,
        },
      },
      { extends: true, test: { name: 'integration', include: INTEGRATION, ...stackLane } },
      {
        extends: true,
        test: { name: SECOND_STACK, include: HOSTED_DEFAULT_PRIVILEGES, provide: { defaultPrivileges: true }, ...stackLane },
      },
      {
        extends: true,
        test: {
          name: 'stack',
          include: ['packages/supabase-local/tests/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...STACK_LIFECYCLE],
          ...stackLane,
        },
      },
      {
        extends: true,
        // One file at a time within a run (their timed checks want the room); scripts/test-stack.ts runs
        // the signals file in a run of its own beside the others.
        test: { name: 'stack-lifecycle', include: STACK_LIFECYCLE, ...oneFileAtATime },
      },
    ],
  },
});
