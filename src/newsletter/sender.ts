import { PostgrestClient } from '@supabase/postgrest-js';
import type { Database } from '@/lib/database';
import { onlyPublic } from '@/lib/articleVisibility';
import { DEFAULT_TIME_ZONE } from '@/lib/siteEnv';
import { buildEdition, editionDay, type Edition, type EditionArticle } from './edition';
import { withCountryTop, type CountryTop, type EditionBody } from './countryTop';
import { confirmationMail, editionMail, type Sender } from './mails';
import { lacksPostalAddress, NO_POSTAL_ADDRESS } from './postalAddress';
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

const ARTICLE_COLUMNS = 'id, slug, title, excerpt, content, key_points, published_at, image_url';

/** An edition checked this long ago is checked again before its next mail (a retraction reaches the rest of the batch). */
const EDITION_CHECK_MS = 10_000;

/**
 * Sends the mails due, one claim at a time (newsletter_claim_delivery, through the shared claim
 * loop of src/lib/claimQueue.ts), each recorded as soon as the transport answered. Stops when
 * nothing is due (or `limit` mails were tried). When the per-minute rate holds the queue, waits
 * for the next minute if `waitForRate`. Each edition is re-checked before its next mail goes
 * (currentEdition): an article retracted since it was made leaves the mails still queued.
 * `timeZone` dates an edition rebuilt that way (the newsroom's, VITE_NEWSROOM_TIME_ZONE).
 */
export async function drainQueue(
  db: SenderDb,
  transport: MailTransport,
  sender: Sender,
  options: { limit?: number; waitForRate?: boolean; timeZone?: string } = {},
): Promise<DrainReport> {
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  // The send time the confirmation promises, read once a run (the default if it cannot be read).
  let sendTime: Promise<string | null> | undefined;
  const promisedTime = () =>
    (sendTime ??= Promise.resolve(db.from('newsletter_settings').select('send_time').single()).then(({ data }) => data?.send_time ?? null));
  const editions = new Map<number, { body: EditionBody | null; checkedAt: number }>();
  const edition = async (id: number) => {
    let checked = editions.get(id);
    if (!checked || Date.now() - checked.checkedAt > EDITION_CHECK_MS) {
      checked = { body: await currentEdition(db, id, { origin: sender.origin, timeZone }), checkedAt: Date.now() };
      editions.set(id, checked);
    }
    return checked.body;
  };
  // Each edition as a country's subscribers get it (their « Ma Matinale » block on top), made once
  // per country and edition, checked again as the edition is; '' for the subscribers without one.
  const variants = new Map<string, { body: EditionBody | null; checkedAt: number }>();
  const editionFor = async (id: number, countryId: string) => {
    const key = `${id}:${countryId}`;
    let made = variants.get(key);
    if (!made || Date.now() - made.checkedAt > EDITION_CHECK_MS) {
      const body = await edition(id);
      const top = body && countryId ? await countryTop(db, id, countryId) : null;
      made = { body: body && withCountryTop(body, top, sender.origin), checkedAt: Date.now() };
      variants.set(key, made);
    }
    return made.body;
  };
  const finish = async (id: number, outcome: 'sent' | 'retry' | 'failed', providerId: string, error: string) =>
    recordOutcome(db, { p_id: id, p_outcome: outcome, p_provider_id: providerId, p_error: error });
  const claim = async () => {
    const { token, hash } = newToken();
    const [claimed] = must('newsletter_claim_delivery', await db.rpc('newsletter_claim_delivery', { p_token_hash: hash }));
    return claimed && { ...claimed, token };
  };
  const deliver = async (claimed: NonNullable<Awaited<ReturnType<typeof claim>>>): Promise<Outcome> => {
    let mail;
    if (claimed.kind === 'confirmation') {
      mail = confirmationMail(sender, claimed.email, claimed.token, await promisedTime());
    } else {
      const body = await editionFor(claimed.edition_id!, await subscriberCountry(db, claimed.id));
      if (!body) {
        await finish(claimed.id, 'failed', '', RETRACTED);
        return 'failed';
      }
      mail = editionMail(sender, body, claimed.email, claimed.token);
    }
    let providerId: string;
    try {
      ({ providerId } = await transport.send({ ...mail, key: claimed.message_key ?? undefined }));
    } catch (error) {
      const permanent = error instanceof SendError && error.permanent;
      await finish(claimed.id, permanent ? 'failed' : 'retry', '', error instanceof Error ? error.message : String(error));
      return permanent ? 'failed' : 'retried';
    }
    await finish(claimed.id, 'sent', providerId, '');
    return 'sent';
  };
  const waitForRate = async () => {
    if (!options.waitForRate || (await dueCount(db)) === 0) return false;
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    return true;
  };
  return drainClaims(claim, deliver, { limit: options.limit, waitWhenEmpty: waitForRate });
}

/** The « Ma Matinale » country of a delivery's subscriber ('' for none). */
async function subscriberCountry(db: SenderDb, deliveryId: number): Promise<string> {
  const delivery = one(
    'delivery subscriber',
    await db.from('newsletter_deliveries').select('newsletter_subscribers(country_tag_id)').eq('id', deliveryId).single(),
  );
  return delivery.newsletter_subscribers?.country_tag_id ?? '';
}

/**
 * A country's top story for an edition: its newest public article of the edition's window (as
 * articlesSince selects them), with the country's name; null when it has none, or the country is hidden.
 */
export async function countryTop(db: SenderDb, editionId: number, countryId: string): Promise<CountryTop | null> {
  const window = one('edition window', await db.from('newsletter_editions').select('since, until').eq('id', editionId).single());
  const country = must<{ name: string } | null>(
    'country',
    await db.from('tags').select('name').eq('id', countryId).eq('kind', 'pays').eq('hidden', false).maybeSingle(),
  );
  if (!country) return null;
  const [article] = must(
    'country article',
    await onlyPublic(
      db
        .from('articles')
        .select(`${ARTICLE_COLUMNS}, article_tags!inner(tag_id)`)
        .eq('article_tags.tag_id', countryId)
        .gt('published_at', window.since),
      undefined,
      new Date(window.until),
    )
      .order('published_at', { ascending: false })
      .limit(1),
  ) as (EditionArticle & { article_tags?: unknown })[];
  if (!article) return null;
  const { article_tags: _tags, ...top } = article;
  return { name: country.name, article: top };
}

/** Why an edition's remaining mails did not go: every article it carried was retracted. */
const RETRACTED = 'articles retirés avant l’envoi';

/** How long a sent mail's record is retried when the database does not answer: it went, so it must not be sent again. */
const RECORD_TRIES_MS = [1_000, 3_000, 10_000, 30_000];

/**
 * Records what became of a mail. A database that fails here (restarting, unreachable) is asked again
 * for about 45 s: the sender knows the outcome, and a claim left 'sending' is sent again after 5
 * minutes (with the same Message-ID and idempotency key, but not every mailbox drops a repeat).
 */
async function recordOutcome(db: SenderDb, args: { p_id: number; p_outcome: string; p_provider_id: string; p_error: string }) {
  for (const wait of [...RECORD_TRIES_MS, null]) {
    const result = await db.rpc('newsletter_finish_delivery', args).then(
      (r) => r,
      (error: unknown) => ({ data: null, error, status: 0 }),
    );
    const unreachable = result.status === 0 || result.status >= 500;
    if (!result.error || !unreachable || wait === null) return must('newsletter_finish_delivery', result);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/**
 * An edition as its next mail should carry it: as stored while every article in it is still public;
 * rebuilt from those still public (and stored so) when one was retracted since; null, its queued
 * mails dropped, when none is left.
 */
export async function currentEdition(db: SenderDb, id: number, options: { origin: string; timeZone: string }): Promise<EditionBody | null> {
  const stored = one('edition', await db.from('newsletter_editions').select('subject, html, text, articles, until').eq('id', id).single());
  if (!stored.articles.length) return stored;
  const stillPublic = must('edition articles', await onlyPublic(db.from('articles').select('id').in('id', stored.articles)));
  if (stillPublic.length === stored.articles.length) return stored;
  const articles = must(
    'edition articles',
    await onlyPublic(db.from('articles').select(ARTICLE_COLUMNS).in('id', stored.articles)),
  ) as (EditionArticle & { id: string })[];
  const order = new Map(stored.articles.map((articleId, i) => [articleId, i]));
  articles.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  const edition = (await editionOf(db, articles, { ...options, date: new Date(stored.until) }))?.edition;
  if (!edition) {
    must(
      'retracted edition',
      await db.from('newsletter_deliveries').update({ status: 'suppressed', error: RETRACTED }).eq('edition_id', id).eq('status', 'queued'),
    );
    return null;
  }
  const bySlug = new Map(articles.map((a) => [a.slug, a.id]));
  const body = { subject: edition.subject, html: edition.html, text: edition.text };
  must(
    'rebuilt edition',
    await db
      .from('newsletter_editions')
      .update({ ...body, articles: edition.slugs.map((s) => bySlug.get(s)!) })
      .eq('id', id),
  );
  return body;
}

/** « La Matinale » of these articles, dated `date`, with the newsroom's settings (postal address, lead image); null without articles. */
async function editionOf(db: SenderDb, articles: EditionArticle[], options: { origin: string; timeZone: string; date: Date }) {
  if (!articles.length) return null;
  const settings = one('newsletter_settings', await db.from('newsletter_settings').select('postal_address, include_lead_image').single());
  // The mirror's address, when the newsroom set one (« Mode urgence »): readers keep it for the day the site is cut.
  const notice = await db.rpc('emergency_notice');
  if (notice.error) console.error("La Matinale goes without the mirror's address", notice.error);
  const edition = buildEdition(articles, {
    origin: options.origin,
    date: options.date,
    timeZone: options.timeZone,
    postalAddress: settings.postal_address,
    leadImage: settings.include_lead_image,
    mirrorUrl: notice.data?.[0]?.mirror_url || undefined,
  });
  return edition && { edition, withoutPostalAddress: lacksPostalAddress(settings.postal_address) };
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
  /** The settings hold no postal address: the edition goes without one (NO_POSTAL_ADDRESS says so). */
  withoutPostalAddress: boolean;
  articleIds: string[];
  since: Date;
  until: Date;
}

/** The edition that would go out now: the articles since the last one, or null when there is none. */
export async function nextEdition(db: SenderDb, options: { origin: string; timeZone: string; now?: Date }): Promise<NextEdition | null> {
  const until = options.now ?? new Date();
  const last = must('last edition', await db.from('newsletter_editions').select('until').order('until', { ascending: false }).limit(1))[0];
  const since = last ? new Date(last.until) : new Date(until.getTime() - 24 * 3600_000);
  const articles = await articlesSince(db, since, until);
  const made = await editionOf(db, articles, { ...options, date: until });
  if (!made) return null;
  const { edition, withoutPostalAddress } = made;
  const bySlug = new Map(articles.map((a) => [a.slug, a.id]));
  return { edition, withoutPostalAddress, articleIds: edition.slugs.map((s) => bySlug.get(s)!), since, until };
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
  /** The edition started went without the sender's postal address (NO_POSTAL_ADDRESS). */
  withoutPostalAddress?: true;
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
  const drain = { waitForRate: options.waitForRate ?? true, timeZone: options.timeZone };
  const before = await drainQueue(db, transport, sender, drain);
  const next = await nextEdition(db, { origin: sender.origin, timeZone: options.timeZone, now: options.now });
  if (!next) return { ...before, edition: null, reason: 'no-articles' };
  const now = options.now ?? new Date();
  const edition = await startEdition(db, options.slot ?? `manual:${now.toISOString()}`, next);
  if (edition === null) return { ...before, edition: null, reason: 'slot-taken' };
  if (next.withoutPostalAddress) console.warn(`La Matinale, édition ${edition} : ${NO_POSTAL_ADDRESS}`);
  return {
    ...addReports(before, await drainQueue(db, transport, sender, drain)),
    edition,
    ...(next.withoutPostalAddress && { withoutPostalAddress: true as const }),
  };
}

/** The daily slot of a day in the newsroom's zone: one edition per slot, whichever instance makes it. */
export const dailySlot = (now: Date, timeZone: string) => `daily:${editionDay(now, timeZone).iso}`;
