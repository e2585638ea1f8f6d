import { PostgrestClient } from '@supabase/postgrest-js';
import type { Database } from '@/lib/database';
import { onlyPublic } from '@/lib/articleVisibility';
import { buildEdition, editionDay, type Edition, type EditionArticle } from './edition';
import { confirmationMail, editionMail, type Sender } from './mails';
import { newToken } from './tokens';
import { SendError, type MailTransport } from './transport';
import { addReports, drainClaims, must, type DrainReport, type Outcome } from '@/lib/claimQueue';

/** The database as the sender reaches it: PostgREST with the service role key (the claim functions are its alone). */
export type SenderDb = PostgrestClient<Database>;

export function senderDb(supabaseUrl: string, serviceRoleKey: string): SenderDb {
  return new PostgrestClient<Database>(`${supabaseUrl}/rest/v1`, {
    headers: { apikey: serviceRoleKey, Authorization: `Bearer ${serviceRoleKey}` },
  });
}

/** A single row's data, or the error thrown. */
const one = <T>(what: string, result: { data: T; error: unknown }): NonNullable<T> => {
  if (result.error || result.data == null) throw new Error(`${what} failed: ${JSON.stringify(result.error)}`);
  return result.data;
};

export type { DrainReport };

/**
 * Sends the mails due, one claim at a time (newsletter_claim_delivery, through the shared claim
 * loop of src/lib/claimQueue.ts), each recorded as soon as the transport answered. Stops when
 * nothing is due (or `limit` mails were tried). When the per-minute rate holds the queue, waits
 * for the next minute if `waitForRate`.
 */
export async function drainQueue(
  db: SenderDb,
  transport: MailTransport,
  sender: Sender,
  options: { limit?: number; waitForRate?: boolean } = {},
): Promise<DrainReport> {
  const editions = new Map<number, Pick<Edition, 'subject' | 'html' | 'text'>>();
  const finish = async (id: number, outcome: 'sent' | 'retry' | 'failed', providerId: string, error: string) =>
    must(
      'newsletter_finish_delivery',
      await db.rpc('newsletter_finish_delivery', { p_id: id, p_outcome: outcome, p_provider_id: providerId, p_error: error }),
    );
  const claim = async () => {
    const { token, hash } = newToken();
    const [claimed] = must('newsletter_claim_delivery', await db.rpc('newsletter_claim_delivery', { p_token_hash: hash }));
    return claimed && { ...claimed, token };
  };
  const deliver = async (claimed: NonNullable<Awaited<ReturnType<typeof claim>>>): Promise<Outcome> => {
    let mail;
    if (claimed.kind === 'confirmation') {
      mail = confirmationMail(sender, claimed.email, claimed.token);
    } else {
      let edition = editions.get(claimed.edition_id!);
      if (!edition) {
        edition = one('edition', await db.from('newsletter_editions').select('subject, html, text').eq('id', claimed.edition_id!).single());
        editions.set(claimed.edition_id!, edition);
      }
      mail = editionMail(sender, edition, claimed.email, claimed.token);
    }
    try {
      const { providerId } = await transport.send(mail);
      await finish(claimed.id, 'sent', providerId, '');
      return 'sent';
    } catch (error) {
      const permanent = error instanceof SendError && error.permanent;
      await finish(claimed.id, permanent ? 'failed' : 'retry', '', error instanceof Error ? error.message : String(error));
      return permanent ? 'failed' : 'retried';
    }
  };
  const waitForRate = async () => {
    if (!options.waitForRate || (await dueCount(db)) === 0) return false;
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    return true;
  };
  return drainClaims(claim, deliver, { limit: options.limit, waitWhenEmpty: waitForRate });
}

async function dueCount(db: SenderDb): Promise<number> {
  const { count, error } = await db
    .from('newsletter_deliveries')
    .select('id', { count: 'exact', head: true })
    .eq('status', 'queued')
    .lte('next_attempt_at', new Date().toISOString());
  if (error) throw new Error(`queued deliveries failed: ${JSON.stringify(error)}`);
  return count ?? 0;
}

const ARTICLE_COLUMNS = 'id, slug, title, excerpt, content, key_points, published_at, image_url';

/**
 * The articles published since the last edition (or the last 24 hours) up to `until`: those on the
 * front page first, in its order (its first is the lead), then the others newest first.
 */
export async function articlesSince(db: SenderDb, since: Date, until: Date): Promise<(EditionArticle & { id: string })[]> {
  const articles = must(
    'articles',
    await onlyPublic(db.from('articles').select(ARTICLE_COLUMNS).gt('published_at', since.toISOString()), undefined, until)
      .order('published_at', { ascending: false })
      .limit(200),
  ) as (EditionArticle & { id: string })[];
  const ranks = new Map(must('front_page', await db.from('front_page').select('article_id, rank')).map((r) => [r.article_id, r.rank]));
  const rank = (a: { id: string }) => ranks.get(a.id) ?? Infinity;
  return articles.sort((a, b) => rank(a) - rank(b) || b.published_at.localeCompare(a.published_at));
}

export interface NextEdition {
  edition: Edition;
  articleIds: string[];
  since: Date;
  until: Date;
}

/** The edition that would go out now: the articles since the last one, or null when there is none. */
export async function nextEdition(db: SenderDb, options: { origin: string; timeZone: string; now?: Date }): Promise<NextEdition | null> {
  const until = options.now ?? new Date();
  const last = must('last edition', await db.from('newsletter_editions').select('until').order('until', { ascending: false }).limit(1))[0];
  const since = last ? new Date(last.until) : new Date(until.getTime() - 24 * 3600_000);
  const settings = one('newsletter_settings', await db.from('newsletter_settings').select('postal_address, include_lead_image').single());
  const articles = await articlesSince(db, since, until);
  const edition = buildEdition(articles, {
    origin: options.origin,
    date: until,
    timeZone: options.timeZone,
    postalAddress: settings.postal_address,
    leadImage: settings.include_lead_image,
  });
  if (!edition) return null;
  const bySlug = new Map(articles.map((a) => [a.slug, a.id]));
  return { edition, articleIds: edition.slugs.map((s) => bySlug.get(s)!), since, until };
}

/** Stores an edition and queues it for every confirmed subscriber; null when `slot` already has one. */
export async function startEdition(db: SenderDb, slot: string, next: NextEdition): Promise<number | null> {
  return (
    must(
      'newsletter_start_edition',
      await db.rpc('newsletter_start_edition', {
        p_slot: slot,
        p_subject: next.edition.subject,
        p_html: next.edition.html,
        p_text: next.edition.text,
        p_articles: next.articleIds,
        p_since: next.since.toISOString(),
        p_until: next.until.toISOString(),
      }),
    ) ?? null
  );
}

export interface SendReport extends DrainReport {
  /** The edition started by this run, if any. */
  edition: number | null;
  /** Why no edition was started. */
  reason?: 'no-articles' | 'slot-taken';
}

/**
 * `npm run newsletter:send`, « Envoyer maintenant » and the daily schedule: first the mails still
 * due (an edition a crashed run left half-sent goes on where it stopped: its rows are there), then a
 * new edition of the articles since the last one, if any, sent to every confirmed subscriber once.
 * Running it again right after sends nothing: no article is newer than the edition just made.
 */
export async function sendNewsletter(
  db: SenderDb,
  transport: MailTransport,
  sender: Sender,
  options: { timeZone: string; slot?: string; now?: Date; waitForRate?: boolean },
): Promise<SendReport> {
  const drain = { waitForRate: options.waitForRate ?? true };
  const before = await drainQueue(db, transport, sender, drain);
  const next = await nextEdition(db, { origin: sender.origin, timeZone: options.timeZone, now: options.now });
  if (!next) return { ...before, edition: null, reason: 'no-articles' };
  const now = options.now ?? new Date();
  const edition = await startEdition(db, options.slot ?? `manual:${now.toISOString()}`, next);
  if (edition === null) return { ...before, edition: null, reason: 'slot-taken' };
  return { ...addReports(before, await drainQueue(db, transport, sender, drain)), edition };
}

/** The daily slot of a day in the newsroom's zone: one edition per slot, whichever instance makes it. */
export const dailySlot = (now: Date, timeZone: string) => `daily:${editionDay(now, timeZone).iso}`;
