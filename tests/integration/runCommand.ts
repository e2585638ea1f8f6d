import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { PROJECT_ROOT } from '../../scripts/localStack.ts';

/**
 * How long a test that starts project commands may take: each one starts cold (tsx compiles it),
 * a few seconds alone, far more on a 2-core machine running the other lanes beside it.
 */
export const COMMAND_TEST_MS = 90_000;

/** A project script (`scripts/…`) run as a developer runs it: its exit code and all it printed. */
export async function runCommand(
  script: string,
  args: string[],
  env: Record<string, string | undefined> = {},
  timeout = COMMAND_TEST_MS,
): Promise<{ code: number; out: string }> {
  try {
    // Node with tsx's loader, as the npm scripts run it: the tsx command would start a second Node.
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, ...env },
      // Never outlives its test (a run left going would write after the clean-up).
      timeout,
    });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as {
      code: number | string | null;
      signal: string | null;
      killed?: boolean;
      stdout?: string;
      stderr?: string;
      message: string;
    };
    const out = (e.stdout ?? '') + (e.stderr ?? '');
    // Killed at its time limit, or never started: say so.
    if (e.killed) return { code: -1, out: `${out}\n[runCommand] ${script} stopped at its time limit (${timeout} ms)` };
    if (typeof e.code !== 'number') return { code: -1, out: `${out}\n[runCommand] ${script} failed: ${e.message}` };
    return { code: e.code, out };
  }
}
