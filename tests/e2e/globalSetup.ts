import path from 'node:path';
import pg from 'pg';
import { startSitesWithStacks } from '../../scripts/site.ts';
import { saveSessions } from './sessions.ts';

/** What the specs read of the environment they run against (process.env.E2E_*). */
export type E2eEnvironment = Record<string, string>;

/**
 * `count` environments, each a fresh stack with the seed on random ports and the production build
 * served by the production server (npm start) against it — one build for all: E2E sees what readers
 * get. In each, every seeded account signs in once and its session is saved for the specs (sessions.ts).
 *
 * tests/e2e/run.ts starts two and runs a Playwright project on each, side by side; Playwright's own
 * call (this file's default export) then finds E2E_BASE_URL set and has nothing to do. Run directly
 * (`npx playwright test`), Playwright starts one.
 */
export async function startEnvironments(count: number): Promise<{ environments: E2eEnvironment[]; stop: () => Promise<void> }> {
  const stops: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const one of stops.splice(0)) await one();
  };
  try {
    // The site's address is the stack's site URL: e-mail links (password reset) lead back to it.
    // Specs change the newsroom and read the site at once: every request renders (the page cache's
    // eviction, within a second of a change, is src/server/pageCache.site.int.test.ts's).
    const { outDir, sites } = await startSitesWithStacks('e2e-stack-', count, (_, stop) => stops.unshift(stop), {
      siteUrlInStack: true,
      newsletter: true,
      // The newsletter's confirmation mails and push alerts go out within a second, not the schedulers' 15 s.
      // A render waits its turn for up to 30 s: beside other lanes on 2 cores, the 1 s default sheds pages (503).
      // Every browser comes from 127.0.0.1: past 3 renders under way from one address the server answers
      // 429 with the bare app, which then renders the page itself (a slow, saturated machine got there).
      siteEnv: {
        PAGE_CACHE_MS: '-1',
        RENDER_QUEUE_MS: '30000',
        RENDERS_PER_CLIENT: '16',
        NEWSLETTER_TICK_MS: '1000',
        PUSH_TICK_MS: '1000',
      },
      beforeSite: dailyEditionOutOfTheWay,
    });
    const environments = await Promise.all(
      sites.map(async ({ stack, site }, i) => {
        const sessions = path.join(outDir, '..', `sessions-${i + 1}`);
        await saveSessions(sessions, stack, site.url);
        return {
          E2E_BASE_URL: site.url,
          E2E_DIST_DIR: path.join(outDir, 'client'),
          E2E_API_URL: stack.apiUrl,
          E2E_DB_URL: stack.dbUrl,
          E2E_ANON_KEY: stack.anonKey,
          E2E_SERVICE_ROLE_KEY: stack.serviceRoleKey,
          E2E_INBOX_URL: stack.inboxUrl,
          E2E_SESSIONS_DIR: sessions,
        };
      }),
    );
    return { environments, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The daily « Matinale » goes out when the server sees the send time pass (06:30 in the newsroom's
 * zone, UTC here) and for three hours after: a run in that window would find today's edition
 * already sent and nothing left to preview. Twelve hours from now, it never falls in a run.
 */
async function dailyEditionOutOfTheWay(stack: { dbUrl: string }): Promise<void> {
  const db = new pg.Client({ connectionString: stack.dbUrl });
  await db.connect();
  try {
    await db.query(`update public.newsletter_settings set send_time = (now() at time zone 'UTC' + interval '12 hours')::time(0)`);
  } finally {
    await db.end();
  }
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (process.env.E2E_BASE_URL) return async () => {};
  const { environments, stop } = await startEnvironments(1);
  Object.assign(process.env, environments[0]);
  return stop;
}
