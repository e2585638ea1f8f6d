import { startTicker } from '@/lib/claimQueue';
import { senderDb, type SenderDb } from '@/newsletter/sender';
import { closePushConnections } from './post';
import { drainPush, type PushSite, type Vapid } from './sender';

/**
 * A key pair for local work only (npm run dev, E2E): like the stack's demo keys, public and
 * harmless, and never used where the site is in production (below). `npm run push:keys` makes
 * a real pair.
 */
export const LOCAL_VAPID = {
  publicKey: 'BNfrJ75ecU-hc2CwxD2KfjEIaNjZAMYPu6Jh1ZpBqPl-Lj3lVf82gefW1eEtyAFZTnmcG81kgGTUxIuc2pUlNL8',
  privateKey: 'AAkLC-nmfwcJ3oeELdSAwS9VurAFaOy_jf-MCZEEbno',
};

/** How often the scheduler looks for alert deliveries due (PUSH_TICK_MS). */
const TICK_MS = 5_000;

/** What the site's server needs to send alerts, and hands the browser (the public key). */
export interface PushServer {
  db: SenderDb;
  vapid: Vapid;
  site: PushSite;
  tickMs: number;
}

/**
 * The site is in production when its public origin (SITE_URL, which a deployment sets to its https
 * address) is https: then only https push services are reached, and the local demo keys are
 * refused. (Not NODE_ENV: the production build is also what E2E and npm start serve locally.)
 */
export const isProduction = (origin: string) => origin.startsWith('https:');

/**
 * Push settings from the environment (docs/push.md): SUPABASE_SERVICE_ROLE_KEY, VAPID_PUBLIC_KEY,
 * VAPID_PRIVATE_KEY, VAPID_SUBJECT (a mailto: or https: contact). Undefined, the reason logged,
 * when one is missing (PUSH=off: silently): the site runs, the « Recevoir les alertes » control
 * says alerts are not available, nothing is sent.
 */
export function pushFromEnv(
  env: NodeJS.ProcessEnv,
  site: { supabaseUrl: string; publicSupabaseUrl?: string; anonKey?: string; origin: string },
): PushServer | undefined {
  if (env.PUSH === 'off') return undefined;
  const production = isProduction(site.origin);
  const say = (why: string) => void console.warn(`Alertes push : ${why}; aucune alerte envoyée (docs/push.md).`);
  if (!env.SUPABASE_SERVICE_ROLE_KEY) return say('pas de SUPABASE_SERVICE_ROLE_KEY');
  const keys =
    env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY } : null;
  if (!keys && production) return say('pas de VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY (npm run push:keys)');
  if (production && keys?.publicKey === LOCAL_VAPID.publicKey) return say('les clés VAPID locales ne servent pas en production');
  const subject = env.VAPID_SUBJECT || (production ? '' : 'mailto:alertes@afrique-actu.local');
  if (!/^(mailto:|https:)/.test(subject)) return say('VAPID_SUBJECT doit être une adresse mailto: ou https:');
  return {
    db: senderDb(site.supabaseUrl, env.SUPABASE_SERVICE_ROLE_KEY),
    vapid: { ...(keys ?? LOCAL_VAPID), subject },
    site: { origin: site.origin, supabaseUrl: site.publicSupabaseUrl ?? site.supabaseUrl, anonKey: site.anonKey, production },
    tickMs: Number(env.PUSH_TICK_MS) || TICK_MS,
  };
}

/**
 * Alerts as a site server runs them (npm start, npm run dev): settings from the environment and
 * the sender's scheduler started in every instance (push_claim_delivery hands each delivery to one
 * of them). `stop` ends the scheduler with the server, and closes the connections kept open to
 * push services. The quiet hours' time zone is the administrators' setting (push_settings.time_zone,
 * « Alertes »): nothing here writes it.
 */
export function startPush(
  env: NodeJS.ProcessEnv,
  site: Parameters<typeof pushFromEnv>[1],
): { push: PushServer | undefined; stop: () => void } {
  const push = pushFromEnv(env, site);
  const scheduler =
    push &&
    startTicker(
      'Alertes push, envoi programmé :',
      async () => {
        const report = await drainPush(push.db, push.vapid, push.site);
        if (report.sent + report.failed)
          console.log(`Alertes push : ${report.sent} envoyées, ${report.failed} échecs, ${report.retried} à réessayer`);
      },
      push.tickMs,
    );
  return {
    push,
    stop: () => {
      scheduler?.stop();
      closePushConnections();
    },
  };
}
