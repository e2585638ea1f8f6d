import { runStep, seconds, stopRequested } from './steps.ts';

/**
 * `npm test`: every lane, each started as soon as the lanes it waits for have passed (docs/testing.md
 * has the figures). The unit lane first (a broken rule fails in about a minute, before any other
 * test), the stack lane beside it from the start, the checks once the unit lane passed; the
 * integration and E2E lanes, which fill both cores, once all of those passed. After a failure
 * nothing more starts; what runs ends, so one run reports every failure it reached.
 *
 * `TEST_SERIAL=1` runs the lanes one after another in this order, stopping at the first failure (a
 * slow or one-core machine, or reading one lane's output undisturbed). Each line of a lane that runs
 * beside others is prefixed with its name.
 */
const CHECKS = ['lint', 'format:check', 'typecheck'];
const LANES: { script: string; after: string[] }[] = [
  { script: 'test:unit', after: [] },
  // The stack lane never runs beside integration and E2E: its restart and quota tests time real
  // processes, which that saturated phase slows past them. Beside the unit lane and the checks it
  // has room, and it is the longest of them.
  { script: 'test:stack', after: [] },
  ...CHECKS.map((script) => ({ script, after: ['test:unit'] })),
  { script: 'test:integration', after: ['test:unit', 'test:stack', ...CHECKS] },
  { script: 'test:e2e', after: ['test:unit', 'test:stack', ...CHECKS] },
];

const serial = process.env.TEST_SERIAL === '1';
const started = Date.now();
const passed = new Set<string>();
const failed: string[] = [];
const running = new Map<string, Promise<void>>();

/** Starts every lane whose lanes to wait for have passed, unless a failure or Ctrl-C stops the run. */
function startReady(): void {
  for (const { script, after } of LANES) {
    if (failed.length || stopRequested() || (serial && running.size)) return;
    if (running.has(script) || passed.has(script) || !after.every((name) => passed.has(name))) continue;
    const run = runStep({ name: script, command: 'npm', args: ['run', '--silent', script] }, !serial).then((code) => {
      running.delete(script);
      if (code === 0) passed.add(script);
      else failed.push(script);
      startReady();
    });
    running.set(script, run);
  }
}

startReady();
while (running.size) await Promise.race(running.values());
const all = failed.length === 0 && passed.size === LANES.length;
console.log(all ? `npm test passed in ${seconds(started)}` : `npm test FAILED (${failed.join(', ') || 'stopped'}) in ${seconds(started)}`);
process.exit(all ? 0 : 1);
