import webpush from 'web-push';
import { drainClaims, must, type DrainReport, type Outcome } from '@/lib/claimQueue';
import type { SenderDb } from '@/newsletter/sender';
import { deviceKeysUsable } from './deviceKeys';
import { ADDRESS_REFUSED, type Resolve } from './address';
import { endpointAllowed } from './endpoint';
import { alertPayload } from './payload';
import { postToPushService, type PushAnswer } from './post';

/** The server's VAPID identity (docs/push.md): `npm run push:keys` makes the pair. */
export interface Vapid {
  publicKey: string;
  privateKey: string;
  /** A mailto: or https: address the push services can reach the newsroom at. */
  subject: string;
}

export interface PushSite {
  origin: string;
  /** For the worker's open count (push_alert_opened); no count when absent. */
  supabaseUrl?: string;
  anonKey?: string;
  /** Production refuses loopback push services too (config.ts); elsewhere the tests' run there. */
  production: boolean;
  /** How push services' names are resolved: the system's resolver unless a test gives its own. */
  resolve?: Resolve;
}

/** How a push service answered, as the queue records it. */
export type PushOutcome = 'sent' | 'retry' | 'failed' | 'gone';

/**
 * 201/202: accepted. 404/410: the subscription is gone (the device is deleted). 429, 5xx and no
 * answer: worth retrying. Any other refusal (400 malformed, 403 VAPID mismatch, 413 too big): failed.
 */
export function outcomeOf(status: number | null): PushOutcome {
  if (status === null || status === 429 || status >= 500) return 'retry';
  if (status >= 200 && status < 300) return 'sent';
  if (status === 404 || status === 410) return 'gone';
  return 'failed';
}

/** The same for a redirect: never followed (the endpoint is where the request goes, no further). */
const REDIRECTED = 'redirection refusée';
/** A device whose keys nothing can be encrypted for: it never receives anything, so it is deleted. */
export const UNUSABLE_KEYS = 'clés de l’appareil inutilisables';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export interface Claimed {
  id: number;
  alert_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  title: string;
  body: string;
  slug: string;
  expires_at: string;
  /** A live coverage's key event: the entry's seq, for its anchor on the live page. */
  entry_seq?: number | null;
}

/**
 * One Web Push request: the payload encrypted aes128gcm for the device's keys (RFC 8291), signed
 * with VAPID (RFC 8292), TTL until the alert expires, urgency high. web-push builds the request;
 * post.ts sends it without following redirects, to an address checked when it connects (a name
 * leading to a private address is refused: failed, no request), to http loopback too outside
 * production.
 */
export async function pushOne(claimed: Claimed, vapid: Vapid, site: PushSite): Promise<{ outcome: PushOutcome; error: string }> {
  if (!endpointAllowed(claimed.endpoint, site.production)) return { outcome: 'gone', error: 'adresse de service refusée' };
  const keys = { p256dh: claimed.p256dh, auth: claimed.auth };
  if (!deviceKeysUsable(keys)) return { outcome: 'gone', error: UNUSABLE_KEYS };
  const ttl = Math.max(60, Math.floor((Date.parse(claimed.expires_at) - Date.now()) / 1000));
  let details: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    details = webpush.generateRequestDetails({ endpoint: claimed.endpoint, keys }, JSON.stringify(alertPayload(claimed, site)), {
      vapidDetails: vapid,
      TTL: ttl,
      urgency: 'high',
      contentEncoding: 'aes128gcm',
    });
  } catch (error) {
    // The device's keys were checked above: what is left is ours (the VAPID pair, say), so the
    // device is kept and this delivery fails, saying why.
    return { outcome: 'failed', error: `chiffrement impossible : ${messageOf(error)}` };
  }
  let answer: PushAnswer;
  try {
    answer = await postToPushService(details.endpoint, details, { allowLoopback: !site.production, resolve: site.resolve });
  } catch (error) {
    // A name leading to a private address stays refused however often it is tried.
    if ((error as { code?: string }).code === ADDRESS_REFUSED) return { outcome: 'failed', error: messageOf(error) };
    return { outcome: 'retry', error: messageOf(error) };
  }
  if (answer.status >= 300 && answer.status < 400) return { outcome: 'failed', error: REDIRECTED };
  const ok = answer.status >= 200 && answer.status < 300;
  return { outcome: outcomeOf(answer.status), error: ok ? '' : `${answer.status} ${answer.text}`.trim() };
}

const REPORTED: Record<PushOutcome, Outcome> = { sent: 'sent', gone: 'failed', failed: 'failed', retry: 'retried' };

/**
 * Sends the alert deliveries due, one claim at a time (push_claim_delivery, through the claim loop
 * the newsletter shares), each recorded as soon as its push service answered. Whatever goes wrong
 * with one delivery is that delivery's failure: the loop goes on to the next (only a database
 * that cannot record an outcome stops it).
 */
export async function drainPush(
  db: SenderDb,
  vapid: Vapid,
  site: PushSite,
  options: { limit?: number; push?: typeof pushOne } = {},
): Promise<DrainReport> {
  const push = options.push ?? pushOne;
  return drainClaims(
    async () => must('push_claim_delivery', await db.rpc('push_claim_delivery'))[0],
    async (claimed) => {
      let result: Awaited<ReturnType<typeof pushOne>>;
      try {
        result = await push(claimed, vapid, site);
      } catch (thrown) {
        result = { outcome: 'failed', error: `erreur de l’envoi : ${messageOf(thrown)}` };
      }
      const { outcome, error } = result;
      must('push_finish_delivery', await db.rpc('push_finish_delivery', { p_id: claimed.id, p_outcome: outcome, p_error: error }));
      return REPORTED[outcome];
    },
    { limit: options.limit },
  );
}
