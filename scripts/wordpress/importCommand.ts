import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { runCommand } from '../../tests/integration/runCommand.ts';
import type { ImportCounts } from './report.ts';

// The integration tests' way to run `npm run import:wordpress` against the test stack.

/** One import on a busy 2-core machine (sharp, tsx start): a few seconds alone, much more beside other lanes. */
export const COMMAND_MS = 100_000;

export interface ImportRun {
  code: number;
  out: string;
  report: { counts: ImportCounts; warnings: { post?: number; message: string }[]; shortcodes: Record<string, number> };
}

/** The command as a newsroom runs it, its JSON report written in `folder`: its exit code, output and report. */
export async function importCommand(argv: string[], folder: string, env: Record<string, string> = {}): Promise<ImportRun> {
  const reportFile = path.join(folder, `report-${Date.now()}.json`);
  const { code, out } = await runCommand(
    'scripts/import-wordpress.ts',
    [...argv, '--report', reportFile],
    { SUPABASE_URL: inject('apiUrl'), SUPABASE_SERVICE_ROLE_KEY: inject('serviceRoleKey'), ...env },
    COMMAND_MS,
  );
  const report = fs.existsSync(reportFile) ? (JSON.parse(fs.readFileSync(reportFile, 'utf8')) as ImportRun['report']) : (null as never);
  return { code, out, report };
}
