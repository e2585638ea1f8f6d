// `npm run bench:import`: the WordPress importer's memory on a large archive (issue 31). Writes a
// generated export of 20,000 posts (WORDPRESS_BENCH_POSTS to change it) with block comments,
// captions, featured images and attachments, then runs `npm run import:wordpress -- --dry-run` on it
// against a fresh local stack (or SUPABASE_URL's project) and prints the importer's peak resident
// memory and its time. A benchmark that prints figures, not a test: the machine's load moves them.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, SERVICE_ROLE_KEY } from '@afriqueactu/supabase-local';
import { appStackOptions, PROJECT_ROOT, startAppStack } from './localStack.ts';

const POSTS = Number(process.env.WORDPRESS_BENCH_POSTS ?? 20_000);

const post = (id: number) => {
  const day = String((id % 28) + 1).padStart(2, '0');
  const body = Array.from(
    { length: 12 },
    (_, n) =>
      `<!-- wp:paragraph -->\n<p>Paragraphe ${n} de l’article ${id} : la rédaction de Dakar suit l’actualité économique et politique de la sous-région, jour après jour.</p>\n<!-- /wp:paragraph -->`,
  ).join('\n\n');
  return `<item><title><![CDATA[Article numéro ${id} : l’actualité du jour]]></title><link>https://archive.exemple.test/2020/01/${day}/article-${id}/</link><dc:creator><![CDATA[redaction]]></dc:creator>
<content:encoded><![CDATA[${body}
[caption id="attachment_${id + 1}" width="800"]<img src="https://archive.exemple.test/wp-content/uploads/2020/01/photo-${id}-800x600.jpg" alt="Photo ${id}" /> Légende ${id}[/caption]]]></content:encoded>
<excerpt:encoded><![CDATA[Résumé de l’article ${id}.]]></excerpt:encoded><wp:post_id>${id}</wp:post_id><wp:post_date>2020-01-${day} 10:00:00</wp:post_date><wp:post_date_gmt>2020-01-${day} 09:00:00</wp:post_date_gmt>
<wp:post_name>article-${id}</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type><category domain="category" nicename="politique"><![CDATA[Politique]]></category>
<wp:postmeta><wp:meta_key>_thumbnail_id</wp:meta_key><wp:meta_value>${id + 1}</wp:meta_value></wp:postmeta></item>
<item><title>photo-${id}</title><wp:post_id>${id + 1}</wp:post_id><wp:post_type>attachment</wp:post_type><wp:status>inherit</wp:status><wp:attachment_url>https://archive.exemple.test/wp-content/uploads/2020/01/photo-${id}.jpg</wp:attachment_url>
<wp:postmeta><wp:meta_key>_wp_attached_file</wp:meta_key><wp:meta_value>2020/01/photo-${id}.jpg</wp:meta_value></wp:postmeta><wp:postmeta><wp:meta_key>_wp_attachment_image_alt</wp:meta_key><wp:meta_value>Photo ${id}</wp:meta_value></wp:postmeta></item>
`;
};

/** The export, written a post at a time (the generator holds no more than the importer may). */
async function writeExport(file: string): Promise<number> {
  const out = fs.createWriteStream(file);
  const write = (text: string) => (out.write(text) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', r)));
  await write(`<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel><title>Archive</title><link>https://archive.exemple.test</link><wp:base_site_url>https://archive.exemple.test</wp:base_site_url><wp:base_blog_url>https://archive.exemple.test</wp:base_blog_url>
<wp:author><wp:author_login>redaction</wp:author_login><wp:author_email>redaction@archive.exemple.test</wp:author_email><wp:author_display_name>La rédaction</wp:author_display_name></wp:author>
`);
  for (let i = 0; i < POSTS; i++) await write(post(2 * i + 1));
  await write('</channel>\n</rss>\n');
  await new Promise<void>((resolve) => out.end(resolve));
  return fs.statSync(file).size;
}

/** Runs the importer as its own process, reading its peak resident memory (VmHWM) from /proc while it runs. */
function runImporter(file: string, env: NodeJS.ProcessEnv): Promise<{ code: number; peakKb: number | null; seconds: number; out: string }> {
  const started = Date.now();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/import-wordpress.ts', file, '--dry-run', '--no-download', '--report', `${file}.report.json`],
    {
      cwd: PROJECT_ROOT,
      env,
    },
  );
  let out = '';
  let errors = '';
  child.stdout.on('data', (d: Buffer) => (out += d));
  // The progress lines are dropped; the last of what it said is kept for a failure's message.
  child.stderr.on('data', (d: Buffer) => (errors = (errors + String(d)).slice(-4000)));
  let peakKb: number | null = null;
  const status = `/proc/${child.pid}/status`;
  const poll = setInterval(() => {
    try {
      const hwm = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(status, 'utf8'))?.[1];
      if (hwm) peakKb = Math.max(peakKb ?? 0, Number(hwm));
    } catch {
      // gone (it exited between two reads), or no /proc on this system
    }
  }, 100);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearInterval(poll);
      resolve({ code: code ?? 1, peakKb, seconds: (Date.now() - started) / 1000, out: code === 0 ? out : out + errors });
    }),
  );
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
let stack: Awaited<ReturnType<typeof startAppStack>> | null = null;
try {
  const file = path.join(dir, 'export.xml');
  const bytes = await writeExport(file);
  console.log(`Export: ${POSTS} posts and ${POSTS} attachments, ${(bytes / 1024 / 1024).toFixed(1)} MB`);
  let env: NodeJS.ProcessEnv = { ...process.env };
  if (!process.env.SUPABASE_URL) {
    const dataDir = path.join(dir, 'stack');
    stack = await startAppStack(
      { ...appStackOptions(), dataDir, apiPort: await freePort(), dbPort: await freePort(), quiet: true },
      { durable: false },
    );
    env = { ...env, SUPABASE_URL: stack.apiUrl, SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY };
  }
  const run = await runImporter(file, env);
  if (run.code !== 0) throw new Error(`the importer failed (${run.code}):\n${run.out}`);
  console.log(run.out.split('\n').slice(0, 4).join('\n'));
  console.log(
    `import:wordpress --dry-run on ${POSTS} posts: ${run.seconds.toFixed(1)} s, peak resident memory ${run.peakKb === null ? 'n/a (no /proc)' : `${(run.peakKb / 1024).toFixed(0)} MB`} (export ${(bytes / 1024 / 1024).toFixed(0)} MB)`,
  );
} finally {
  await stack?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
