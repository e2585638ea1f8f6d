import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, preview } from 'vite';
import { defaultStackOptions, PROJECT_ROOT } from '../../supabase/local/config.ts';
import { freePort } from '../../supabase/local/ports.ts';
import { startStack } from '../../supabase/local/stack.ts';

/**
 * A fresh stack with the seed on random ports, and the production build served by `vite preview`
 * against it: E2E sees what readers get.
 */
export default async function globalSetup() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-stack-'));
  const stack = await startStack(
    { ...defaultStackOptions(), dataDir, apiPort: await freePort(), dbPort: await freePort(), quiet: true },
    { durable: false },
  );
  const outDir = path.join(dataDir, 'dist');
  process.env.VITE_SUPABASE_URL = stack.apiUrl;
  process.env.VITE_SUPABASE_ANON_KEY = stack.anonKey;
  await build({ root: PROJECT_ROOT, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  const server = await preview({ root: PROJECT_ROOT, logLevel: 'warn', build: { outDir }, preview: { port: await freePort(), strictPort: true, host: '127.0.0.1' } });

  process.env.E2E_BASE_URL = server.resolvedUrls!.local[0].replace(/\/$/, '');
  process.env.E2E_DIST_DIR = outDir;
  process.env.E2E_API_URL = stack.apiUrl;
  process.env.E2E_DB_URL = stack.dbUrl;
  process.env.E2E_ANON_KEY = stack.anonKey;
  process.env.E2E_SERVICE_ROLE_KEY = stack.serviceRoleKey;

  return async () => {
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
