// `npm start`: the production server, after `npm run build`. See docs/deployment.md.
import fs from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { readEnv } from '@/lib/siteEnv';
import { startNewsletter } from '@/newsletter/config';
import { startPush } from '@/push/config';
import { startEssentiel } from '@/essentiel/config';
import { LAZY_PAGE_MODULES } from '@/public/routes';
import { createSiteHandler } from './app';
import { directVersionReader, pageCacheDatabaseUrl } from './directContentVersion';
import { builtStylesInliner } from './inlineStyles';
import { builtLiteScripts } from './lite';
import { sendingSettings } from './localStack';
import { lazyModuleLinks, type Manifest } from './manifest';
import { siteOrigin } from './origin';
import { startHousekeeping, startMirrorExports } from './housekeeping';
import { anonReader } from './mirror';
import { startPurges } from './purge/config';
import { stopGracefully } from './shutdown';
import * as renderer from './render';
import { staticFiles } from './static';
import { assertTemplate } from './template';

const clientDir = path.resolve(import.meta.dirname, '../client');
if (!fs.existsSync(path.join(clientDir, '.vite/manifest.json'))) {
  console.error(`Pas de build navigateur dans ${clientDir} : lancez \`npm run build\` avant \`npm start\`.`);
  process.exit(1);
}
// The build's stylesheets go inside the pages that use them (inlineStyles.ts).
const inlineStyles = builtStylesInliner((href) => fs.readFileSync(path.join(clientDir, href), 'utf8'));
const template = inlineStyles(fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8'));
const manifest = JSON.parse(fs.readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Manifest;
assertTemplate(template);
// A page module renamed in the source but not in the route table would lose its CSS in server pages.
const unknown = LAZY_PAGE_MODULES.filter((module) => !manifest[module]);
if (unknown.length) throw new Error(`src/public/routes.ts names page modules the build does not have: ${unknown.join(', ')}`);
// Each page module's stylesheets (inlined) and module preloads, made once here rather than on every
// render: a stylesheet that cannot be inlined stops the server now, not on a reader's page.
const pageLinks = new Map([...new Set(LAZY_PAGE_MODULES)].map((module) => [module, inlineStyles(lazyModuleLinks(manifest, module))]));

const port = Number(process.env.PORT || 3000);
const host = process.env.HOST || '0.0.0.0';
const origin = siteOrigin(process.env.SITE_URL, port);
// Settings given when the server starts win over those the build was made with.
const env = readEnv({
  VITE_SUPABASE_URL: process.env.VITE_SUPABASE_URL || import.meta.env.VITE_SUPABASE_URL,
  VITE_SUPABASE_ANON_KEY: process.env.VITE_SUPABASE_ANON_KEY || import.meta.env.VITE_SUPABASE_ANON_KEY,
  VITE_NEWSROOM_TIME_ZONE: process.env.VITE_NEWSROOM_TIME_ZONE || import.meta.env.VITE_NEWSROOM_TIME_ZONE,
});

const supabaseUrl = process.env.SUPABASE_URL || env.supabaseUrl;
// Against the local stack, the newsletter and alerts send with its demo key, into its inbox, as in
// `npm run dev`, unless set otherwise; against any other project, only with what is set.
const sending = sendingSettings(process.env, supabaseUrl);

// The newsletter sends from every instance: its database claims make each mail go once (docs/newsletter.md).
const { newsletter, stop: stopNewsletter } = startNewsletter(sending.env, {
  supabaseUrl,
  origin,
  newsroomTimeZone: env.newsroomTimeZone,
});

// Alerts too: push_claim_delivery hands each delivery to one instance (docs/push.md).
const { push, stop: stopPush } = startPush(sending.env, {
  supabaseUrl,
  publicSupabaseUrl: env.supabaseUrl,
  anonKey: env.supabaseAnonKey,
  origin,
});

// « L'essentiel du jour »: made once a day (edition_start makes it once) and posted to Telegram by
// whichever instance claims the post (docs/deployment.md#lessentiel-du-jour).
const { essentiel, stop: stopEssentiel } = startEssentiel(process.env, {
  supabaseUrl: process.env.SUPABASE_URL || env.supabaseUrl,
  origin,
  timeZone: env.newsroomTimeZone,
});

// PAGE_CACHE_DATABASE_URL: the page cache proves its pages current over a Postgres connection of
// its own rather than through PostgREST, whose pool a flood of costly requests can hold
// (docs/deployment.md); on the local stack, its Postgres unless set; set empty, none.
const versionDatabase = pageCacheDatabaseUrl(process.env, env.supabaseUrl);
const directVersion = versionDatabase ? directVersionReader(versionDatabase) : undefined;

const handler = createSiteHandler({
  newsletter,
  push,
  essentiel,
  env,
  origin,
  ssr: process.env.SSR !== 'off',
  template: async () => template,
  renderer: async () => renderer,
  files: staticFiles(clientDir),
  lazyModuleLinks: (module) => pageLinks.get(module) ?? inlineStyles(lazyModuleLinks(manifest, module)),
  lite: builtLiteScripts(manifest),
  // Behind a load balancer or CDN that appends the client's address to X-Forwarded-For (docs/deployment.md).
  trustProxy: process.env.TRUST_PROXY === '1',
  // Readers without JavaScript are counted by the server with the service role (routes/servedView.ts).
  ...(process.env.SUPABASE_SERVICE_ROLE_KEY && { serviceRoleKey: process.env.SUPABASE_SERVICE_ROLE_KEY }),
  // PAGE_CACHE_MS: how long a kept page answers without a render (stalePages.ts FRESH_MS by default;
  // -1 renders every request, for benchmarks of rendering).
  ...(process.env.PAGE_CACHE_MS && { pageCache: { freshMs: Number(process.env.PAGE_CACHE_MS) } }),
  // RENDER_QUEUE_MS: how long a render waits for a place before the answer is 503; RENDERS_PER_CLIENT:
  // how many renders one address may have under way before the answer is 429 (renderLimit.ts).
  // Readers behind one carrier NAT share an address; E2E's browsers all come from 127.0.0.1.
  renderLimit: {
    ...(process.env.RENDER_QUEUE_MS && { queueMs: Number(process.env.RENDER_QUEUE_MS) }),
    ...(process.env.RENDERS_PER_CLIENT && { perClient: Number(process.env.RENDERS_PER_CLIENT) }),
  },
  ...(directVersion && { readContentVersion: directVersion.read }),
});
// CDN purges from every instance: purge_claim hands each queued change to one; each is sent once this
// instance has dropped its own kept pages of the old version (docs/deployment.md#purges).
const { stop: stopPurges } = startPurges(process.env, {
  supabaseUrl: process.env.SUPABASE_URL || env.supabaseUrl,
  origin,
  seenVersion: () => handler.version(),
});
const { stop: stopHousekeeping } = startHousekeeping(process.env, process.env.SUPABASE_URL || env.supabaseUrl);
// MIRROR_DIR: while « Mode urgence » is on, the static mirror is exported there every 5 minutes (docs/deployment.md#mirror).
const { stop: stopMirror } = startMirrorExports(process.env, {
  site: `http://127.0.0.1:${port}`,
  db: anonReader(env),
  isOn: handler.emergency,
});
const server = createServer(handler);
// A kept-alive connection stays open longer than the proxies' and clients' own idle limits (a load
// balancer's 60 s): with Node's 5 s, the server closed connections they were about to reuse, and the
// request on it failed (a 502 behind a proxy; « read ECONNRESET » for a crawler). As the local gateway does.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.listen(port, host, () => {
  // Where kept pages are proven (host and port only: the address holds a password).
  // Not a claim the connection works: while it fails, the API stands in, and the log says so then (app.ts).
  const proof = versionDatabase ? `Postgres sur ${new URL(versionDatabase).host} (par l’API quand il ne répond pas)` : 'l’API';
  console.log(
    [
      `Afrique Actu sur ${origin} (écoute sur ${host}:${port}), Supabase ${env.supabaseUrl} ; pages gardées vérifiées par ${proof}`,
      `  Back office      ${origin}/admin`,
      ...sendingBanner(),
    ].join('\n'),
  );
});

/** What the banner says of sending: on the local stack, the inbox where every mail lands (the site's and auth's). */
function sendingBanner(): string[] {
  const lines = [
    `  Newsletter       ${newsletter ? 'envoi activé' : 'aucun envoi'}`,
    `  Alertes push     ${push ? 'envoi activé' : 'aucun envoi'}`,
  ];
  const local = sending.local;
  if (local) {
    const how = [
      local.smtp ? 'e-mails de la lettre ici' : 'lettre par SMTP_URL',
      local.serviceRoleKey ? 'clé de service de démonstration' : '',
    ];
    lines.push(`  Boîte locale     ${local.inboxUrl}  (pile locale : ${how.filter(Boolean).join(', ')})`);
  }
  return lines;
}
// The content-version poll stops with the server (stopGracefully exits once requests are answered).
server.once('close', () => {
  handler.close();
  void directVersion?.close();
  stopNewsletter();
  stopPush();
  stopEssentiel();
  stopPurges();
  stopHousekeeping();
  stopMirror();
});
stopGracefully(server);
