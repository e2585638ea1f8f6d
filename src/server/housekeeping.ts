import { must, startTicker } from '@/lib/claimQueue';
import type { DataClient } from '@/lib/supabase';
import { senderDb } from '@/newsletter/sender';
import { exportMirror } from './mirror';

const EVERY_MS = 60_000;
/** The mirror is exported this often while « Mode urgence » is on. */
export const MIRROR_EVERY_MS = 5 * 60_000;

/**
 * The database's small chores, every minute in every instance (each is safe run by several at
 * once): store the closing of live coverages left twelve hours without an entry (readers already
 * read them as closed; storing it purges their pages and the front page's mark), fold the views
 * a busy moment left in the inbox (docs/scale.md#views-of-a-crowd), and drop the readers' rumour
 * screenshots older than 90 days. Needs SUPABASE_SERVICE_ROLE_KEY.
 */
export function startHousekeeping(env: NodeJS.ProcessEnv, supabaseUrl: string): { stop: () => void; tick: () => Promise<void> } {
  if (!env.SUPABASE_SERVICE_ROLE_KEY) {
    console.warn(
      'Tâches de fond : pas de SUPABASE_SERVICE_ROLE_KEY, les directs inactifs ne sont pas clos et les vues en attente attendent la suivante.',
    );
    return { stop: () => {}, tick: async () => {} };
  }
  const db = senderDb(supabaseUrl, env.SUPABASE_SERVICE_ROLE_KEY);
  return startTicker(
    'Tâches de fond :',
    async () => {
      must('live_close_idle', await db.rpc('live_close_idle'));
      must('views_fold', await db.rpc('views_fold'));
      // Readers' rumour screenshots are kept 90 days (docs/product.md#signaler-une-rumeur).
      must('purge_rumour_screenshots', await db.rpc('purge_rumour_screenshots'));
    },
    EVERY_MS,
  );
}

/**
 * While « Mode urgence » is on, every MIRROR_EVERY_MS: the mirror exported into MIRROR_DIR (read
 * from this server, docs/deployment.md#mirror), for whatever syncs that folder to the second host.
 * Each instance writes its own folder; without MIRROR_DIR, nothing.
 */
export function startMirrorExports(
  env: NodeJS.ProcessEnv,
  { site, db, isOn }: { site: string; db: DataClient; isOn: () => boolean },
): { stop: () => void; tick: () => Promise<void> } {
  const dir = env.MIRROR_DIR;
  if (!dir) return { stop: () => {}, tick: async () => {} };
  return startTicker(
    'Miroir :',
    async () => {
      if (!isOn()) return;
      const report = await exportMirror({ site, dir, db });
      if (report.tooHeavy.length) console.error(`Miroir : pages de plus de 30 Ko : ${report.tooHeavy.join(', ')}`);
      if (report.missing.length) console.error(`Miroir : pages non exportées : ${report.missing.join(', ')}`);
    },
    MIRROR_EVERY_MS,
  );
}
