import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PostgrestClient } from '@supabase/postgrest-js';
import type { Database } from '@/lib/database';
import { CONFIRM_PATH, UNSUBSCRIBE_PATH } from '@/lib/readerPaths';
import type { SiteEnv } from '@/lib/siteEnv';
import { confirmationMail, editionMail, type Sender } from '@/newsletter/mails';
import { withCountryTop } from '@/newsletter/countryTop';
import { drainQueue, nextEdition, startEdition, type SenderDb } from '@/newsletter/sender';
import { NO_POSTAL_ADDRESS } from '@/newsletter/postalAddress';
import { TOKEN_SHAPE } from '@/newsletter/tokens';
import type { MailTransport } from '@/newsletter/transport';
import { CACHE } from './headers';

/** What the server needs to send (absent: the newsletter's back-office actions answer 503, the links still work). */
export interface NewsletterServer {
  /** PostgREST with the service role key (SUPABASE_SERVICE_ROLE_KEY). */
  db: SenderDb;
  transport: MailTransport;
  sender: Sender;
  timeZone: string;
  /** The secret the provider's webhook URL carries (?secret=…): BREVO_WEBHOOK_SECRET. */
  webhookSecret?: string;
  /** How often the scheduler looks (NEWSLETTER_TICK_MS; E2E shortens it). */
  tickMs?: number;
}

/** The back office's newsletter calls (src/admin/newsletter). */
export const NEWSLETTER_API = '/api/newsletter';
const MAX_BODY_BYTES = 64 * 1024;

function reply(res: ServerResponse, status: number, body: unknown): true {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', CACHE.never);
  res.end(JSON.stringify(body));
  return true;
}

function redirect(res: ServerResponse, location: string): true {
  res.statusCode = 303;
  res.setHeader('Location', location);
  res.setHeader('Cache-Control', CACHE.never);
  res.end();
  return true;
}

async function readBody(req: IncomingMessage): Promise<string> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new Error('body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const sameSecret = (given: string, expected: string) =>
  given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

/**
 * The newsletter's HTTP side, before pages:
 * - POST on a confirmation link confirms; POST on an unsubscribe link unsubscribes: from the pages'
 *   buttons (answered with a 303 to the page, which says how it went), or from a mail client's
 *   RFC 8058 one-click POST (`List-Unsubscribe=One-Click`, answered 200). A GET never acts (the pages);
 * - the back office's preview, test send and send now (an administrator's bearer token);
 * - Brevo's webhook: hard bounces and complaints suppress the address.
 * True when it answered.
 */
export function newsletterRoutes(env: SiteEnv, server: NewsletterServer | undefined) {
  const anon = env.supabaseAnonKey;
  const asAnon = new PostgrestClient<Database>(`${env.supabaseUrl}/rest/v1`, {
    headers: { apikey: anon, Authorization: `Bearer ${anon}` },
  });
  const asUser = (jwt: string) =>
    new PostgrestClient<Database>(`${env.supabaseUrl}/rest/v1`, { headers: { apikey: anon, Authorization: `Bearer ${jwt}` } });

  /** The signed-in administrator's address, or null: only administrators read the newsletter's settings row. */
  async function administrator(req: IncomingMessage): Promise<{ email: string; db: SenderDb } | null> {
    const jwt = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!jwt) return null;
    const db = asUser(jwt);
    const { data } = await db.from('newsletter_settings').select('id').maybeSingle();
    if (!data) return null;
    const user = await fetch(`${env.supabaseUrl}/auth/v1/user`, { headers: { apikey: anon, Authorization: `Bearer ${jwt}` } });
    const { email } = user.ok ? ((await user.json()) as { email?: string }) : {};
    return email ? { email, db } : null;
  }

  return async function route(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    const path = url.pathname;
    if (req.method === 'POST' && (path === CONFIRM_PATH || path === UNSUBSCRIBE_PATH)) {
      const token = (url.searchParams.get('jeton') ?? '').trim();
      const body = await readBody(req).catch(() => '');
      const oneClick = new URLSearchParams(body).get('List-Unsubscribe') === 'One-Click';
      const known = TOKEN_SHAPE.test(token);
      const { error } = known
        ? await asAnon.rpc(path === CONFIRM_PATH ? 'confirm_newsletter' : 'leave_newsletter', { p_token: token })
        : { error: { code: 'P0002' } };
      const outcome = !error ? 'ok' : error.code === 'P0002' ? 'inconnu' : 'erreur';
      if (outcome === 'erreur') console.error(`${path} en échec`, error);
      if (oneClick) {
        res.statusCode = outcome === 'ok' ? 200 : outcome === 'inconnu' ? 404 : 503;
        res.setHeader('Content-Type', 'text/plain; charset=utf-8');
        res.setHeader('Cache-Control', CACHE.never);
        res.end(outcome === 'ok' ? 'Désinscription enregistrée.\n' : 'Lien de désinscription inconnu.\n');
        return true;
      }
      // The token stays out of the address the page lands on (and of any log of it).
      return redirect(res, `${path}?etat=${outcome === 'ok' ? 'fait' : outcome}`);
    }

    if (path === `${NEWSLETTER_API}/brevo` && req.method === 'POST') {
      if (!server?.webhookSecret || !sameSecret(url.searchParams.get('secret') ?? '', server.webhookSecret)) return reply(res, 404, {});
      return reply(res, 200, await brevoEvents(server.db, await readBody(req)));
    }

    if (!path.startsWith(`${NEWSLETTER_API}/`)) return false;
    const admin = await administrator(req);
    if (!admin) return reply(res, 403, { error: 'Réservé aux administrateurs.' });
    const preview = () => nextEdition(admin.db, { origin: server?.sender.origin ?? '', timeZone: server?.timeZone ?? 'UTC' });

    if (path === `${NEWSLETTER_API}/apercu` && req.method === 'GET') {
      if (!server) return reply(res, 503, { error: "L'envoi n'est pas configuré sur ce serveur (voir docs/newsletter.md)." });
      const next = await preview();
      return reply(
        res,
        200,
        next
          ? {
              // As a subscriber without a country gets it (no country block markers).
              ...withCountryTop(next.edition, null, server.sender.origin),
              articles: next.articleIds.length,
              withoutPostalAddress: next.withoutPostalAddress,
            }
          : null,
      );
    }
    if (!server) return reply(res, 503, { error: "L'envoi n'est pas configuré sur ce serveur (voir docs/newsletter.md)." });
    if (path === `${NEWSLETTER_API}/test` && req.method === 'POST') {
      const next = await preview();
      const mail = next
        ? editionMail(server.sender, next.edition, admin.email, 'essai')
        : confirmationMail(
            server.sender,
            admin.email,
            'essai',
            (await admin.db.from('newsletter_settings').select('send_time').single()).data?.send_time,
          );
      await server.transport.send({ ...mail, subject: `[Essai] ${mail.subject}` });
      return reply(res, 200, { to: admin.email, edition: Boolean(next) });
    }
    if (path === `${NEWSLETTER_API}/envoyer` && req.method === 'POST') {
      const next = await nextEdition(server.db, { origin: server.sender.origin, timeZone: server.timeZone });
      if (!next) return reply(res, 200, { edition: null });
      const edition = await startEdition(server.db, `manual:${new Date().toISOString()}`, next);
      if (edition !== null && next.withoutPostalAddress) console.warn(`La Matinale, édition ${edition} : ${NO_POSTAL_ADDRESS}`);
      // Another sender (the schedule, another instance, a second click) made the edition of these articles first.
      if (edition === null) return reply(res, 409, { reason: 'slot-taken', error: 'Une autre édition vient de partir avec ces articles.' });
      // The mails go out after the answer (the scheduler would take them up too, at its next turn).
      void drainQueue(server.db, server.transport, server.sender, { waitForRate: true, timeZone: server.timeZone }).catch((e: unknown) =>
        console.error('Envoi de la newsletter en échec', e),
      );
      return reply(res, 202, { edition });
    }
    return reply(res, 404, { error: 'unknown newsletter call' });
  };
}

/** Brevo's transactional webhook events that mean « never again » for an address. */
const SUPPRESSING_EVENTS = new Set(['hard_bounce', 'spam', 'blocked', 'invalid_email']);

/**
 * Brevo posts one event (or, batched, an array): `{ event, email, 'message-id', … }`. A hard bounce or a
 * spam complaint suppresses the address; an unsubscribe through Brevo's own link is one too (the
 * address asked out). Other events (delivered, opened…) are ignored: no tracking is kept.
 */
export async function brevoEvents(db: SenderDb, body: string): Promise<{ suppressed: number }> {
  let events: unknown;
  try {
    events = JSON.parse(body);
  } catch {
    return { suppressed: 0 };
  }
  let suppressed = 0;
  for (const event of (Array.isArray(events) ? events : [events]) as { event?: string; email?: string }[]) {
    if (!event?.email || !event.event) continue;
    if (!SUPPRESSING_EVENTS.has(event.event) && event.event !== 'unsubscribed') continue;
    const { data, error } = await db.rpc('newsletter_suppress', { p_email: event.email, p_reason: event.event });
    if (error) throw new Error(`newsletter_suppress failed: ${error.message}`);
    if (data) suppressed++;
  }
  return { suppressed };
}
