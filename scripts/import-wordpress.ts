// `npm run import:wordpress -- <export.xml> [options]`: a WordPress archive into articles, with its
// pictures, authors and old addresses (docs/wordpress-import.md).
//   Local (npm run dev or npm run stack running): no setting needed.
//   Hosted: SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY (it bypasses RLS: keep it on this machine).
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { SERVICE_ROLE_KEY } from '@afriqueactu/supabase-local';
import { importWordpress } from './wordpress/importer.ts';
import type { ImportReport } from './wordpress/report.ts';

const USAGE = `usage: npm run import:wordpress -- <export.xml> [--images <wp-content/uploads>] [--dry-run] [--update]
         [--categories <mapping.json>] [--default-category <slug>] [--create-categories]
         [--no-download] [--report <file.json>]`;

const fail = (message: string, code = 1): never => {
  console.error(message);
  process.exit(code);
};

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      images: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      update: { type: 'boolean', default: false },
      categories: { type: 'string' },
      'default-category': { type: 'string', default: 'actualite' },
      'create-categories': { type: 'boolean', default: false },
      'no-download': { type: 'boolean', default: false },
      report: { type: 'string', default: 'wordpress-import-report.json' },
    },
  });
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`, 2);
}
const { values, positionals } = parsed!;
const [file, extra] = positionals;
if (!file || extra) fail(USAGE, 2);
if (!fs.existsSync(file)) fail(`No such file: ${file}`, 2);
if (values.images && !fs.statSync(values.images, { throwIfNoEntry: false })?.isDirectory())
  fail(`--images must be a folder (wp-content/uploads): ${values.images}`, 2);

let categoryMapping: Record<string, string> = {};
if (values.categories) {
  try {
    categoryMapping = JSON.parse(fs.readFileSync(values.categories, 'utf8')) as Record<string, string>;
  } catch (error) {
    fail(`--categories: ${values.categories} is not a JSON object of WordPress slug → our slug (${(error as Error).message})`, 2);
  }
}

const LOCAL_URL = `http://127.0.0.1:${process.env.SUPABASE_LOCAL_API_PORT ?? 54321}`;
const apiUrl = process.env.SUPABASE_URL || LOCAL_URL;
// The local stack's own key (a public demo key) when nothing else is given; hosted needs its own.
const serviceRoleKey = process.env.SUPABASE_SERVICE_ROLE_KEY || (apiUrl === LOCAL_URL ? SERVICE_ROLE_KEY : '');
if (!serviceRoleKey) fail(`SUPABASE_SERVICE_ROLE_KEY is needed for ${apiUrl}\n${USAGE}`, 2);

// Counts on one line rewritten in a terminal; a line every 500 posts in a log.
const tty = process.stderr.isTTY;
const progress = (done: number, total: number, r: ImportReport) => {
  if (!tty && done % 500 !== 0 && done !== total) return;
  const c = r.counts;
  const line = `Articles : ${done} / ${total} — importés ${c.imported}, mis à jour ${c.updated}, déjà importés ${c.skipped}, images ${c.picturesStored}`;
  process.stderr.write(tty ? `\r${line}` : `${line}\n`);
};

try {
  const started = Date.now();
  const stopAfter = process.env.WORDPRESS_IMPORT_STOP_AFTER;
  const report = await importWordpress({
    file,
    apiUrl,
    serviceRoleKey,
    imagesDir: values.images ?? null,
    download: !values['no-download'],
    dryRun: values['dry-run'],
    update: values.update,
    categoryMapping,
    defaultCategory: values['default-category'],
    createCategories: values['create-categories'],
    onProgress: progress,
    stopAfter: stopAfter ? Number(stopAfter) : undefined,
  });
  if (tty) process.stderr.write('\n');
  console.log(report.lines().join('\n'));
  report.write(values.report);
  console.log(`Rapport JSON : ${values.report} (${((Date.now() - started) / 1000).toFixed(1)} s, ${apiUrl})`);
} catch (error) {
  if (tty) process.stderr.write('\n');
  fail(`Import stopped: ${(error as Error).message}\nWhat was imported is consistent: run the same command again to finish.`);
}
