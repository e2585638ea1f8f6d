import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient, signedUpClient } from '@afriqueactu/supabase-local/testing';
import { createFixtures, expectDenied, must, removeFixtures, sessions, type Fixtures, type Role, type Session } from './helpers.ts';
import { countMatching, deleteMatching, deleteTarget, KEY, probes, readBack, TABLES, type Probe, type Table } from './probes.ts';

/**
 * What each caller may do to each table of schema public, through the REST API.
 *   A allowed — the operation happens (row returned, inserted, changed or deleted)
 *   D denied  — the database refuses with 42501 (a missing grant, or an insert policy)
 *   H hidden  — no error, but RLS filters the row out silently: nothing returned, 0 rows affected
 * The row aimed at is the sensitive one (see probes.ts): a draft (or its image, old address,
 * revision, correction or front-page place), someone else's profile, role or unsaved draft.
 * What a journalist may do to their own rows is journalist-role.int.test.ts.
 */
const MATRIX: Record<Table, Record<Role, string>> = {
  //                   select insert update delete, per role
  categories: /*        */ { anon: 'A D D D', reader: 'A D H H', journalist: 'A D H H', admin: 'A A A A' },
  // A journalist writes drafts of their own (insert); the target is nobody's, so stays out of reach.
  articles: /*          */ { anon: 'H D D D', reader: 'H D H H', journalist: 'H A H H', admin: 'A A A A' },
  article_images: /*    */ { anon: 'H D D D', reader: 'H D H H', journalist: 'H D H H', admin: 'A A A A' },
  profiles: /*          */ { anon: 'H D D D', reader: 'H D H D', journalist: 'H D H D', admin: 'A D H D' }, // from the sign-up trigger only
  user_roles: /*        */ { anon: 'D D D D', reader: 'H D H H', journalist: 'H D H H', admin: 'A A A A' },
  page_views: /*        */ { anon: 'D D D D', reader: 'H D D D', journalist: 'H D D D', admin: 'A D D D' }, // only by record_page_view
  article_views: /*     */ { anon: 'D D D D', reader: 'H D D D', journalist: 'H D D D', admin: 'A D D D' }, // only by record_article_view
  article_view_counts: /**/ { anon: 'D D D D', reader: 'H D D D', journalist: 'H D D D', admin: 'A D D D' }, // idem; read as articles.view_count
  article_slugs: /*     */ { anon: 'H D D D', reader: 'H D D D', journalist: 'H D D D', admin: 'A D D D' }, // only by the remember_slug trigger
  article_revisions: /* */ { anon: 'D D D D', reader: 'H D D D', journalist: 'H D D D', admin: 'A D D D' }, // only by the record_revision trigger
  article_corrections: { anon: 'H D D D', reader: 'H D H H', journalist: 'H D H H', admin: 'A A A A' }, // an admin corrects public articles only
  front_page: /*        */ { anon: 'H D D D', reader: 'H D H H', journalist: 'H D H H', admin: 'A A A A' }, // the front page is the administrators' choice
  // Each person's own only, whatever their role; an admin inserts theirs (the article is editable).
  article_drafts: /*    */ { anon: 'D D D D', reader: 'H D H H', journalist: 'H D H H', admin: 'H A H H' },
  // Each reader's own reading list, whatever their role: saved (public articles only) and removed, never changed.
  saved_articles: /*    */ { anon: 'D D D D', reader: 'H A D H', journalist: 'H A D H', admin: 'H A D H' },
  // Sent through send_contact_message only; administrators read, mark handled (the flag alone) and delete.
  contact_messages: /*  */ { anon: 'D D D D', reader: 'H D H H', journalist: 'H D H H', admin: 'A D A A' },
  // Signed up and unsubscribed through their functions only; administrators read and delete.
  newsletter_subscribers: { anon: 'D D D D', reader: 'H D D H', journalist: 'H D D H', admin: 'A D D A' },
  // The newsletter's one settings row: administrators read and change it (never add or remove it).
  newsletter_settings: { anon: 'D D D D', reader: 'H D H D', journalist: 'H D H D', admin: 'A D A D' },
  // Editions and the delivery log: written by the sender (service role) alone; administrators read.
  newsletter_editions: { anon: 'D D D D', reader: 'H D D D', journalist: 'H D D D', admin: 'A D D D' },
  newsletter_deliveries: { anon: 'D D D D', reader: 'H D D D', journalist: 'H D D D', admin: 'A D D D' },
  // Readers' push devices: through push_subscribe / push_unsubscribe only (endpoint + auth secret); a signed-in reader lists and stops their own through push_my_devices / push_stop_my_device. No direct access.
  push_subscriptions: { anon: 'D D D D', reader: 'D D D D', journalist: 'D D D D', admin: 'D D D D' },
  // The alerts' one settings row: the newsroom reads it (quiet hours), administrators change it.
  push_settings: { anon: 'D D D D', reader: 'H D H D', journalist: 'A D H D', admin: 'A D A D' },
  // Alerts and their deliveries: written by push_send_alert and the sender; administrators read (journalists their proposals).
  push_alerts: { anon: 'D D D D', reader: 'H D D D', journalist: 'H D D D', admin: 'A D D D' },
  push_deliveries: { anon: 'D D D D', reader: 'H D D D', journalist: 'H D D D', admin: 'A D D D' },
  // Which public articles stopped being public: readable by all, written by the trigger alone.
  article_withdrawals: { anon: 'A D D D', reader: 'A D D D', journalist: 'A D D D', admin: 'A D D D' },
  // The WordPress importer's records (service role only); old addresses answer through wordpress_redirect().
  wordpress_posts: /*   */ { anon: 'D D D D', reader: 'D D D D', journalist: 'D D D D', admin: 'D D D D' },
  wordpress_redirects: { anon: 'D D D D', reader: 'D D D D', journalist: 'D D D D', admin: 'D D D D' },
  // « En direct »: a draft's coverage and entries are read by whoever reads the article (administrators; a journalist their own); every write goes through the live_* functions.
  live_coverages: { anon: 'H D D D', reader: 'H D D D', journalist: 'H D D D', admin: 'A D D D' },
  live_entries: { anon: 'H D D D', reader: 'H D D D', journalist: 'H D D D', admin: 'A D D D' },
  // « L'essentiel du jour »: every edition is public once made (by the server's edition_start alone); its log and Telegram queue are the administrators' to read, written by the functions alone.
  daily_editions: { anon: 'A D D D', reader: 'A D D D', journalist: 'A D D D', admin: 'A D D D' },
  diffusion_log: { anon: 'D D D D', reader: 'H D D D', journalist: 'H D D D', admin: 'A D D D' },
  telegram_posts: { anon: 'D D D D', reader: 'H D D D', journalist: 'H D D D', admin: 'A D D D' },
  // Review notes: written by the status change's trigger alone; administrators read all, a journalist those of their own articles (review-notes.int.test.ts).
  article_notes: { anon: 'D D D D', reader: 'H D D D', journalist: 'H D D D', admin: 'A D D D' },
  // Notices: made by the same trigger; read by their recipient and administrators, marked seen (read_at alone) by their recipient.
  notices: /*           */ { anon: 'D D D D', reader: 'H D H D', journalist: 'H D H D', admin: 'A D H D' },
  // Which notices each member gets: their own row alone, whatever their role (never deleted through the API).
  notice_settings: /*   */ { anon: 'D D D D', reader: 'H D H D', journalist: 'H D H D', admin: 'H D H D' },
  // « Mode urgence »: administrators read and change its one row (readers get what pages show through emergency_notice).
  emergency_mode: { anon: 'D D D D', reader: 'H D H D', journalist: 'H D H D', admin: 'A D A D' },
  // « Signaler une rumeur »: sent through report_rumour only; the newsroom (journalists too) reads the queue and sets a report's status and fact-check; nobody deletes.
  rumour_reports: { anon: 'D D D D', reader: 'H D H D', journalist: 'A D A D', admin: 'A D A D' },
  // Its screenshots: never public; the newsroom reads them; written by report_rumour, purged by purge_rumour_screenshots.
  rumour_screenshots: { anon: 'D D D D', reader: 'H D D D', journalist: 'A D D D', admin: 'A D D D' },
  // Who switched it and when: written by its trigger alone, read by administrators.
  emergency_mode_log: { anon: 'D D D D', reader: 'H D D D', journalist: 'H D D D', admin: 'A D D D' },
  // Tags: readers see the visible ones, the newsroom all (a hidden one stays on its articles); administrators make and change them.
  tags: /*              */ { anon: 'H D D D', reader: 'H D H H', journalist: 'A D H H', admin: 'A A A A' },
  // An article's tags go with the article: whoever may edit it adds and removes them (never rewrites one).
  article_tags: /*      */ { anon: 'H D D D', reader: 'H D D H', journalist: 'H D D H', admin: 'A A D A' },
  // A merged tag's old addresses: written by merge_tags alone, read with their tag.
  tag_slugs: /*         */ { anon: 'H D D D', reader: 'H D D D', journalist: 'A D D D', admin: 'A D D D' },
  // The front page's topic strip: one row anyone reads, administrators alone change (never add nor delete).
  front_page_topic: /*  */ { anon: 'A D D D', reader: 'A D H D', journalist: 'A D H D', admin: 'A D A D' },
};

const OPS = ['select', 'insert', 'update', 'delete'] as const;
type Op = (typeof OPS)[number];
const OUTCOME = { A: 'allowed', D: 'denied', H: 'hidden' } as const;
type Outcome = (typeof OUTCOME)[keyof typeof OUTCOME];

const CELLS: [Table, Role, Op, Outcome][] = TABLES.flatMap((table) =>
  (['anon', 'reader', 'journalist', 'admin'] as const).flatMap((role) =>
    OPS.map((op, i): [Table, Role, Op, Outcome] => [table, role, op, OUTCOME[MATRIX[table][role].split(' ')[i] as keyof typeof OUTCOME]]),
  ),
);

let who: Record<Role, Session>;
let fixtures: Fixtures;
let table: Record<Table, Probe>;

beforeAll(async () => {
  who = await sessions();
  fixtures = await createFixtures(who.admin.sb);
  const victim = await signedUpClient('Victime');
  const profile = must(await serviceClient().from('profiles').select('id').eq('user_id', victim.userId).single(), 'victim profile');
  const tag = must(await serviceClient().from('tags').select('id').eq('slug', 'mali').single(), 'the reference tag « Mali »');
  table = probes({ f: fixtures, victimId: victim.userId, victimProfileId: profile.id, tagId: tag.id });
});

afterAll(async () => {
  await removeFixtures(fixtures);
});

describe('RLS matrix: every public table × anon/reader/journalist/admin × select/insert/update/delete', () => {
  it('covers 42 tables × 4 roles × 4 operations', () => {
    expect(CELLS).toHaveLength(672);
  });

  it.each(CELLS)('%s: %s may %s → %s', async (name, role, op, outcome) => {
    const probe = table[name];
    const sb = who[role].sb;
    const what = `${role} ${op} on ${name} (${probe.row})`;

    if (op === 'insert') {
      const values = probe.values();
      const before = await countMatching(name, values);
      const res = await sb.from(name).insert(values);
      const added = (await countMatching(name, values)) - before;
      if (outcome === 'allowed') {
        expect(res.error, `${what} should succeed: ${res.error?.message}`).toBeNull();
        expect(added, `${what} should add exactly one row`).toBe(1);
        await deleteMatching(name, values);
      } else {
        expectDenied(res, what);
        expect(added, `${what} was refused, yet a row was added`).toBe(0);
      }
      await probe.reset?.('');
      return;
    }

    const id = await probe.target();
    try {
      const before = await readBack(name, id);
      if (op === 'select') {
        const res = await sb.from(name).select(probe.columns).eq(KEY(name), id);
        if (outcome === 'denied') return expectDenied(res, what);
        expect(res.error, `${what} should not error: ${res.error?.message}`).toBeNull();
        expect(res.data, `${what} should ${outcome === 'allowed' ? 'return the row' : 'return no row'}`).toHaveLength(
          outcome === 'allowed' ? 1 : 0,
        );
        return;
      }
      const res =
        op === 'update'
          ? await sb.from(name).update(probe.patch, { count: 'exact' }).eq(KEY(name), id)
          : await sb.from(name).delete({ count: 'exact' }).eq(KEY(name), id);
      const after = await readBack(name, id);
      const changed = op === 'delete' ? after === null : Object.entries(probe.patch).every(([k, v]) => after?.[k] === v);
      if (outcome === 'denied') expectDenied(res, what);
      else {
        expect(res.error, `${what} should not error: ${res.error?.message}`).toBeNull();
        expect(res.count, `${what} should affect ${outcome === 'allowed' ? 1 : 0} row(s)`).toBe(outcome === 'allowed' ? 1 : 0);
      }
      expect(changed, `${what}: the row was ${changed ? '' : 'not '}${op === 'delete' ? 'deleted' : 'changed'}`).toBe(
        outcome === 'allowed',
      );
      if (outcome !== 'allowed') expect(after, `${what} must leave the row as it was`).toEqual(before);
    } finally {
      if (probe.reset) await probe.reset(id);
      else await deleteTarget(name, id);
    }
  });
});

/**
 * Rules narrower than a table, per role (fourth abuse round):
 *   article_corrections.author_id  a column no API role selects (administrators: correction_authors);
 *   a category hidden from the editor  journalists may not file under it, administrators may;
 *   next_free_article_slug  counts only the articles the caller may read;
 *   newsroom_member_names  the newsroom's names, to the newsroom only;
 *   republish_article  administrators alone;
 *   articles.sent_back_at  set by the status change's trigger alone; notice_claim_mail and
 *   notice_finish_mail  the server's sender (service role) alone.
 */
describe('RLS matrix: columns, categories and functions narrower than their table', () => {
  it.each([
    ['anon', 'D'],
    ['reader', 'D'],
    ['journalist', 'D'],
    ['admin', 'A'],
  ] as const)('%s: article_corrections.author_id → D, correction_authors() → %s', async (role, fn) => {
    const sb = who[role].sb;
    const read = await sb.from('article_corrections').select('author_id').eq('article_id', fixtures.published.id);
    expectDenied(read, `${role} selects article_corrections.author_id`);
    const res = await sb.rpc('correction_authors', { p_article_id: fixtures.published.id });
    if (fn === 'D') expectDenied(res, `${role} calls correction_authors`);
    else expect(res.error).toBeNull();
  });

  // The visible category beside the hidden one: a reader is refused both (he writes no article at
  // all), a journalist only the hidden one, an administrator neither.
  it.each([
    ['reader', 'D', 'D'],
    ['journalist', 'D', 'A'],
    ['admin', 'A', 'A'],
  ] as const)(
    '%s: an article filed under a category hidden from the editor → %s, under a visible one → %s',
    async (role, hiddenOutcome, visibleOutcome) => {
      const hidden = must(await serviceClient().from('categories').select('id').eq('hidden_from_editor', true).limit(1).single(), 'hidden');
      for (const [categoryId, outcome, which] of [
        [hidden.id, hiddenOutcome, 'hidden'],
        [fixtures.category.id, visibleOutcome, 'visible'],
      ] as const) {
        const slug = `matrice-${which}-${role}-${Date.now()}`;
        const res = await who[role].sb
          .from('articles')
          .insert({ slug, title: 'Matrice', content: 'x', category_id: categoryId })
          .select('id');
        await serviceClient().from('articles').delete().eq('slug', slug);
        if (outcome === 'D') expectDenied(res, `${role} files under a ${which} category`);
        else expect(res.error, `${role} files under a ${which} category: ${res.error?.message}`).toBeNull();
      }
    },
  );

  it.each([
    ['anon', 'D'],
    ['reader', 'D'],
    ['journalist', 'A'],
    ['admin', 'A'],
  ] as const)('%s: newsroom_member_names() → %s, and never a reader’s name', async (role, outcome) => {
    const reader = who.reader.userId!;
    const journalist = who.journalist.userId!;
    const res = await who[role].sb.rpc('newsroom_member_names', { p_user_ids: [journalist, reader] });
    if (outcome === 'D') return expectDenied(res, `${role} calls newsroom_member_names`);
    expect(res.error).toBeNull();
    expect(res.data?.map((r: { user_id: string }) => r.user_id)).toEqual([journalist]);
  });

  it.each([
    ['anon', 'D', 'D'],
    ['reader', 'D', 'D'],
    ['journalist', 'D', 'D'],
    ['admin', 'A', 'D'],
  ] as const)(
    '%s: purge_status() → %s, purge_claim() → %s (the CDN purge queue: the service role sends it)',
    async (role, status, claim) => {
      const sb = who[role].sb;
      const read = await sb.rpc('purge_status');
      if (status === 'D') expectDenied(read, `${role} calls purge_status`);
      else expect(read.error).toBeNull();
      const claimed = await sb.rpc('purge_claim', { p_seen_version: Number.MAX_SAFE_INTEGER, p_second_after_ms: 0 });
      if (claim === 'D') expectDenied(claimed, `${role} calls purge_claim`);
      const sent = await sb.rpc('purge_sent', { p_ids: [1] });
      expectDenied(sent, `${role} calls purge_sent`);
    },
  );

  it.each([
    ['anon', 'D'],
    ['reader', 'D'],
    ['journalist', 'D'],
    ['admin', 'A'],
  ] as const)('%s: republish_article() of a published article → %s', async (role, outcome) => {
    const slug = `matrice-republier-${role}-${Date.now()}`;
    const made = must(
      await serviceClient().from('articles').insert({ slug, title: 'Matrice', content: 'x', status: 'published' }).select('id').single(),
      'a published article',
    );
    const res = await who[role].sb.rpc('republish_article', { p_article_id: made.id });
    await serviceClient().from('articles').delete().eq('id', made.id);
    if (outcome === 'D') expectDenied(res, `${role} calls republish_article`);
    else expect(res.error).toBeNull();
  });

  it.each(['anon', 'reader', 'journalist', 'admin'] as const)(
    '%s: articles.sent_back_at → D, notice_claim_mail() → D, notice_finish_mail() → D',
    async (role) => {
      const sb = who[role].sb;
      const mark = await sb.from('articles').update({ sent_back_at: new Date().toISOString() }).eq('id', fixtures.draft.id);
      expectDenied(mark, `${role} sets articles.sent_back_at`);
      expectDenied(await sb.rpc('notice_claim_mail'), `${role} calls notice_claim_mail`);
      expectDenied(await sb.rpc('notice_finish_mail', { p_notice_id: 1, p_outcome: 'sent' }), `${role} calls notice_finish_mail`);
    },
  );

  it.each([
    ['journalist', 'a suffix that does not count it'],
    ['admin', '-2'],
  ] as const)('%s: next_free_article_slug of a draft’s slug → %s', async (role, answer) => {
    const res = await who[role].sb.rpc('next_free_article_slug', { wanted: fixtures.draft.slug });
    expect(res.error).toBeNull();
    if (answer === '-2') expect(res.data).toBe(`${fixtures.draft.slug}-2`);
    else expect(res.data).toMatch(new RegExp(`^${fixtures.draft.slug}-[0-9a-f]{6}$`));
  });
});
