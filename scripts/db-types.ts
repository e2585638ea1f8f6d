// Writes src/lib/database.types.ts from the migrations' schema, as `supabase gen types typescript --local` would:
//   npm run db:types                          a throwaway stack with every migration applied (the default)
//   npm run db:types -- --db-url postgres://…  a database already running, e.g. `npm run dev`'s
// The throwaway stack is the default so the types always follow the migration files, never a local
// database started before the latest migration arrived.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateDatabaseTypes, freePort } from '@afriqueactu/supabase-local';
import { appStackOptions, DATABASE_TYPES_FILE, startAppStack } from './localStack.ts';

const USAGE = 'usage: npm run db:types [-- --db-url postgres://user:password@host:port/database]';

async function typesOfFreshStack(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'db-types-'));
  try {
    const stack = await startAppStack(
      { ...appStackOptions(), dataDir, apiPort: await freePort(), dbPort: await freePort(), quiet: true },
      { durable: false },
    );
    try {
      return await generateDatabaseTypes(stack.dbUrl, appStackOptions().configFile);
    } finally {
      await stack.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const args = process.argv.slice(2);
const dbUrl = args[0] === '--db-url' && args.length === 2 ? args[1] : null;
if (args.length > 0 && !dbUrl) {
  console.error(USAGE);
  process.exit(2);
}

try {
  const types = dbUrl ? await generateDatabaseTypes(dbUrl, appStackOptions().configFile) : await typesOfFreshStack();
  fs.writeFileSync(DATABASE_TYPES_FILE, types);
  console.log(`Wrote ${path.relative(process.cwd(), DATABASE_TYPES_FILE)}.`);
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
