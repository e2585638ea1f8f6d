import os from 'node:os';
import { SECOND_STACK } from './integrationShards.ts';
import { listenForStop, runSideBySide, type Step } from './steps.ts';

listenForStop();

/**
 * `npm run test:integration`: the integration lane in shards side by side, each a `vitest run` with
 * a stack of its own (tests/globalSetup.ts). Within a shard the files run one at a time on its
 * stack, as they share its rows and rate limits; across shards nothing is shared. The lane mostly
 * waits on its stack (about a quarter of one core), so two shards halve its wall time on a 2-core
 * machine for one more stack's start (docs/testing.md has the figures).
 *
 * INTEGRATION_SHARDS sets how many (default 2, 1 on a one-core machine). Arguments (file filters,
 * -t…) run one `vitest run` with them, unsharded: a filter may leave a shard with no file.
 *
 * Files are split by what each takes (scripts/integrationShards.ts, vitest.config.ts's sequencer).
 * Only the first shard lists the hosted-default-privileges project: vitest boots the stack of every
 * project a run lists, before it shards, and that project's files all go to the first shard.
 */
const INTEGRATION = ['--project', 'integration'];
const PROJECTS = [...INTEGRATION, '--project', SECOND_STACK];
const args = process.argv.slice(2);
const shards = args.length ? 1 : Number(process.env.INTEGRATION_SHARDS ?? Math.min(2, os.availableParallelism()));
if (!Number.isInteger(shards) || shards < 1)
  throw new Error(`INTEGRATION_SHARDS must be a positive integer, got ${process.env.INTEGRATION_SHARDS}`);

const steps: Step[] = Array.from({ length: shards }, (_, i) => ({
  name: `integration ${i + 1}/${shards}`,
  command: 'npx',
  args: ['vitest', 'run', ...(i === 0 ? PROJECTS : INTEGRATION), ...(shards > 1 ? [`--shard=${i + 1}/${shards}`] : []), ...args],
}));
const failed = await runSideBySide(steps);
process.exit(failed.length ? 1 : 0);
