import { spawn } from 'node:child_process';
import readline from 'node:readline';

/**
 * `npm test`: the unit lane first (a broken rule fails in about a minute, before any stack boots),
 * then lint, the format check and the type check side by side, then the integration, stack and E2E
 * lanes side by side: each boots its own stack and mostly waits on it (docs/testing.md has the figures).
 *
 * `TEST_SERIAL=1` runs every step one after another (a slow or one-core machine, or reading one
 * lane's output undisturbed). Each line of a step that runs beside others is prefixed with its name;
 * every step of a phase runs to its end even if another failed, so one run reports every failure.
 */
const PHASES: string[][] = [['test:unit'], ['lint', 'format:check', 'typecheck'], ['test:integration', 'test:stack', 'test:e2e']];

const serial = process.env.TEST_SERIAL === '1';
const seconds = (since: number) => `${Math.round((Date.now() - since) / 1000)} s`;

let stopping = false;
const running = new Set<ReturnType<typeof spawn>>();
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    stopping = true;
    // Ctrl-C reaches the steps already (same process group); SIGTERM is passed on.
    if (signal === 'SIGTERM') for (const child of running) child.kill('SIGTERM');
  });

/** One `npm run <script>`, its output prefixed when it shares the terminal; resolves to its exit code. */
function runScript(script: string, prefixed: boolean): Promise<number> {
  const started = Date.now();
  const child = spawn('npm', ['run', '--silent', script], {
    stdio: prefixed ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: prefixed ? { FORCE_COLOR: '1', ...process.env } : process.env,
  });
  running.add(child);
  if (prefixed)
    for (const stream of [child.stdout!, child.stderr!])
      readline.createInterface({ input: stream }).on('line', (line) => console.log(`[${script}] ${line}`));
  return new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      const status = code ?? (signal ? 1 : 0);
      console.log(`── ${script} ${status === 0 ? 'passed' : 'FAILED'} in ${seconds(started)}`);
      resolve(status);
    }),
  );
}

const started = Date.now();
const failed: string[] = [];
for (const phase of PHASES) {
  if (stopping || failed.length) break;
  const steps = serial ? phase.map((script) => [script]) : [phase];
  for (const step of steps) {
    if (stopping) break;
    const codes = await Promise.all(step.map((script) => runScript(script, step.length > 1)));
    step.forEach((script, i) => codes[i] !== 0 && failed.push(script));
    if (serial && failed.length) break;
  }
}
console.log(failed.length ? `npm test FAILED (${failed.join(', ')}) in ${seconds(started)}` : `npm test passed in ${seconds(started)}`);
process.exit(failed.length || stopping ? 1 : 0);
