import path from 'node:path';
import { startSiteWithStack } from '../../scripts/site.ts';
import { saveSessions } from './sessions.ts';

/**
 * A fresh stack with the seed on random ports, and the production build served by the
 * production server (npm start) against it: E2E sees what readers get. Each seeded account signs
 * in once and its session is saved for the specs (sessions.ts).
 *
 * tests/e2e/run.ts calls this once for its two Playwright runs (one build, one stack, one server);
 * Playwright's own call then finds E2E_BASE_URL set and has nothing to do.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (process.env.E2E_BASE_URL) return async () => {};
  const stops: (() => Promise<unknown>)[] = [];
  const stopAll = async () => {
    for (const stop of stops) await stop();
  };
  try {
    // The site's address is the stack's site URL: e-mail links (password reset) lead back to it.
    // Specs change the newsroom and read the site at once: every request renders (the page cache's
    // eviction, within a second of a change, is src/server/pageCache.site.int.test.ts's).
    const { stack, site, outDir } = await startSiteWithStack('e2e-stack-', (_, stop) => stops.unshift(stop), {
      siteUrlInStack: true,
      newsletter: true,
      // The newsletter's confirmation mails and push alerts go out within a second, not the schedulers' 15 s.
      // A render waits its turn for up to 30 s: beside other lanes on 2 cores, the 1 s default sheds pages (503).
      siteEnv: { PAGE_CACHE_MS: '-1', RENDER_QUEUE_MS: '30000', NEWSLETTER_TICK_MS: '1000', PUSH_TICK_MS: '1000' },
    });
    await saveSessions(path.join(outDir, '..', 'sessions'), stack, site.url);

    process.env.E2E_BASE_URL = site.url;
    process.env.E2E_DIST_DIR = path.join(outDir, 'client');
    process.env.E2E_API_URL = stack.apiUrl;
    process.env.E2E_DB_URL = stack.dbUrl;
    process.env.E2E_ANON_KEY = stack.anonKey;
    process.env.E2E_SERVICE_ROLE_KEY = stack.serviceRoleKey;
    process.env.E2E_INBOX_URL = stack.inboxUrl;
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}
