import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The database's access rules again, on a database whose migrations ran with hosted's "default
 * privileges for new entities" on (every new table granted whole to the API roles): the migrations
 * revoke before they grant, so the RLS matrix and the catalog rules must hold there too.
 */
const HOSTED_DEFAULT_PRIVILEGES = ['supabase/tests/rls-matrix.test.ts', 'supabase/tests/catalog.test.ts'];

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    globalSetup: ['supabase/local/tests/globalSetup.ts'],
    setupFiles: ['tests/components/setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // The files share one stack per project; running them one at a time keeps a 2-core machine responsive.
    fileParallelism: false,
    projects: [
      { extends: true, test: { name: 'main', include: ['src/**/*.test.{ts,tsx}', 'supabase/**/*.test.ts', 'scripts/**/*.test.ts'] } },
      {
        extends: true,
        test: { name: 'hosted-default-privileges', include: HOSTED_DEFAULT_PRIVILEGES, provide: { defaultPrivileges: true } },
      },
    ],
  },
});
