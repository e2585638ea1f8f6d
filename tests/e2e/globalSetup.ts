import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSite, startSite } from '../../scripts/site.ts';
import { defaultStackOptions } from '../../supabase/local/config.ts';
import { freePort } from '../../supabase/local/ports.ts';
import { startStack } from '../../supabase/local/stack.ts';

/**
 * A fresh stack with the seed on random ports, and the production build served by the
 * production server (npm start) against it: E2E sees what readers get.
 */
export default async function globalSetup() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-stack-'));
  // The site's address is the stack's site URL: e-mail links (password reset) lead back to it.
  const sitePort = await freePort();
  const stack = await startStack(
    {
      ...defaultStackOptions(),
      dataDir,
      apiPort: await freePort(),
      dbPort: await freePort(),
      siteUrl: `http://127.0.0.1:${sitePort}`,
      quiet: true,
    },
    { durable: false },
  );
  const outDir = path.join(dataDir, 'dist');
  const supabase = { supabaseUrl: stack.apiUrl, anonKey: stack.anonKey };
  await buildSite(outDir, supabase);
  const site = await startSite(outDir, supabase, { port: sitePort });

  process.env.E2E_BASE_URL = site.url;
  process.env.E2E_DIST_DIR = path.join(outDir, 'client');
  process.env.E2E_API_URL = stack.apiUrl;
  process.env.E2E_DB_URL = stack.dbUrl;
  process.env.E2E_ANON_KEY = stack.anonKey;
  process.env.E2E_SERVICE_ROLE_KEY = stack.serviceRoleKey;
  process.env.E2E_INBOX_URL = stack.inboxUrl;

  return async () => {
    await site.stop();
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
