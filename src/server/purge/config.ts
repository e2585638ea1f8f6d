import { must, startTicker } from '@/lib/claimQueue';
import { senderDb, type SenderDb } from '@/newsletter/sender';
import type { PurgeAdapter } from './adapter';
import { CLOUDFLARE_API, cloudflareAdapter } from './cloudflare';
import { drainPurges, versionNumber } from './drain';
import { FASTLY_API, fastlyAdapter } from './fastly';
import { httpBanAdapter } from './http';
import { purgeLookups } from './lookups';
import { purgeUrls } from './urls';

/**
 * The CDN purge adapter chosen by the environment (docs/deployment.md#purges, .env.example):
 * CDN_PURGE_URL (Varnish BAN), CLOUDFLARE_ZONE_ID + CLOUDFLARE_API_TOKEN (CLOUDFLARE_PURGE=tags|urls),
 * FASTLY_SERVICE_ID + FASTLY_API_TOKEN. null when none is set; an error for a half-set one.
 */
export function purgeAdapterFromEnv(env: NodeJS.ProcessEnv, db: SenderDb, origin: string): PurgeAdapter | null {
  if (env.CDN_PURGE_URL) return httpBanAdapter(env.CDN_PURGE_URL);
  if (env.CLOUDFLARE_ZONE_ID || env.CLOUDFLARE_API_TOKEN) {
    if (!env.CLOUDFLARE_ZONE_ID || !env.CLOUDFLARE_API_TOKEN) throw new Error('CLOUDFLARE_ZONE_ID and CLOUDFLARE_API_TOKEN go together');
    const mode = env.CLOUDFLARE_PURGE || 'urls';
    if (mode !== 'tags' && mode !== 'urls') throw new Error(`CLOUDFLARE_PURGE is tags or urls, not ${mode}`);
    const urls = async (batch: Parameters<PurgeAdapter['purge']>[0]) => purgeUrls(batch.keys, await purgeLookups(db, batch, origin));
    return cloudflareAdapter(env.CLOUDFLARE_ZONE_ID, env.CLOUDFLARE_API_TOKEN, mode, urls, env.CLOUDFLARE_API_BASE || CLOUDFLARE_API);
  }
  if (env.FASTLY_SERVICE_ID || env.FASTLY_API_TOKEN) {
    if (!env.FASTLY_SERVICE_ID || !env.FASTLY_API_TOKEN) throw new Error('FASTLY_SERVICE_ID and FASTLY_API_TOKEN go together');
    return fastlyAdapter(env.FASTLY_SERVICE_ID, env.FASTLY_API_TOKEN, env.FASTLY_API_BASE || FASTLY_API);
  }
  return null;
}

/** How often the sender looks at its instance's content version (a claim when it moved, or each second). */
const TICK_MS = 250;
const CLAIM_EVERY_MS = 1000;
const PRUNE_EVERY_MS = 3_600_000;

/**
 * The purge sender as `npm start` runs it, in every instance (purge_claim hands each row to one):
 * drains the queue to the configured CDN, right after this instance sees a new content version and
 * at least every second (second sends, retries). Needs SUPABASE_SERVICE_ROLE_KEY; PURGE=off stops it.
 */
export function startPurges(
  env: NodeJS.ProcessEnv,
  site: { supabaseUrl: string; origin: string; seenVersion: () => string | null },
): { stop: () => void } {
  if (env.PURGE === 'off') return { stop: () => {} };
  if (!env.SUPABASE_SERVICE_ROLE_KEY) {
    console.warn('Purges CDN : pas de SUPABASE_SERVICE_ROLE_KEY, la file des purges n’est pas vidée (docs/deployment.md#purges).');
    return { stop: () => {} };
  }
  const db = senderDb(site.supabaseUrl, env.SUPABASE_SERVICE_ROLE_KEY);
  const adapter = purgeAdapterFromEnv(env, db, site.origin);
  console.log(adapter ? `Purges CDN : ${adapter.name}` : 'Purges CDN : aucun CDN réglé, la file est vidée sans rien purger.');
  let claimedUnder = 0;
  let claimedAt = 0;
  let prunedAt = 0;
  // The moment of the latest scheduled article out, as content_version() tells it (after its `@`).
  let scheduledMoment: string | undefined;
  const ticker = startTicker(
    'Purges CDN :',
    async () => {
      const now = Date.now();
      const token = site.seenVersion();
      const moment = token?.split('@')[1];
      if (moment !== undefined && moment !== scheduledMoment) {
        // A scheduled article went out (no write did it): its keys are queued once, by one instance.
        must('purge_scheduled_out', await db.rpc('purge_scheduled_out'));
        scheduledMoment = moment;
      }
      const seen = versionNumber(token);
      if (seen === claimedUnder && now - claimedAt < CLAIM_EVERY_MS) return;
      claimedUnder = seen;
      claimedAt = now;
      await drainPurges({ db, adapter, seenVersion: site.seenVersion });
      if (now - prunedAt >= PRUNE_EVERY_MS) {
        prunedAt = now;
        const { error } = await db.rpc('purge_prune');
        if (error) console.error('Purges CDN : le nettoyage de la file a échoué', error);
      }
    },
    TICK_MS,
  );
  return { stop: ticker.stop };
}
