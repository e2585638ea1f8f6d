import { listenForStop, runSideBySide, type Step } from './steps.ts';

listenForStop();

/**
 * `npm run test:stack`: the package's conformance tests in three `vitest run`s side by side. Those
 * that share one stack (`stack`: REST, auth, storage, realtime, limits) run one at a time on it;
 * those that start stacks and servers of their own (`stack-lifecycle`) mostly wait on those
 * processes, so they run beside it in two halves of about the same length: the signals, and the
 * restarts with the rest (docs/testing.md has the figures). Arguments (file filters, -t…) run one
 * `vitest run` of both projects.
 */
const SIGNALS = 'packages/supabase-local/tests/signals.test.ts';
const vitest = (name: string, args: string[]): Step => ({ name, command: 'npx', args: ['vitest', 'run', ...args] });
const args = process.argv.slice(2);
const steps = args.length
  ? [vitest('stack', ['--project', 'stack', '--project', 'stack-lifecycle', ...args])]
  : [
      vitest('stack', ['--project', 'stack']),
      vitest('stack signals', ['--project', 'stack-lifecycle', SIGNALS]),
      vitest('stack lifecycle', ['--project', 'stack-lifecycle', '--exclude', SIGNALS]),
    ];
const failed = await runSideBySide(steps);
process.exit(failed.length ? 1 : 0);
