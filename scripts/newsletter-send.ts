// `npm run newsletter:send`: « La Matinale » now — the mails still due first (an edition a crashed run
// left half-sent goes on where it stopped), then an edition of the articles published since the last
// one, sent once to every confirmed subscriber. Run again, it sends nothing new. See docs/newsletter.md.
//   Local (npm run dev running): no setting needed; the mail lands in the inbox (http://127.0.0.1:54324).
//   Hosted: SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY, SITE_URL, SMTP_URL or BREVO_API_KEY, NEWSLETTER_FROM.
import { readTimeZone, DEFAULT_TIME_ZONE } from '../src/lib/siteEnv.ts';
import { newsletterFromEnv } from '../src/newsletter/config.ts';
import { sendNewsletter } from '../src/newsletter/sender.ts';
import { siteOrigin } from '../src/server/origin.ts';
import { localApiUrl, sendingSettings } from '../src/server/localStack.ts';

const supabaseUrl = process.env.SUPABASE_URL || process.env.VITE_SUPABASE_URL || localApiUrl(process.env);
// On the local stack, its own key and inbox (npm run dev's fixed ports) unless told otherwise.
const { env } = sendingSettings(process.env, supabaseUrl);
const timeZone = readTimeZone(process.env.VITE_NEWSROOM_TIME_ZONE) ?? DEFAULT_TIME_ZONE;
const origin = siteOrigin(process.env.SITE_URL, Number(process.env.PORT ?? 5173));
const newsletter = newsletterFromEnv(env, { supabaseUrl, origin, timeZone });
if (!newsletter) process.exit(1);

const report = await sendNewsletter(newsletter.db, newsletter.transport, newsletter.sender, { timeZone });
newsletter.transport.close?.();
console.log(
  report.edition
    ? `La Matinale : édition ${report.edition}, ${report.sent} e-mail(s) envoyé(s), ${report.failed} échec(s), ${report.retried} à réessayer.`
    : `Aucune nouvelle édition (${report.reason === 'no-articles' ? 'aucun article depuis la dernière' : 'déjà faite'}); ${report.sent} e-mail(s) en attente envoyé(s).`,
);
