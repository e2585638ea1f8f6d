// `npm run push:send -- <article-slug> [--title "…"] [--text "…"]`: an alert about a published article,
// as « Envoyer une alerte » in the editor sends it (the same audience, cap and quiet hours), then its
// deliveries sent now. The title and text default to the article's title and first key point.
//   Local (npm run dev running): no setting needed. Hosted: SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY,
//   SITE_URL, VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT. See docs/push.md.
import { parseArgs } from 'node:util';
import { DEFAULT_TIME_ZONE, readEnv, readTimeZone } from '../src/lib/siteEnv.ts';
import { defaultAlertText } from '../src/push/alertText.ts';
import { pushFromEnv } from '../src/push/config.ts';
import { quietHoursEnd } from '../src/push/schedule.ts';
import { drainPush } from '../src/push/sender.ts';
import { siteOrigin } from '../src/server/origin.ts';
import { SERVICE_ROLE_KEY } from '@afriqueactu/supabase-local';

const { positionals, values } = parseArgs({ allowPositionals: true, options: { title: { type: 'string' }, text: { type: 'string' } } });
const slug = positionals[0];
if (!slug) {
  console.error('usage: npm run push:send -- <article-slug> [--title "…"] [--text "…"]');
  process.exit(2);
}
const LOCAL_URL = `http://127.0.0.1:${process.env.SUPABASE_LOCAL_API_PORT ?? 54321}`;
const supabaseUrl = process.env.SUPABASE_URL || process.env.VITE_SUPABASE_URL || LOCAL_URL;
const env = {
  ...process.env,
  ...(supabaseUrl === LOCAL_URL && !process.env.SUPABASE_SERVICE_ROLE_KEY && { SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY }),
};
const site = readEnv({ ...process.env, VITE_SUPABASE_URL: process.env.VITE_SUPABASE_URL || supabaseUrl });
const push = pushFromEnv(env, {
  supabaseUrl,
  publicSupabaseUrl: site.supabaseUrl,
  anonKey: site.supabaseAnonKey,
  origin: siteOrigin(process.env.SITE_URL, Number(process.env.PORT ?? 5173)),
});
if (!push) process.exit(1);

const { data: article, error } = await push.db.from('articles').select('id, title, excerpt, key_points').eq('slug', slug).maybeSingle();
if (error || !article) {
  console.error(error ? `articles: ${error.message}` : `Aucun article « ${slug} ».`);
  process.exit(1);
}
const settings = await push.db.from('push_settings').select('quiet_enabled, quiet_start, quiet_end').single();
if (settings.error) throw new Error(`push_settings: ${settings.error.message}`);
const timeZone = readTimeZone(process.env.VITE_NEWSROOM_TIME_ZONE) ?? DEFAULT_TIME_ZONE;
const notBefore = quietHoursEnd(new Date(), settings.data, timeZone);
const text = defaultAlertText(article);
const sent = await push.db.rpc('push_send_alert', {
  p_article: article.id,
  p_title: values.title ?? text.title,
  p_body: values.text ?? text.body,
  ...(notBefore && { p_not_before: notBefore.toISOString() }),
});
if (sent.error) {
  const why = { already_sent: 'une alerte est déjà partie pour cet article', article: "l'article n'est pas publié" }[sent.error.details];
  console.error(`Alerte refusée : ${why ?? sent.error.message}`);
  process.exit(1);
}
const [alert] = sent.data;
console.log(`Alerte ${alert.id} : ${alert.targeted} appareil(s) visé(s).`);
if (notBefore) {
  console.log(`Heures calmes : elle partira à ${notBefore.toISOString()} (le serveur l'enverra).`);
  process.exit(0);
}
const report = await drainPush(push.db, push.vapid, push.site);
console.log(`${report.sent} envoyée(s), ${report.failed} échec(s), ${report.retried} à réessayer (le serveur réessaiera).`);
