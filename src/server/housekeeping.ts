import { must, startTicker } from '@/lib/claimQueue';
import { senderDb } from '@/newsletter/sender';

const EVERY_MS = 60_000;

/**
 * The database's small chores, every minute in every instance (each is safe run by several at
 * once): store the closing of live coverages left twelve hours without an entry (readers already
 * read them as closed; storing it purges their pages and the front page's mark), and fold the views
 * a busy moment left in the inbox (docs/scale.md#views-of-a-crowd). Needs SUPABASE_SERVICE_ROLE_KEY.
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
    },
    EVERY_MS,
  );
}
