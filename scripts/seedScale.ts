// `npm run seed:scale [-- --articles N]`: fills the local stack (on top of the normal seed, on the
// SUPABASE_LOCAL_* ports) with a real outlet's archive: by default 100,000 public articles over 5
// years, 2,000 drafts, 5 million article views and 5 million page views over 90 days, 5,000
// readers with saved articles, 20,000 newsletter subscribers, 5,000 messages (docs/scale.md).
// Set-based SQL in one transaction (scripts/scale/seedScale.sql), then VACUUM ANALYZE, as
// autovacuum would leave a production database. `npm run db:reset` goes back to the seed alone.
import { fileURLToPath } from 'node:url';
import { scaleSizes, seedScale } from './scale/seed.ts';
import { connectionString } from '@afriqueactu/supabase-local';

function parseArticles(argv: string[]): number {
  const i = argv.findIndex((a) => a === '--articles' || a.startsWith('--articles='));
  if (i < 0) return 100_000;
  const raw = argv[i].includes('=') ? argv[i].split('=')[1] : argv[i + 1];
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 10) throw new Error(`--articles must be an integer of at least 10, got ${raw}`);
  return n;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const articles = parseArticles(process.argv.slice(2));
    const dbPort = Number(process.env.SUPABASE_LOCAL_DB_PORT ?? 54322);
    const sizes = scaleSizes(articles);
    console.log(
      `Filling the stack on port ${dbPort}: ${Object.entries(sizes)
        .map(([k, v]) => `${v} ${k}`)
        .join(', ')}`,
    );
    const timings = await seedScale(connectionString(dbPort), sizes, (step, ms) =>
      console.log(`  ${step.padEnd(28)} ${(ms / 1000).toFixed(1)} s`),
    );
    console.log(`Done in ${(timings.totalMs / 60_000).toFixed(1)} min. \`npm run db:reset\` goes back to the seed alone.`);
  } catch (e) {
    console.error(`seed:scale failed: ${(e as Error).message}`);
    process.exit(1);
  }
}
