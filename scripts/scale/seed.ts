// The archive seedScale.sql writes, sized from one number (the public articles); used by
// `npm run seed:scale` and its test.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const SQL_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'seedScale.sql');
/** Every account seed:scale makes has an address at this domain, and this password. */
export const SCALE_DOMAIN = 'scale.afrique-actu.local';
export const SCALE_PASSWORD = 'lecteur-scale-123';

export interface ScaleSizes {
  articles: number;
  drafts: number;
  review: number;
  scheduled: number;
  bylines: number;
  readers: number;
  article_views: number;
  page_views: number;
  subscribers: number;
  messages: number;
}

/** The proportions: at 100,000 articles, 2,000 drafts, 5 M views of each kind, 5,000 readers... */
export function scaleSizes(articles: number): ScaleSizes {
  const part = (per100k: number) => Math.max(1, Math.round((articles * per100k) / 100_000));
  return {
    articles,
    drafts: part(2_000),
    review: part(200),
    scheduled: part(100),
    bylines: Math.min(300, part(300)),
    readers: part(5_000),
    article_views: part(5_000_000),
    page_views: part(5_000_000),
    subscribers: part(20_000),
    messages: part(5_000),
  };
}

/** The SQL file's steps, each headed by `-- step: <name>`. */
function steps(): { name: string; sql: string }[] {
  const parts = fs.readFileSync(SQL_FILE, 'utf8').split(/^-- step: (.+)$/m);
  const out: { name: string; sql: string }[] = [];
  for (let i = 1; i < parts.length; i += 2) out.push({ name: parts[i].trim(), sql: parts[i + 1] });
  return out;
}

/**
 * Runs seedScale.sql on the database at `dbUrl` (as `postgres`, the role migrations and the seed
 * run as), in one transaction: a failure leaves the database as it was. Refuses a database it
 * already filled (the slugs and addresses would collide).
 */
export async function seedScale(
  dbUrl: string,
  sizes: ScaleSizes,
  onStep: (step: string, ms: number) => void = () => {},
): Promise<{ totalMs: number }> {
  const started = Date.now();
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const filled = await db.query(`select count(*)::int as n from auth.users where email like $1`, [`%@${SCALE_DOMAIN}`]);
    if (filled.rows[0].n > 0) throw new Error('this database was already filled by seed:scale; `npm run db:reset` first to fill it again');
    await db.query('begin');
    await db.query(`select set_config('scale.password', $1, true)`, [SCALE_PASSWORD]);
    for (const [key, value] of Object.entries(sizes)) await db.query(`select set_config($1, $2, true)`, [`scale.${key}`, String(value)]);
    for (const step of steps()) {
      const t = Date.now();
      await db.query(step.sql);
      onStep(step.name, Date.now() - t);
    }
    let t = Date.now();
    await db.query('commit');
    onStep('commit', Date.now() - t);
    // Fresh statistics and visibility maps, as autovacuum would leave them before the first reader.
    t = Date.now();
    for (const table of [
      'articles',
      'article_revisions',
      'article_views',
      'article_view_counts',
      'page_views',
      'profiles',
      'user_roles',
      'saved_articles',
      'newsletter_subscribers',
      'contact_messages',
    ])
      await db.query(`vacuum (analyze) public.${table}`);
    await db.query('vacuum (analyze) private.channel_article_daily, private.channel_daily');
    onStep('vacuum analyze', Date.now() - t);
  } catch (e) {
    await db.query('rollback').catch(() => {});
    throw e;
  } finally {
    await db.end();
  }
  return { totalMs: Date.now() - started };
}
