import { startTicker } from '@/lib/claimQueue';
import { DEFAULT_TIME_ZONE } from '@/lib/siteEnv';
import { dailyDue } from '@/newsletter/scheduler';
import { senderDb, type SenderDb } from '@/newsletter/sender';
import { frenchDay, newsroomDay } from './day';
import { makeEdition } from './edition';
import { drainTelegram } from './sender';
import type { TelegramBot } from './telegram';

/** When the day's edition is made if nobody prepared it before (ESSENTIEL_TIME, the newsroom's zone). */
export const DEFAULT_EDITION_TIME = '07:00';
const TICK_MS = 15_000;

/** What the server needs to make the edition and post it (docs/deployment.md#lessentiel-du-jour). */
export interface EssentielServer {
  db: SenderDb;
  origin: string;
  timeZone: string;
  /** HH:MM in the newsroom's zone. */
  time: string;
  /** Absent: nothing goes to Telegram (the edition is still made, for WhatsApp and the page). */
  telegram?: TelegramBot;
  tickMs: number;
}

/**
 * Settings from the environment: SUPABASE_SERVICE_ROLE_KEY (required), ESSENTIEL_TIME, and for
 * Telegram TELEGRAM_BOT_TOKEN with TELEGRAM_CHAT_ID (TELEGRAM_API_URL for another Bot API server,
 * the local double in development). ESSENTIEL=off: none. Undefined, the reason logged, without a key.
 */
export function essentielFromEnv(
  env: NodeJS.ProcessEnv,
  site: { supabaseUrl: string; origin: string; timeZone?: string },
): EssentielServer | undefined {
  if (env.ESSENTIEL === 'off') return undefined;
  if (!env.SUPABASE_SERVICE_ROLE_KEY) {
    console.warn("L'essentiel du jour : pas de SUPABASE_SERVICE_ROLE_KEY, aucune édition faite (docs/deployment.md).");
    return undefined;
  }
  const time = env.ESSENTIEL_TIME || DEFAULT_EDITION_TIME;
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) throw new Error(`ESSENTIEL_TIME must be HH:MM (got ${time})`);
  const token = env.TELEGRAM_BOT_TOKEN;
  const chatId = env.TELEGRAM_CHAT_ID;
  if (Boolean(token) !== Boolean(chatId))
    console.warn("L'essentiel du jour : TELEGRAM_BOT_TOKEN et TELEGRAM_CHAT_ID vont ensemble; rien n'est publié sur Telegram.");
  return {
    db: senderDb(site.supabaseUrl, env.SUPABASE_SERVICE_ROLE_KEY),
    origin: site.origin,
    timeZone: site.timeZone ?? DEFAULT_TIME_ZONE,
    time,
    telegram: token && chatId ? { apiUrl: env.TELEGRAM_API_URL || 'https://api.telegram.org', token, chatId } : undefined,
    tickMs: Number(env.ESSENTIEL_TICK_MS) || TICK_MS,
  };
}

/**
 * One pass of the edition's schedule, in every instance: past the day's time, the day's edition is
 * made if it is not (edition_start makes it once, whichever instance is first), then the Telegram
 * posts due are sent (each claimed by one instance).
 */
export async function essentielTick(server: EssentielServer, now = new Date()): Promise<void> {
  if (dailyDue(now, server.time, server.timeZone)) {
    const { count } = await server.db
      .from('daily_editions')
      .select('day', { count: 'exact', head: true })
      .eq('day', newsroomDay(now, server.timeZone));
    if (!count) {
      const made = await makeEdition(server.db, { ...server, now, telegram: Boolean(server.telegram) });
      if (made.made) console.log(`L'essentiel du ${frenchDay(made.day, true)} : édition faite`);
    }
  }
  if (!server.telegram) return;
  const report = await drainTelegram(server.db, server.telegram, server);
  if (report.sent + report.failed + report.retried)
    console.log(`L'essentiel sur Telegram : ${report.sent} publié(s), ${report.failed} échec(s), ${report.retried} à réessayer`);
}

/** The schedule as the site's server runs it (npm start, npm run dev); `stop` ends it with the server. */
export function startEssentiel(
  env: NodeJS.ProcessEnv,
  site: Parameters<typeof essentielFromEnv>[1],
): { essentiel: EssentielServer | undefined; stop: () => void } {
  const essentiel = essentielFromEnv(env, site);
  const ticker = essentiel && startTicker("l'essentiel du jour", () => essentielTick(essentiel), essentiel.tickMs);
  return { essentiel, stop: () => ticker?.stop() };
}
