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
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    stopping = true;
    // Ctrl-C reaches the steps already (same process group); SIGTERM is passed on.
    if (signal === 'SIGTERM') for (const child of running) child.kill('SIGTERM');
  });

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
// a failure reported minutes earlier, among another step's lines, would be lost. A failure line:
// a test marked failed (Playwright's ✘, Vitest's ×, after any `[step]` prefixes; Vitest's FAIL), a
// compiler or lint error. A nested run's own recap lines (`[name ✘]`, `[name …]`) are not taken again.
const FAILURE_MARK = /^\s*(\[[^\]]+\]\s*)*(✘|×)\s|\bFAIL\b|error TS\d+|^\s*\d+:\d+\s+error\s/;
const RECAP_LINE = /^\[[^\]]+ [✘…]\]/;
const MARKED_LINES = 20;
const LAST_LINES = 40;

/** A failed step's lines that name a failure (a test marked failed, a compiler or lint error), then its last lines. */
export function recap(name: string, lines: string[]): string[] {
  const plain = lines.map(stripVTControlCharacters);
  const marked = plain.filter((line) => FAILURE_MARK.test(line) && !RECAP_LINE.test(line)).slice(0, MARKED_LINES);
  return [
    `── ${name} FAILED: its failures, then its last ${LAST_LINES} lines`,
    ...marked.map((line) => `[${name} ✘] ${line}`),
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
  if (prefixed)
    for (const stream of [child.stdout!, child.stderr!])
      readline.createInterface({ input: stream }).on('line', (line) => {
        lines.push(line);
        console.log(`[${step.name}] ${line}`);
      });
  return new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      const status = code ?? (signal ? 1 : 0);
      console.log(`── ${step.name} ${status === 0 ? 'passed' : 'FAILED'} in ${seconds(started)}`);
      resolve(status);
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
