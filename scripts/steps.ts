import { spawn, type ChildProcess } from 'node:child_process';
import readline from 'node:readline';
import { stripVTControlCharacters } from 'node:util';

/**
 * Commands run side by side with their output prefixed by a name, for `npm test` (scripts/test.ts),
 * the integration lane's shards (scripts/test-integration.ts), the stack lane's runs
 * (scripts/test-stack.ts) and E2E's two projects (tests/e2e/run.ts). Every step runs to its end even
 * if another failed, so one run reports every failure.
 */

const running = new Set<ChildProcess>();
let stopping = false;
let listening = false;
/**
 * Ctrl-C and SIGTERM ask the run to stop (stopRequested()) instead of ending this process at once;
 * SIGTERM is passed on to the steps. Called by the commands that run steps, first thing (not on
 * import: a test of this module must leave its worker's signals alone).
 */
export function listenForStop(): void {
  if (listening) return;
  listening = true;
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      stopping = true;
      // Ctrl-C reaches the steps already (same process group); SIGTERM is passed on.
      if (signal === 'SIGTERM') for (const child of running) child.kill('SIGTERM');
    });
}

/** Whether Ctrl-C or SIGTERM asked the run to stop. */
export const stopRequested = () => stopping;

export const seconds = (since: number) => `${Math.round((Date.now() - since) / 1000)} s`;

export interface Step {
  /** The name its lines are prefixed with and its end is reported under. */
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
}

// What a failed step's recap shows (see recap()): CI keeps only the tail of a run's output, where
// a failure reported minutes earlier, among another step's lines, would be lost. A failure line
// starts (after any `[step]` prefixes) with a test's failure mark (Playwright's ✘, Vitest's × or
// FAIL), or is a compiler or lint error (ESLint's with the file line above it, which names the file).
// A nested run's own recap lines (`[name ✘]`, `[name …]`) are not taken again.
const PREFIXES = String.raw`^\s*(?:\[[^\]]+\]\s*)*`;
const TEST_FAILED = new RegExp(`${PREFIXES}(?:✘|×|FAIL)\\s`);
const TSC_ERROR = /error TS\d+:/;
const ESLINT_ERROR = new RegExp(`${PREFIXES}\\d+:\\d+\\s+error\\s`);
const PATH_LINE = new RegExp(`${PREFIXES}/\\S+$`);
const RECAP_LINE = /^\[[^\]]+ [✘…]\]/;
const MARKED_LINES = 20;
const OUTPUT_AFTER_EXIT_MS = 2000;
const LAST_LINES = 40;

/** A failed step's first lines that name a failure (at most 20), then its last 40 lines. */
export function recap(name: string, lines: string[]): string[] {
  const plain = lines.map(stripVTControlCharacters);
  const marked: string[] = [];
  plain.forEach((line, i) => {
    if (RECAP_LINE.test(line)) return;
    if (ESLINT_ERROR.test(line)) {
      const file = plain.slice(0, i).findLast((above) => PATH_LINE.test(above));
      if (file && !marked.includes(file)) marked.push(file);
      marked.push(line);
    } else if (TEST_FAILED.test(line) || TSC_ERROR.test(line)) marked.push(line);
  });
  return [
    `── ${name} FAILED: its failures, then its last ${LAST_LINES} lines`,
    ...marked.slice(0, MARKED_LINES).map((line) => `[${name} ✘] ${line}`),
    ...plain.slice(-LAST_LINES).map((line) => `[${name} …] ${line}`),
  ];
}

/**
 * One step; its output prefixed with `[name]` when it shares the terminal (and then kept in `lines`,
 * for a recap). Resolves to its exit code.
 */
export function runStep(step: Step, prefixed: boolean, lines: string[] = []): Promise<number> {
  const started = Date.now();
  const env = { ...process.env, ...step.env };
  const child = spawn(step.command, step.args, {
    stdio: prefixed ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: prefixed ? { FORCE_COLOR: '1', ...env } : env,
  });
  running.add(child);
  const read: Promise<unknown>[] = [];
  if (prefixed)
    for (const stream of [child.stdout!, child.stderr!]) {
      const reader = readline.createInterface({ input: stream });
      reader.on('line', (line) => {
        lines.push(line);
        console.log(`[${step.name}] ${line}`);
      });
      read.push(new Promise((closed) => reader.once('close', closed)));
    }
  return new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      const status = code ?? (signal ? 1 : 0);
      // Its last lines may still be in the pipes when it exits; a process it left running may hold
      // them open, so not for long.
      void Promise.race([Promise.all(read), new Promise((late) => setTimeout(late, OUTPUT_AFTER_EXIT_MS).unref())]).then(() => {
        console.log(`── ${step.name} ${status === 0 ? 'passed' : 'FAILED'} in ${seconds(started)}`);
        resolve(status);
      });
    }),
  );
}

/**
 * Steps side by side (prefixed when more than one); resolves to the names of those that failed,
 * after printing each failed one's recap last, where a run's tail shows it.
 */
export async function runSideBySide(steps: Step[]): Promise<string[]> {
  const outputs = steps.map((): string[] => []);
  const codes = await Promise.all(steps.map((step, i) => runStep(step, steps.length > 1, outputs[i])));
  const failed = steps.map((step, i) => ({ step, lines: outputs[i] })).filter((_, i) => codes[i] !== 0);
  for (const { step, lines } of failed) if (lines.length) console.log(recap(step.name, lines).join('\n'));
  return failed.map(({ step }) => step.name);
}
