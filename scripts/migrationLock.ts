import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
/** The app's supabase/ folder (scripts/localStack.ts has the same, with the stack's imports). */
const SUPABASE_DIR = path.resolve(import.meta.dirname, '..', 'supabase');

/**
 * Released migrations never change (a project that pushed the old text never gets the new one):
 * `supabase/migrations.sha256` holds each migration's SHA-256, one `sha256sum` line per file
 * (`cd supabase/migrations && sha256sum -c ../migrations.sha256` checks it by hand), and
 * supabase/tests/migration-hashes.test.ts compares it with the files. `npm run db:lock` adds the
 * lines of new migrations and never rewrites one already there.
 */
export const MIGRATIONS_DIR = path.join(SUPABASE_DIR, 'migrations');
export const LOCK_FILE = path.join(SUPABASE_DIR, 'migrations.sha256');
export const LOCK_COMMAND = 'npm run db:lock';

const LINE = /^([0-9a-f]{64}) {2}(\S+\.sql)$/;

/** The migration files and their SHA-256, by file name. */
export function migrationHashes(): Map<string, string> {
  const files = fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  return new Map(
    files.map((f) => [
      f,
      createHash('sha256')
        .update(fs.readFileSync(path.join(MIGRATIONS_DIR, f)))
        .digest('hex'),
    ]),
  );
}

/** The recorded hashes, by file name; a line that is not `<sha256>  <file>.sql` is an error. */
export function lockedHashes(text: string = fs.existsSync(LOCK_FILE) ? fs.readFileSync(LOCK_FILE, 'utf8') : ''): Map<string, string> {
  const locked = new Map<string, string>();
  for (const [i, line] of text.split('\n').entries()) {
    if (!line.trim()) continue;
    const match = LINE.exec(line);
    if (!match) throw new Error(`${path.relative(process.cwd(), LOCK_FILE)}:${i + 1}: expected "<sha256>  <file>.sql", got "${line}"`);
    locked.set(match[2]!, match[1]!);
  }
  return locked;
}

export interface LockDifferences {
  /** Migrations with no line yet: new ones, to add with `npm run db:lock`. */
  missing: string[];
  /** Released migrations whose text changed: put the text back, and write the change as a new migration. */
  changed: string[];
  /** Lines whose file is gone: a released migration was deleted or renamed. */
  removed: string[];
}

export function lockDifferences(current = migrationHashes(), locked = lockedHashes()): LockDifferences {
  return {
    missing: [...current.keys()].filter((f) => !locked.has(f)),
    changed: [...current.keys()].filter((f) => locked.has(f) && locked.get(f) !== current.get(f)),
    removed: [...locked.keys()].filter((f) => !current.has(f)),
  };
}

/** The lock file's text: one line per migration, in file-name (so applying) order. */
export function lockText(hashes: Map<string, string>): string {
  return [...hashes.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([file, hash]) => `${hash}  ${file}\n`)
    .join('');
}
