import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { runCommand } from '../../tests/integration/runCommand.ts';
import { importWordpress, type ImportOptions } from './importer.ts';
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

/**
 * The importer the command calls (importer.ts), run in the test's own process: for tests about what
 * it decides (which posts fit, what a dry run says), not about the command. Starting the command
 * costs about 5 CPU-s a run (Node, tsx, the package's modules, jsdom), whatever the export
 * (docs/testing.md); its arguments, exit code and report file are importWordpress.int.test.ts's.
 * A run that stops throws, as the command would exit 1.
 */
export async function importInProcess(
  file: string,
  options: Partial<Pick<ImportOptions, 'imagesDir' | 'dryRun' | 'update'>> = {},
): Promise<Omit<ImportRun, 'code'>> {
  const report = await importWordpress({
    file,
    apiUrl: inject('apiUrl'),
    serviceRoleKey: inject('serviceRoleKey'),
    imagesDir: null,
    download: false,
    dryRun: false,
    update: false,
    categoryMapping: {},
    defaultCategory: 'actualite',
    createCategories: false,
    ...options,
  });
  // The report as the command writes it (--report), and the lines it prints.
  return { out: report.lines().join('\n'), report: JSON.parse(report.json()) as ImportRun['report'] };
}
