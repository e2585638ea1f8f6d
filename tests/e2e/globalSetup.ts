import path from 'node:path';
import { startSiteWithStack } from '../../scripts/site.ts';

/**
 * A fresh stack with the seed on random ports, and the production build served by the
 * production server (npm start) against it: E2E sees what readers get.
 */
export default async function globalSetup() {
  const stops: (() => Promise<unknown>)[] = [];
  // The site's address is the stack's site URL: e-mail links (password reset) lead back to it.
  // Specs change the newsroom and read the site at once: every request renders (the page cache's
  // eviction, within a second of a change, is src/server/pageCache.site.test.ts's).
  const { stack, site, outDir } = await startSiteWithStack('e2e-stack-', (_, stop) => stops.unshift(stop), {
    siteUrlInStack: true,
    newsletter: true,
    // The newsletter's confirmation mails go out within a second, not the scheduler's 15 s.
    siteEnv: { PAGE_CACHE_MS: '-1', NEWSLETTER_TICK_MS: '1000' },
  });

  process.env.E2E_BASE_URL = site.url;
  process.env.E2E_DIST_DIR = path.join(outDir, 'client');
  process.env.E2E_API_URL = stack.apiUrl;
  process.env.E2E_DB_URL = stack.dbUrl;
  process.env.E2E_ANON_KEY = stack.anonKey;
  process.env.E2E_SERVICE_ROLE_KEY = stack.serviceRoleKey;
  process.env.E2E_INBOX_URL = stack.inboxUrl;

  return async () => {
    for (const stop of stops) await stop();
  };
}
