import { execFile } from 'node:child_process';
import path from 'node:path';
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
    const { stdout, stderr } = await promisify(execFile)(path.join(PROJECT_ROOT, 'node_modules/.bin/tsx'), [script, ...args], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, ...env },
      // Never outlives its test (a run left going would write after the clean-up).
      timeout,
    });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}
