import { startTicker } from '@/lib/claimQueue';
import { toWallClock } from '@/lib/newsroomTime';
import type { Sender } from './mails';
import { dailySlot, drainQueue, sendNewsletter, type SenderDb } from './sender';
import type { MailTransport } from './transport';

/** How often the scheduler looks: confirmation mails wait at most this long. */
export const TICK_MS = 15_000;
/** After this long past the send time, a day without an edition stays without (no afternoon « Matinale »). */
const LATE_MS = 3 * 3600_000;

export interface SchedulerOptions {
  db: SenderDb;
  transport: MailTransport;
  sender: Sender;
  timeZone: string;
  tickMs?: number;
  now?: () => Date;
}

/** Whether the daily edition is due at `now`: past today's send time in the newsroom's zone, and not too late. */
export function dailyDue(now: Date, sendTime: string, timeZone: string): boolean {
  const wall = toWallClock(now, timeZone);
  const [h = 0, m = 0] = sendTime.split(':').map(Number);
  const minutes = Number(wall.slice(11, 13)) * 60 + Number(wall.slice(14, 16));
  const late = minutes - (h * 60 + m);
  return late >= 0 && late * 60_000 < LATE_MS;
}

/**
 * The newsletter's scheduler, in every instance of the Node server (npm start) and in npm run dev:
 * every tick it sends the mails due (confirmations, retries, an edition under way) and, once the
 * daily send time has passed in the newsroom's zone, makes the day's edition. Several instances
 * may run it: the day's edition has one slot (`daily:YYYY-MM-DD`, unique in the database), so one
 * instance makes it, and every mail is claimed by one sender (`for update skip locked`).
 */
export function startScheduler(options: SchedulerOptions): { stop: () => void; tick: () => Promise<void> } {
  const now = options.now ?? (() => new Date());
  let purgedAt = 0;
  let madeSlot: string | null = null;
  const tick = async () => {
    const settings = await options.db.from('newsletter_settings').select('daily_enabled, send_time').single();
    if (settings.error) throw new Error(`newsletter_settings: ${settings.error.message}`);
    const at = now();
    if (at.getTime() - purgedAt > 3600_000) {
      purgedAt = at.getTime();
      await options.db.rpc('newsletter_purge');
    }
    if (settings.data.daily_enabled && dailyDue(at, settings.data.send_time, options.timeZone)) {
      const slot = dailySlot(at, options.timeZone);
      // Once this instance has seen the day's edition made, it stops asking for the rest of the day.
      if (slot !== madeSlot) {
        const { count } = await options.db.from('newsletter_editions').select('id', { count: 'exact', head: true }).eq('slot', slot);
        if (count) madeSlot = slot;
        else {
          const report = await sendNewsletter(options.db, options.transport, options.sender, {
            timeZone: options.timeZone,
            slot,
            now: at,
            waitForRate: false,
          });
          if (report.edition)
            console.log(`La Matinale ${slot}: édition ${report.edition}, ${report.sent} envoyés, ${report.failed} échecs`);
          return;
        }
      }
    }
    await drainQueue(options.db, options.transport, options.sender, { timeZone: options.timeZone });
  };
  return startTicker('Newsletter, envoi programmé :', tick, options.tickMs ?? TICK_MS);
}
