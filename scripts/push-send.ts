// `npm run push:send -- <article-slug> [--title "…"] [--text "…"] [--urgent]`: an alert about a published
// article, as « Envoyer une alerte » in the editor sends it (the same audience, cap and quiet hours,
// which push_send_alert keeps; --urgent: now despite them), then its deliveries sent now. The title
// and text default to the article's title and first key point.
//   Local (npm run dev running): no setting needed. Hosted: SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY,
//   SITE_URL, VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT. See docs/push.md.
import { parseArgs } from 'node:util';
import { readEnv } from '../src/lib/siteEnv.ts';
import { defaultAlertText } from '../src/push/alertText.ts';
import { pushFromEnv } from '../src/push/config.ts';
import { drainPush } from '../src/push/sender.ts';
import { siteOrigin } from '../src/server/origin.ts';
import { localApiUrl, sendingSettings } from '../src/server/localStack.ts';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { title: { type: 'string' }, text: { type: 'string' }, urgent: { type: 'boolean' } },
});
const slug = positionals[0];
if (!slug) {
  console.error('usage : npm run push:send -- <slug-de-l-article> [--title "…"] [--text "…"] [--urgent]');
  process.exit(2);
}
const supabaseUrl = process.env.SUPABASE_URL || process.env.VITE_SUPABASE_URL || localApiUrl(process.env);
// On the local stack, its own key unless told otherwise.
const { env } = sendingSettings(process.env, supabaseUrl);
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
// The quiet hours' time zone is the administrators' (« Alertes »): read, never written here.
const settings = await push.db.from('push_settings').select('time_zone').single();
if (site.newsroomTimeZone && settings.data && settings.data.time_zone !== site.newsroomTimeZone)
  console.warn(
    `Heures calmes dans le fuseau ${settings.data.time_zone} (réglé dans « Alertes »), et non ${site.newsroomTimeZone} (VITE_NEWSROOM_TIME_ZONE).`,
  );
const text = defaultAlertText(article);
const sent = await push.db.rpc('push_send_alert', {
  p_article: article.id,
  p_title: values.title ?? text.title,
  p_body: values.text ?? text.body,
  p_urgent: values.urgent ?? false,
});
if (sent.error) {
  const why = { already_sent: 'une alerte est déjà partie pour cet article', article: "l'article n'est pas publié" }[sent.error.details];
  console.error(`Alerte refusée : ${why ?? sent.error.message}`);
  process.exit(1);
}
const [alert] = sent.data;
console.log(`Alerte ${alert.id} : ${alert.targeted} appareil(s) visé(s).`);
// Inside quiet hours the deliveries wait for their end; the server's scheduler sends them then.
if (Date.parse(alert.not_before) > Date.now() + 1000) {
  console.log(`Heures calmes : elle partira à ${alert.not_before} (le serveur l'enverra ; --urgent pour maintenant).`);
  process.exit(0);
}
const report = await drainPush(push.db, push.vapid, push.site);
console.log(`${report.sent} envoyée(s), ${report.failed} échec(s), ${report.retried} à réessayer (le serveur réessaiera).`);
