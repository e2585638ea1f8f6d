import { DEFAULT_TIME_ZONE } from '@/lib/siteEnv';
import type { NewsletterServer } from '@/server/newsletter';
import { senderFromEnv } from './mails';
import { startScheduler } from './scheduler';
import { senderDb } from './sender';
import { transportFromEnv } from './transport';

/**
 * The newsletter's sending settings from the environment (docs/newsletter.md): the service role key
 * (SUPABASE_SERVICE_ROLE_KEY) and a transport (SMTP_URL, or NEWSLETTER_TRANSPORT=brevo with
 * BREVO_API_KEY). Undefined, with the reason logged, when either is missing: the site runs, the
 * newsletter does not send.
 */
export function newsletterFromEnv(
  env: NodeJS.ProcessEnv,
  { supabaseUrl, origin, timeZone }: { supabaseUrl: string; origin: string; timeZone: string },
): NewsletterServer | undefined {
  if (env.NEWSLETTER === 'off') return undefined;
  if (!env.SUPABASE_SERVICE_ROLE_KEY) {
    console.warn('Newsletter : pas de SUPABASE_SERVICE_ROLE_KEY, aucun envoi (docs/newsletter.md).');
    return undefined;
  }
  try {
    return {
      db: senderDb(supabaseUrl, env.SUPABASE_SERVICE_ROLE_KEY),
      transport: transportFromEnv(env),
      sender: senderFromEnv(env, origin),
      timeZone,
      webhookSecret: env.BREVO_WEBHOOK_SECRET || undefined,
      tickMs: Number(env.NEWSLETTER_TICK_MS) || undefined,
    };
  } catch (error) {
    console.warn(`Newsletter : ${(error as Error).message} ; aucun envoi (docs/newsletter.md).`);
    return undefined;
  }
}

/**
 * The newsletter as a site server runs it (npm start, npm run dev): its settings from the
 * environment and its scheduler started, in every instance (its database claims make each mail
 * go once, docs/newsletter.md). `stop` ends the scheduler with the server.
 */
export function startNewsletter(
  env: NodeJS.ProcessEnv,
  site: { supabaseUrl: string; origin: string; newsroomTimeZone?: string },
): { newsletter: NewsletterServer | undefined; stop: () => void } {
  const newsletter = newsletterFromEnv(env, {
    supabaseUrl: site.supabaseUrl,
    origin: site.origin,
    timeZone: site.newsroomTimeZone ?? DEFAULT_TIME_ZONE,
  });
  const scheduler = newsletter && startScheduler(newsletter);
  return { newsletter, stop: () => scheduler?.stop() };
}
