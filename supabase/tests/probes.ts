import { randomUUID } from 'node:crypto';
import { serviceClient } from '@afriqueactu/supabase-local/testing';
import { must, uid, type Fixtures } from './helpers.ts';

export const TABLES = [
  'categories',
  'articles',
  'article_images',
  'profiles',
  'user_roles',
  'page_views',
  'article_views',
  'article_view_counts',
  'article_slugs',
  'article_revisions',
  'article_corrections',
  'front_page',
  'article_drafts',
  'saved_articles',
  'contact_messages',
  'newsletter_subscribers',
  'article_withdrawals',
  'newsletter_settings',
  'newsletter_editions',
  'newsletter_deliveries',
  'wordpress_posts',
  'wordpress_redirects',
  'push_subscriptions',
  'push_settings',
  'push_alerts',
  'push_deliveries',
  'live_coverages',
  'live_entries',
  'emergency_mode',
  'emergency_mode_log',
  'daily_editions',
  'diffusion_log',
  'telegram_posts',
  'article_notes',
  'notices',
  'notice_settings',
  'rumour_reports',
  'rumour_screenshots',
  'tags',
  'article_tags',
  'tag_slugs',
  'front_page_topic',
] as const;
export type Table = (typeof TABLES)[number];
/**
 * The column a probe's target is found by: a view count is keyed by its article, an old address
 * and a front-page place are their own keys, and the one server draft a probe aims at is its owner's.
 */
const KEYS: Partial<Record<Table, string>> = {
  article_view_counts: 'article_id',
  article_slugs: 'slug',
  front_page: 'rank',
  article_drafts: 'user_id',
  saved_articles: 'user_id',
  wordpress_posts: 'wordpress_id',
  wordpress_redirects: 'path',
  live_coverages: 'article_id',
  live_entries: 'article_id',
  daily_editions: 'day',
  notice_settings: 'user_id',
  rumour_screenshots: 'report_id',
  // Each target is the one row of a tag of its own.
  article_tags: 'tag_id',
  tag_slugs: 'slug',
};
export const KEY = (table: Table) => KEYS[table] ?? 'id';
type Id = string | number;

/**
 * How the matrix probes one table: the row every cell aims at is one the caller must not own and,
 * where a row can be hidden, the sensitive one (a draft, someone else's profile or role).
 */
export interface Probe {
  row: string;
  /** Columns the select asks for: anon may read only some columns of profiles and front_page. */
  columns: string;
  /** A target row created as the service role for one cell. */
  target(): Promise<Id>;
  /** Values of a new row, unique per call. */
  values(): Record<string, unknown>;
  patch: Record<string, unknown>;
  /** Puts the target back after a cell (default: delete it). */
  reset?(id: Id): Promise<void>;
}

export interface ProbeContext {
  f: Fixtures;
  /** A signed-up user who is neither the caller nor a published author. */
  victimId: string;
  victimProfileId: string;
  /** A visible tag of the reference data, for the rows a cell tries to add. */
  tagId: string;
}

const svc = () => serviceClient();

async function insertAsService(table: Table, row: Record<string, unknown>): Promise<Id> {
  const created = must(await svc().from(table).insert(row).select(KEY(table)).single(), `service role creates a ${table} target`);
  return (created as unknown as Record<string, Id>)[KEY(table)];
}

/** A draft live article (its coverage made by the format's trigger): the coverage readers must not see. */
async function liveDraft(f: Fixtures): Promise<string> {
  const token = uid();
  const article = {
    slug: `direct-cible-${token}`,
    title: `Direct ${token}`,
    content: '<p>x</p>',
    status: 'draft',
    format: 'live',
    category_id: f.category.id,
  };
  return must(await svc().from('articles').insert(article).select('id').single(), 'service role creates a draft live article').id as string;
}
/** A day far ahead no other test uses, for one edition of « L'essentiel du jour ». */
const someDay = () =>
  `${2100 + Math.floor(Math.random() * 800)}-${String(1 + Math.floor(Math.random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(Math.random() * 28)).padStart(2, '0')}`;
const edition = (articleId: string) => ({ day: someDay(), articles: [articleId], text: 'Cible', caption: 'Cible' });
const editionDay = async (articleId: string) => (await insertAsService('daily_editions', edition(articleId))) as string;

const removeLiveDraft = async (articleId: Id) => void (await svc().from('articles').delete().eq('id', articleId));

/** A hidden tag: the one readers must not see (a target's, made per cell). */
const hiddenTag = () => insertAsService('tags', { kind: 'theme', name: `Cible ${uid()}`, slug: `cible-${uid()}`, hidden: true });
const removeTag = async (tagId: Id) => {
  await svc().from('article_tags').delete().eq('tag_id', tagId);
  await svc().from('tags').delete().eq('id', tagId);
};

export function probes({ f, victimId, victimProfileId, tagId }: ProbeContext): Record<Table, Probe> {
  return {
    categories: {
      row: 'a category',
      columns: '*',
      target: () => insertAsService('categories', { name: 'Cible', slug: `cible-${uid()}` }),
      values: () => ({ name: 'Matrice', slug: `matrice-${uid()}` }),
      patch: { name: 'Catégorie piratée' },
    },
    articles: {
      row: 'a draft article',
      columns: '*',
      target: () =>
        insertAsService('articles', {
          slug: `cible-${uid()}`,
          title: 'Brouillon cible',
          content: '<p>secret</p>',
          status: 'draft',
          category_id: f.category.id,
        }),
      values: () => ({ slug: `matrice-${uid()}`, title: 'Matrice', content: '<p>x</p>', status: 'draft', category_id: f.category.id }),
      patch: { title: 'Article piraté' },
    },
    article_images: {
      row: 'an image of a draft',
      columns: '*',
      target: () => insertAsService('article_images', { article_id: f.draft.id, image_url: `https://img.example.test/cible/${uid()}.png` }),
      values: () => ({ article_id: f.draft.id, image_url: `https://img.example.test/matrice/${uid()}.png` }),
      // What the editor describes; the file itself (image_url) is never rewritten, only replaced.
      patch: { caption: 'Légende piratée' },
    },
    profiles: {
      row: "someone else's profile",
      columns: 'id, user_id, full_name',
      target: async () => victimProfileId,
      values: () => ({ user_id: victimId, full_name: `Matrice ${uid()}` }),
      patch: { full_name: 'Profil piraté' },
      reset: async () => void (await svc().from('profiles').update({ full_name: 'Victime' }).eq('user_id', victimId)),
    },
    user_roles: {
      row: "someone else's role",
      columns: '*',
      target: async () => {
        await svc().from('user_roles').delete().eq('user_id', victimId);
        return insertAsService('user_roles', { user_id: victimId, role: 'client' });
      },
      values: () => ({ user_id: victimId, role: 'admin' }),
      patch: { role: 'admin' },
      // Also removes an admin row an allowed insert or update gave the victim.
      reset: async () => void (await svc().from('user_roles').delete().eq('user_id', victimId)),
    },
    page_views: {
      row: 'a page view',
      columns: '*',
      target: () => insertAsService('page_views', { path: `/cible/${uid()}` }),
      values: () => ({ path: `/matrice/${uid()}` }),
      patch: { path: '/pirate' },
    },
    article_views: {
      row: 'an article view',
      columns: '*',
      target: () => insertAsService('article_views', { article_id: f.published.id }),
      values: () => ({ article_id: f.published.id }),
      patch: { article_id: f.draft.id },
    },
    article_view_counts: {
      row: "an article's view count",
      columns: '*',
      target: () => insertAsService('article_view_counts', { article_id: f.draft.id, view_count: 5 }),
      values: () => ({ article_id: f.published.id, view_count: 1 }),
      patch: { view_count: 999_999 },
    },
    article_slugs: {
      // Written by the trigger when a public article's slug changes; the draft may have been
      // public then. The service role stands in for the trigger.
      row: 'an old address of a draft',
      columns: '*',
      target: () => insertAsService('article_slugs', { slug: `ancienne-${uid()}`, article_id: f.draft.id }),
      values: () => ({ slug: `matrice-${uid()}`, article_id: f.published.id }),
      patch: { article_id: f.published.id },
    },
    article_revisions: {
      row: 'a revision of a draft',
      columns: '*',
      target: () =>
        insertAsService('article_revisions', {
          article_id: f.draft.id,
          version: 1,
          title: 'Révision cible',
          slug: f.draft.slug,
          content: '<p>secret</p>',
          status: 'draft',
        }),
      values: () => ({
        article_id: f.published.id,
        version: 1,
        title: `Matrice ${uid()}`,
        slug: f.published.slug,
        content: '<p>x</p>',
        status: 'published',
      }),
      patch: { title: 'Révision piratée' },
    },
    article_corrections: {
      // A correction stays when its article goes back to draft: it must then be hidden with it.
      row: 'a correction of a draft',
      // Visitors read a correction, not who wrote it (attacks-signed-in-readers.int.test.ts).
      columns: 'id, article_id, note, corrected_at',
      target: () => insertAsService('article_corrections', { article_id: f.draft.id, note: 'Correction cible' }),
      // On the published article: the one a correction may be added to.
      values: () => ({ article_id: f.published.id, note: `Matrice ${uid()}` }),
      patch: { note: 'Correction piratée' },
    },
    front_page: {
      // Readers see the pins of public articles only: a pinned draft must not show what is coming.
      row: 'the front-page place of a draft',
      // Visitors may read the order, not which administrator pinned (front-page.int.test.ts).
      columns: 'rank, article_id',
      target: () => insertAsService('front_page', { rank: 4, article_id: f.draft.id }),
      values: () => ({ rank: 3, article_id: f.published.id }),
      patch: { article_id: f.published.id },
    },
    article_drafts: {
      // What someone else was writing and has not saved: nobody else's to read, not even an admin's.
      row: "someone else's unsaved draft",
      columns: '*',
      target: () =>
        insertAsService('article_drafts', { article_id: f.draft.id, user_id: victimId, base_version: 1, data: { title: 'Texte secret' } }),
      values: () => ({ article_id: f.draft.id, base_version: 1 + Math.floor(Math.random() * 1e6), data: { title: 'Matrice' } }),
      patch: { base_version: 999 },
    },
    saved_articles: {
      // A reader's reading list: theirs alone, whoever asks (administrators included).
      row: "someone else's saved article",
      columns: '*',
      target: () => insertAsService('saved_articles', { user_id: victimId, article_id: f.published.id }),
      // Only a public article may be saved; the owner comes from the session.
      values: () => ({ article_id: f.published.id }),
      patch: { saved_at: '2000-01-01T00:00:00+00:00' },
    },
    rumour_reports: {
      // A reader's tip (« Signaler une rumeur »): sent through report_rumour, read and worked by the newsroom.
      row: "a reader's rumour report",
      columns: '*',
      target: () => insertAsService('rumour_reports', { body: 'Rumeur secrète' }),
      values: () => ({ body: `Rumeur ${uid()}` }),
      patch: { status: 'checking' },
    },
    rumour_screenshots: {
      // Its screenshot: private, read by the newsroom only.
      row: "a rumour report's screenshot",
      columns: 'report_id, content_type',
      target: async () => {
        const report = await insertAsService('rumour_reports', { body: 'Rumeur avec capture' });
        return insertAsService('rumour_screenshots', { report_id: report, content_type: 'image/png', image: '\\x89504e47' });
      },
      values: () => ({ report_id: randomUUID(), content_type: 'image/png', image: '\\x89504e47' }),
      patch: { content_type: 'image/jpeg' },
    },
    contact_messages: {
      // What a reader wrote to the newsroom: sent through send_contact_message, read by administrators.
      row: "a reader's message",
      columns: '*',
      target: () => insertAsService('contact_messages', { name: 'Cible', email: 'cible@example.test', message: 'Message secret' }),
      values: () => ({ name: 'Matrice', email: 'matrice@example.test', message: `Message ${uid()}` }),
      patch: { handled: true },
    },
    newsletter_subscribers: {
      // A reader's address and unsubscribe token: signed up through subscribe_newsletter only.
      row: 'a newsletter subscriber',
      columns: '*',
      target: () => insertAsService('newsletter_subscribers', { email: `cible-${uid()}@example.test` }),
      values: () => ({ email: `matrice-${uid()}@example.test` }),
      patch: { email: 'pirate@example.test' },
    },
    article_withdrawals: {
      // Written by the record_withdrawal trigger only; readers may learn which ids left the site.
      row: 'a withdrawal notice',
      columns: '*',
      target: () => insertAsService('article_withdrawals', { article_id: f.draft.id }),
      values: () => ({ article_id: f.published.id, withdrawn_at: new Date(Date.now() - Math.floor(Math.random() * 1e9)).toISOString() }),
      patch: { article_id: f.published.id },
    },
    newsletter_settings: {
      // The one row (id true): its postal address is put back after each cell.
      row: 'the newsletter settings',
      columns: '*',
      target: async () => true as unknown as Id,
      values: () => ({ postal_address: `Matrice ${uid()}` }),
      patch: { postal_address: 'BP 1234, Dakar' },
      reset: async () => void (await svc().from('newsletter_settings').update({ postal_address: '' }).eq('id', true)),
    },
    newsletter_editions: {
      row: 'an edition',
      columns: '*',
      target: () =>
        insertAsService('newsletter_editions', {
          slot: `matrice:${uid()}`,
          subject: 'Cible',
          html: '<p>Cible</p>',
          text: 'Cible',
          since: '2026-01-01T00:00:00Z',
          until: '2026-01-02T00:00:00Z',
        }),
      values: () => ({
        slot: `matrice:${uid()}`,
        subject: 'Matrice',
        html: '<p>x</p>',
        text: 'x',
        since: '2026-01-01T00:00:00Z',
        until: '2026-01-02T00:00:00Z',
      }),
      patch: { subject: 'Piratée' },
    },
    newsletter_deliveries: {
      // A subscriber's confirmation mail in the log.
      row: 'a delivery',
      columns: '*',
      target: async () => {
        const email = `cible-${uid()}@example.test`;
        const subscriber = await insertAsService('newsletter_subscribers', { email });
        return insertAsService('newsletter_deliveries', { kind: 'confirmation', subscriber_id: subscriber, email });
      },
      values: () => ({ kind: 'confirmation', subscriber_id: f.published.id, email: `matrice-${uid()}@example.test` }),
      patch: { status: 'sent' },
    },
    wordpress_posts: {
      // The importer's record of which WordPress post a draft was (service role only).
      row: "a draft's WordPress id",
      columns: '*',
      target: () => insertAsService('wordpress_posts', { wordpress_id: wordpressId(), article_id: f.draft.id, digest: 'cible' }),
      values: () => ({ wordpress_id: wordpressId(), article_id: f.published.id, digest: 'matrice' }),
      patch: { digest: 'pirate' },
    },
    wordpress_redirects: {
      // An old WordPress address of a draft: read only through wordpress_redirect(), one exact path.
      row: 'an old WordPress address of a draft',
      columns: '*',
      target: () => insertAsService('wordpress_redirects', { path: `/2019/03/05/cible-${uid()}/`, article_id: f.draft.id }),
      values: () => ({ path: `/matrice-${uid()}/`, article_id: f.published.id }),
      patch: { article_id: f.published.id },
    },
    push_subscriptions: {
      // A reader's device: written and deleted through push_subscribe / push_unsubscribe only, read by nobody.
      row: "someone's push device",
      columns: '*',
      target: () => insertAsService('push_subscriptions', pushDevice('cible')),
      values: () => pushDevice('matrice'),
      patch: { categories: [f.category.id] },
    },
    front_page_topic: {
      // The one row (id true): the country or topic « La une » shows as a strip; none again after each cell.
      row: "the front page's topic strip",
      columns: '*',
      target: async () => true as unknown as Id,
      values: () => ({ tag_id: tagId }),
      patch: { tag_id: tagId },
      reset: async () => void (await svc().from('front_page_topic').update({ tag_id: null }).eq('id', true)),
    },
    emergency_mode: {
      // The one row (id true): « Infos pratiques » is put back after each cell (the switch is never touched).
      row: 'the emergency mode',
      columns: '*',
      target: async () => true as unknown as Id,
      values: () => ({ practical_info: `Matrice ${uid()}` }),
      patch: { practical_info: 'Pharmacie de garde : 33 800 00 00' },
      reset: async () => void (await svc().from('emergency_mode').update({ practical_info: '' }).eq('id', true)),
    },
    emergency_mode_log: {
      // A line of the log as the switch's trigger writes it.
      row: 'a line of the emergency log',
      columns: '*',
      target: () => insertAsService('emergency_mode_log', { event: 'settings', is_on: false }),
      values: () => ({ event: 'settings', is_on: false }),
      patch: { event: 'on' },
    },
    push_settings: {
      // The one row (id true): its cap is put back after each cell.
      row: 'the push settings',
      columns: '*',
      target: async () => true as unknown as Id,
      values: () => ({ daily_cap: 5 }),
      patch: { daily_cap: 7 },
      reset: async () => void (await svc().from('push_settings').update({ daily_cap: 3 }).eq('id', true)),
    },
    push_alerts: {
      // Nobody's proposal (no author): administrators read it, journalists only their own.
      row: 'an alert',
      columns: '*',
      target: () => insertAsService('push_alerts', { article_id: f.published.id, title: 'Cible', body: 'Cible', status: 'proposed' }),
      values: () => ({ article_id: f.published.id, title: 'Matrice', body: `Matrice ${uid()}`, status: 'proposed' }),
      patch: { title: 'Piratée' },
    },
    push_deliveries: {
      row: 'a push delivery',
      columns: '*',
      target: async () => {
        const alert = await insertAsService('push_alerts', {
          article_id: f.published.id,
          title: 'Cible',
          body: 'Cible',
          status: 'proposed',
        });
        return insertAsService('push_deliveries', { alert_id: alert });
      },
      values: () => ({ alert_id: 1, status: 'sent' }),
      patch: { status: 'sent' },
    },
    live_coverages: {
      // A draft live article's coverage: read by the newsroom, changed through the live_* functions only.
      row: "a draft's live coverage",
      columns: '*',
      target: () => liveDraft(f),
      values: () => ({ article_id: f.published.id }),
      patch: { state: 'closed', ended_at: new Date().toISOString() },
      reset: removeLiveDraft,
    },
    live_entries: {
      // An entry of a draft live coverage: posted, changed and deleted through the live_* functions only.
      row: "an entry of a draft's live coverage",
      columns: '*',
      target: async () => {
        const articleId = await liveDraft(f);
        await insertAsService('live_entries', { id: randomUUID(), article_id: articleId, seq: 1, revision: 1, body: 'Cible' });
        return articleId;
      },
      values: () => ({ id: randomUUID(), article_id: f.published.id, seq: 1, revision: 1, body: 'Matrice' }),
      patch: { body: 'Piratée' },
      reset: removeLiveDraft,
    },
    // « L'essentiel du jour »: readers read what was published; only the server (service role) writes.
    daily_editions: {
      row: "a day's edition",
      columns: '*',
      target: () => editionDay(f.published.id),
      values: () => edition(f.published.id),
      patch: { text: 'Piratée' },
    },
    // The log and the Telegram queue: administrators read; written by the functions alone.
    diffusion_log: {
      row: 'a diffusion log entry',
      columns: '*',
      target: async () => insertAsService('diffusion_log', { day: await editionDay(f.published.id), event: 'made' }),
      values: () => ({ day: '2099-01-01', event: 'whatsapp_published', detail: `Matrice ${uid()}` }),
      patch: { detail: 'Piratée' },
    },
    telegram_posts: {
      row: 'a telegram post',
      columns: '*',
      target: async () => insertAsService('telegram_posts', { day: await editionDay(f.published.id), kind: 'send' }),
      values: () => ({ day: '2099-01-01', kind: 'edit', error: `Matrice ${uid()}` }),
      patch: { status: 'sent' },
    },
    article_notes: {
      // The history of a draft's review: written by the status change's trigger alone.
      row: "a note of a draft's review",
      columns: '*',
      target: () =>
        insertAsService('article_notes', { article_id: f.draft.id, from_status: 'review', to_status: 'draft', note: 'Note cible' }),
      values: () => ({ article_id: f.draft.id, to_status: 'published', note: `Matrice ${uid()}` }),
      patch: { note: 'Note piratée' },
    },
    tags: {
      // A hidden tag: the newsroom's to see, the administrators' to change.
      row: 'a hidden tag',
      columns: '*',
      target: hiddenTag,
      values: () => ({ kind: 'theme', name: `Matrice ${uid()}`, slug: `matrice-${uid()}` }),
      patch: { name: 'Étiquette piratée' },
      reset: removeTag,
    },
    article_tags: {
      // A draft's tag: read with the draft, added and removed by whoever may edit it.
      row: "a draft's tag",
      columns: '*',
      target: async () => {
        const tag = await hiddenTag();
        await insertAsService('article_tags', { article_id: f.draft.id, tag_id: tag });
        return tag;
      },
      values: () => ({ article_id: f.draft.id, tag_id: tagId }),
      patch: { tag_id: tagId },
      reset: removeTag,
    },
    tag_slugs: {
      // An old address of a hidden tag: written by merge_tags alone.
      row: 'an old address of a hidden tag',
      columns: '*',
      target: async () => {
        const tag = await hiddenTag();
        return insertAsService('tag_slugs', { slug: `ancienne-${uid()}`, tag_id: tag });
      },
      values: () => ({ slug: `matrice-${uid()}`, tag_id: tagId }),
      patch: { tag_id: tagId },
      reset: async (slug) => {
        const row = await svc().from('tag_slugs').select('tag_id').eq('slug', slug).maybeSingle();
        if (row.data) await removeTag(row.data.tag_id as string);
      },
    },
    notices: {
      // Someone else's notice: read by them and administrators, marked seen by them alone, made by the trigger.
      row: "someone else's notice",
      columns: '*',
      target: async () => {
        const note = await insertAsService('article_notes', { article_id: f.draft.id, from_status: 'review', to_status: 'draft' });
        return insertAsService('notices', { recipient_id: victimId, article_id: f.draft.id, note_id: note, kind: 'sent_back' });
      },
      values: () => ({ recipient_id: victimId, article_id: f.draft.id, note_id: 1, kind: 'published' }),
      patch: { read_at: '2000-01-01T00:00:00+00:00' },
    },
    notice_settings: {
      // Someone else's choice of notices: theirs alone, whoever asks.
      row: "someone else's notice settings",
      columns: '*',
      target: async () => {
        await svc().from('notice_settings').delete().eq('user_id', victimId);
        return insertAsService('notice_settings', { user_id: victimId, in_app: ['published'] });
      },
      values: () => ({ user_id: victimId, in_app: [] }),
      patch: { by_email: [] },
    },
  };
}

/** A WordPress post id no other probe uses. */
const wordpressId = () => 1 + Math.floor(Math.random() * 1e12);
/** A push subscription's columns, with keys of the right shape (unique endpoint). */
const pushDevice = (who: string) => ({
  endpoint: `https://fcm.googleapis.com/fcm/send/${who}-${uid()}`,
  p256dh: `B${'A'.repeat(86)}`,
  auth: 'A'.repeat(22),
});

/** The target as the service role sees it (null once deleted). */
export async function readBack(table: Table, id: Id): Promise<Record<string, unknown> | null> {
  const { data, error } = await svc().from(table).select('*').eq(KEY(table), id).maybeSingle();
  if (error) throw new Error(`service role reads back ${table}: ${error.message}`);
  return data;
}

/** The values a row is matched by: the scalar ones (a jsonb value is no filter). */
const scalars = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v === null || typeof v !== 'object')) as Record<string, string>;

export async function countMatching(table: Table, values: Record<string, unknown>): Promise<number> {
  const { count, error } = await svc().from(table).select('*', { count: 'exact', head: true }).match(scalars(values));
  if (error) throw new Error(`service role counts ${table}: ${error.message}`);
  return count ?? 0;
}

export async function deleteTarget(table: Table, id: Id): Promise<void> {
  await svc().from(table).delete().eq(KEY(table), id);
}

export async function deleteMatching(table: Table, values: Record<string, unknown>): Promise<void> {
  await svc().from(table).delete().match(scalars(values));
}
