import { listenForStop, runSideBySide, seconds, stopRequested, type Step } from './steps.ts';

listenForStop();

/**
 * `npm test`: the unit lane first (a broken rule fails in about a minute, before any stack boots),
 * then lint, the format check, the type check and the stack lane side by side, then the integration
 * and E2E lanes side by side, each on stacks of its own (docs/testing.md has the figures).
 *
 * `TEST_SERIAL=1` runs every step one after another (a slow or one-core machine, or reading one
 * lane's output undisturbed). Each line of a step that runs beside others is prefixed with its name.
 */
// The stack lane runs beside the checks rather than beside the other test lanes: its restart and
// quota tests time real processes, which a saturated machine (integration and E2E side by side) slows past them.
const PHASES: string[][] = [['test:unit'], ['lint', 'format:check', 'typecheck', 'test:stack'], ['test:integration', 'test:e2e']];

const serial = process.env.TEST_SERIAL === '1';
const npmScript = (script: string): Step => ({ name: script, command: 'npm', args: ['run', '--silent', script] });

const started = Date.now();
const failed: string[] = [];
for (const phase of PHASES) {
  if (stopRequested() || failed.length) break;
  const steps = serial ? phase.map((script) => [script]) : [phase];
  for (const step of steps) {
    if (stopRequested()) break;
    failed.push(...(await runSideBySide(step.map(npmScript))));
    if (serial && failed.length) break;
  }
}
console.log(failed.length ? `npm test FAILED (${failed.join(', ')}) in ${seconds(started)}` : `npm test passed in ${seconds(started)}`);
process.exit(failed.length || stopRequested() ? 1 : 0);
