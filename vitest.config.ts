import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'supabase/**/*.test.ts', 'scripts/**/*.test.ts'],
    globalSetup: ['supabase/local/tests/globalSetup.ts'],
    setupFiles: ['tests/components/setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // The files share one stack; running them one at a time keeps a 2-core machine responsive.
    fileParallelism: false,
  },
});
