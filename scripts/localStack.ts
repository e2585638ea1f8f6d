// The app's side of the local stack (packages/supabase-local): where the project is, and the seed
// step SQL cannot do. `npm run stack`, `dev`, `db:reset`, the tests and the benches start the stack
// through these, so each gets the seed's pictures.
import path from 'node:path';
import { defaultStackOptions, startStack, type AfterSeedHook, type StackOptions, type StartExtras } from '@afriqueactu/supabase-local';
import { seedImages } from '../supabase/seed/images.ts';

export const PROJECT_ROOT = path.resolve(import.meta.dirname, '..');
export const SUPABASE_DIR = path.join(PROJECT_ROOT, 'supabase');

/** Where the generated types live; the app imports them as `@/lib/database.types`. */
export const DATABASE_TYPES_FILE = path.join(PROJECT_ROOT, 'src', 'lib', 'database.types.ts');
/** What a developer runs after changing the schema; the regeneration test names it when the file is stale. */
export const REGENERATE_DATABASE_TYPES = 'npm run db:types';

/**
 * The seed's pictures are files, not rows: they go in through the storage API like any upload,
 * once after the SQL seed. The step's name is what existing data folders recorded: keep it.
 */
export const SEED_IMAGES: AfterSeedHook = { step: 'supabase/seed/images.ts', run: (stack) => seedImages(stack) };

/** This project's stack options: its supabase/ folder, the SUPABASE_LOCAL_* variables' ports and data folder. */
export function appStackOptions(): StackOptions {
  return defaultStackOptions(PROJECT_ROOT);
}

/** The stack on this project, seed pictures included. */
export function startAppStack(options: StackOptions, extras: StartExtras = {}) {
  return startStack(options, { afterSeed: SEED_IMAGES, ...extras });
}
