// Records the SHA-256 of new migrations in supabase/migrations.sha256 (scripts/migrationLock.ts):
//   npm run db:lock
// Lines already there are never rewritten: a released migration whose text changed, or that is
// gone, stops this with its name, since projects that ran the old text would never run the new one.
import fs from 'node:fs';
import path from 'node:path';
import { LOCK_FILE, lockDifferences, lockedHashes, lockText, migrationHashes } from './migrationLock.ts';

const current = migrationHashes();
const locked = lockedHashes();
const { missing, changed, removed } = lockDifferences(current, locked);
if (changed.length || removed.length) {
  for (const f of changed) console.error(`released migration changed: ${f} — restore its text and write the change as a new migration`);
  for (const f of removed) console.error(`released migration gone: ${f} — restore the file (a project that ran it keeps it)`);
  process.exit(1);
}
for (const f of missing) locked.set(f, current.get(f)!);
fs.writeFileSync(LOCK_FILE, lockText(locked));
console.log(
  missing.length
    ? `${path.relative(process.cwd(), LOCK_FILE)}: added ${missing.join(', ')}`
    : `${path.relative(process.cwd(), LOCK_FILE)}: every migration is recorded`,
);
