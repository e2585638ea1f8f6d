import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SUPABASE_DIR } from '../../scripts/localStack.ts';
import { postgresDb } from '@afriqueactu/supabase-local/testing';
import { TABLES } from './probes.ts';

// Catalog rules a review would check by hand, read (never written) as `postgres`.

// image_alt, view_count and word_count are computed fields of articles (read under the caller's RLS);
// title_key is the admin list's folded title, of no use to visitors; search_article_titles is that
// list's title search (a definer function applying the articles' read policies itself).
// most_read, sitemap_weeks, sitemap_pages and the superseded sitemap_outline answer only public
// articles, with no view counts.
// wordpress_redirect answers one exact old WordPress path with the slug of a public article (issue 31).
// content_version is a number that moves when anything public changes (the site server's page cache polls it).
// send_contact_message, subscribe_newsletter, confirm_newsletter, leave_newsletter and the released
// unsubscribe_newsletter are how readers write to the newsroom and its mailing list (no grant on those
// tables; the sender's functions are the service role's alone). push_subscribe and push_unsubscribe
// are how a device follows and leaves alerts (by its endpoint and auth secret), push_alert_opened its
// one anonymous open count. live_page, live_delta and live_front answer the coverage of public live
// articles only (live_page the newsroom's drafts too), with entries as readers see them.
// newsletter_schedule answers the newsletter's send time and whether it goes (what the footer promises);
// push_limits the alerts' daily cap and quiet hours (what the alerts panel promises). emergency_notice
// answers what « Mode urgence » shows readers (switch, banner, « Infos pratiques », mirror, prepared date).
// record_share_press counts a press of an article's share button per day and network (nothing about who).
// record_reading adds one engagement reading (engaged seconds, end reached, reader class, kilobytes) to
// the channel roll-ups, once per reader and article per 30 minutes, as record_article_view a view.
// report_rumour is how a reader sends a rumour to the newsroom (« Signaler une rumeur »; no grant on its tables).
// newsletter_preferences and set_newsletter_country read and change one subscription's « Ma Matinale »
// country by its unsubscribe link's token only (its state and country, never the address).
const ANON_FUNCTIONS = [
  'confirm_newsletter',
  'content_version',
  'emergency_notice',
  'has_role',
  'home_page',
  'image_alt',
  'leave_newsletter',
  'live_delta',
  'live_front',
  'live_page',
  'most_read',
  'newsletter_preferences',
  'newsletter_schedule',
  'push_alert_opened',
  'push_limits',
  'push_subscribe',
  'push_unsubscribe',
  'record_article_view',
  'record_page_view',
  'record_reading',
  'record_share_press',
  'report_rumour',
  'search_articles',
  'send_contact_message',
  'set_newsletter_country',
  'sitemap_outline',
  'sitemap_pages',
  'sitemap_weeks',
  'subscribe_newsletter',
  'unsubscribe_newsletter',
  'view_count',
  'word_count',
  'wordpress_redirect',
];
// set_front_page runs as the caller and refuses non-administrators itself, as the policies do;
// newsletter_edition_stats and push_alert_stats run as the caller too (administrators, journalists their
// proposals); push_audience_count, push_send_alert and push_devices_per_category check the newsroom themselves.
// push_my_devices and push_stop_my_device answer and stop only the signed-in caller's own alert devices.
// next_free_article_slug answers the newsroom (and the service role, an importer) only which slug is
// free, across every article; it refuses anyone else itself. has_been_public is the editor's computed
// field (whether an article's slug still follows its title), read under the caller's RLS; its numbering
// counts only the articles the caller may read. correction_authors answers administrators alone who wrote
// an article's corrections (author_id is no API role's to select). newsroom_member_names answers newsroom
// members alone the names of the members among the ids asked (the editor's presence notice).
// live_post, live_edit and live_delete refuse anyone outside the newsroom and a journalist's change to
// a colleague's entry themselves; live_mark and live_set_state refuse non-administrators themselves.
// republish_article (« Republier ») refuses non-administrators itself, as merge_tags (« Fusionner » two tags) does.
// diffusion_mark_whatsapp (« Publié sur la chaîne WhatsApp ») and diffusion_is_admin (the server's
// check before « Préparer maintenant ») refuse or answer false to non-administrators themselves.
// latest_note is the list's and the editor's computed field (the note of an article's last status
// change), read under the caller's RLS on article_notes.
// channel_sources, channels_now and channel_outlets (« Statistiques » → « Sources », « En ce moment »,
// « Canaux ») refuse
// non-administrators themselves; article_channels and article_signups (the editor's panel) answer
// administrators and the article's own author, and refuse anyone else themselves.
// purge_status answers administrators alone how the CDN purge queue is doing (counts and the last
// error); it refuses anyone else itself.
const AUTHENTICATED_FUNCTIONS = [
  ...ANON_FUNCTIONS,
  'analytics_summary',
  'article_channels',
  'article_signups',
  'channel_outlets',
  'channel_sources',
  'channels_now',
  'correction_authors',
  'dashboard_stats',
  'diffusion_is_admin',
  'diffusion_mark_whatsapp',
  'has_been_public',
  'latest_note',
  'live_delete',
  'live_edit',
  'live_mark',
  'live_post',
  'live_set_state',
  'merge_tags',
  'newsletter_edition_stats',
  'newsroom_member_names',
  'next_free_article_slug',
  'push_alert_stats',
  'push_audience_count',
  'push_devices_per_category',
  'push_my_devices',
  'push_send_alert',
  'push_stop_my_device',
  'purge_status',
  'republish_article',
  'search_article_titles',
  'set_front_page',
  'title_key',
].sort();
// The newsletter's sender (the Node server's scheduler, npm run newsletter:send) and the provider's
// webhook, and the CDN purge sender (purge_claim … purge_prune, docs/deployment.md#purges): the service
// role alone executes these (claims, suppressions), no visitor nor staff. live_close_idle stores the
// closing of idle live coverages for the site's scheduler; views_fold folds the views a busy moment left
// in the inbox. edition_start, telegram_claim_post and telegram_finish_post make « L'essentiel du
// jour » and post it to Telegram (src/essentiel). record_served_view counts the view of a reader who
// runs no JavaScript, as the site's server saw them (their address and agent, never stored).
// notice_claim_mail and notice_finish_mail send the newsroom's notices by e-mail.
// purge_rumour_screenshots drops the readers' rumour screenshots after 90 days (the site's housekeeping).
const SERVICE_ROLE_FUNCTIONS = [
  'edition_start',
  'live_close_idle',
  'newsletter_claim_delivery',
  'newsletter_finish_delivery',
  'newsletter_purge',
  'newsletter_start_edition',
  'newsletter_suppress',
  'notice_claim_mail',
  'notice_finish_mail',
  'purge_claim',
  'purge_failed',
  'purge_prune',
  'purge_rumour_screenshots',
  'purge_scheduled_out',
  'purge_sent',
  'push_claim_delivery',
  'push_finish_delivery',
  'record_served_view',
  'telegram_claim_post',
  'telegram_finish_post',
  'views_fold',
];
const VIEWS = ['accounts', 'bylines'];
// Everything else a visitor reads goes through these functions and policies.
const ANON_GRANTS = [
  'anon SELECT article_corrections(article_id)',
  'anon SELECT article_corrections(corrected_at)',
  'anon SELECT article_corrections(created_at)',
  'anon SELECT article_corrections(id)',
  'anon SELECT article_corrections(note)',
  'anon SELECT article_images',
  'anon SELECT article_slugs',
  'anon SELECT article_tags',
  'anon SELECT article_withdrawals',
  'anon SELECT articles',
  'anon SELECT bylines',
  'anon SELECT categories',
  'anon SELECT daily_editions',
  'anon SELECT front_page(article_id)',
  'anon SELECT front_page(rank)',
  'anon SELECT front_page_topic',
  'anon SELECT live_coverages',
  'anon SELECT live_entries',
  'anon SELECT profiles(avatar_url)',
  'anon SELECT profiles(full_name)',
  'anon SELECT profiles(id)',
  'anon SELECT profiles(user_id)',
  'anon SELECT tag_slugs',
  'anon SELECT tags',
];

/**
 * The other test files share this database and add fixture tables and functions to public (some
 * deliberately without RLS). The rules are about what the migrations ship, so objects are scoped
 * to the names the migrations create.
 */
function declared(kind: 'table' | 'function' | 'view'): Set<string> {
  const dir = path.join(SUPABASE_DIR, 'migrations');
  const sql = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .join('\n');
  const pattern = {
    table: /create\s+(?:unlogged\s+)?table\s+(?:if\s+not\s+exists\s+)?public\.(\w+)/gi,
    function: /create\s+(?:or\s+replace\s+)?function\s+public\.(\w+)/gi,
    view: /create\s+(?:or\s+replace\s+)?view\s+public\.(\w+)/gi,
  }[kind];
  return new Set([...sql.matchAll(pattern)].map((m) => m[1]));
}

let db: pg.Client;

/** Whether a function is security definer with a pinned search_path, and who may execute it. */
async function definerFor(client: pg.Client, signature: string) {
  const { rows } = await client.query(
    `select p.prosecdef as definer, p.proconfig as config,
            has_function_privilege('anon', p.oid, 'execute') as anon,
            has_function_privilege('authenticated', p.oid, 'execute') as authenticated
     from pg_proc p where p.oid = $1::regprocedure`,
    [signature],
  );
  return rows;
}
const SIGNED_IN_DEFINER = [{ definer: true, config: ['search_path=""'], anon: false, authenticated: true }];
beforeAll(async () => {
  db = await postgresDb();
});
afterAll(async () => {
  await db.end();
});

describe('catalog: tables', () => {
  it('the migrations create exactly the tables the RLS matrix covers', () => {
    expect([...declared('table')].sort(), 'a new table needs rows in rls-matrix.int.test.ts').toEqual([...TABLES].sort());
  });

  it('every table of schema public from the migrations has RLS enabled', async () => {
    const { rows } = await db.query<{ name: string; rls: boolean }>(
      `select c.relname as name, c.relrowsecurity as rls from pg_class c
       where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')`,
    );
    const ours = rows.filter((r) => declared('table').has(r.name));
    expect(ours.map((r) => r.name).sort(), 'every migration table exists').toEqual([...TABLES].sort());
    expect(
      ours.filter((r) => !r.rls).map((r) => r.name),
      'tables without row level security',
    ).toEqual([]);
  });
});

describe('catalog: functions', () => {
  it('every SECURITY DEFINER function in public and private pins its search_path', async () => {
    const { rows } = await db.query<{ fn: string; config: string[] | null }>(
      `select p.oid::regprocedure::text as fn, p.proconfig as config from pg_proc p
       where p.pronamespace in ('public'::regnamespace, 'private'::regnamespace) and p.prosecdef`,
    );
    expect(rows.length, 'the migrations define security-definer functions').toBeGreaterThan(0);
    const unpinned = rows.filter((r) => !(r.config ?? []).some((c) => c.startsWith('search_path='))).map((r) => r.fn);
    expect(unpinned, 'SECURITY DEFINER functions without a fixed search_path (hijackable)').toEqual([]);
    // The design asks for an empty one: every name inside is then schema-qualified.
    const notEmpty = rows.filter((r) => !(r.config ?? []).includes('search_path=""')).map((r) => `${r.fn} ${r.config}`);
    expect(notEmpty, "SECURITY DEFINER functions whose search_path is not ''").toEqual([]);
  });

  async function executable(role: string): Promise<string[]> {
    const { rows } = await db.query<{ name: string }>(
      `select distinct p.proname as name from pg_proc p
       where p.pronamespace = 'public'::regnamespace and has_function_privilege($1, p.oid, 'execute')`,
      [role],
    );
    return rows
      .map((r) => r.name)
      .filter((n) => declared('function').has(n))
      .sort();
  }

  it('anon may execute exactly the functions listed in ANON_FUNCTIONS', async () => {
    expect(await executable('anon'), 'public functions anon can execute').toEqual(ANON_FUNCTIONS);
  });

  it('authenticated may execute the same plus analytics_summary, dashboard_stats, search_article_titles, set_front_page and title_key', async () => {
    expect(await executable('authenticated'), 'public functions authenticated can execute').toEqual(AUTHENTICATED_FUNCTIONS);
  });

  it('no migration function in public is left out of that review', async () => {
    const { rows } = await db.query<{ name: string }>(
      `select distinct proname as name from pg_proc where pronamespace = 'public'::regnamespace`,
    );
    const present = rows
      .map((r) => r.name)
      .filter((n) => declared('function').has(n))
      .sort();
    expect(present, 'every public function the migrations declare, all reviewed above').toEqual(
      [...AUTHENTICATED_FUNCTIONS, ...SERVICE_ROLE_FUNCTIONS].sort(),
    );
    const { rows: sender } = await db.query<{ name: string }>(
      `select proname as name from pg_proc where pronamespace = 'public'::regnamespace and proname = any($1)
       and has_function_privilege('service_role', oid, 'execute')`,
      [SERVICE_ROLE_FUNCTIONS],
    );
    expect(sender.map((r) => r.name).sort(), 'the service role runs the sender').toEqual(SERVICE_ROLE_FUNCTIONS);
  });
});

describe('catalog: views', () => {
  // A view runs as its owner unless it says otherwise, past every policy of the tables it reads.
  it('the migrations create bylines (public columns of public authors) and accounts (administrators only)', async () => {
    expect([...declared('view')].sort()).toEqual(VIEWS);
    const { rows } = await db.query<{ name: string; invoker: boolean; anon: boolean; authenticated: boolean }>(
      `select c.relname as name, coalesce(c.reloptions @> '{security_invoker=true}', false) as invoker,
              has_table_privilege('anon', c.oid, 'select') as anon, has_table_privilege('authenticated', c.oid, 'select') as authenticated
       from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind = 'v' and c.relname = any($1) order by 1`,
      [VIEWS],
    );
    expect(rows).toEqual([
      // e-mails come from auth.users through a definer function that checks the caller is an admin.
      { name: 'accounts', invoker: true, anon: false, authenticated: true },
      // The owner's rights on purpose: its own where clause limits it to authors of public articles.
      { name: 'bylines', invoker: false, anon: true, authenticated: true },
    ]);
  });

  it('no view can be written to through the API', async () => {
    const { rows } = await db.query<{ name: string }>(
      `select c.relname as name from pg_class c
       where c.relnamespace = 'public'::regnamespace and c.relkind = 'v' and c.relname = any($1)
         and (has_table_privilege('anon', c.oid, 'insert, update, delete') or has_table_privilege('authenticated', c.oid, 'insert, update, delete'))`,
      [VIEWS],
    );
    expect(rows).toEqual([]);
  });
});

/**
 * Every privilege anon and authenticated hold on a relation, as `<role> <privilege> <relation>` or
 * `…(<column>)` for a column grant. A hosted project may grant new relations whole to both ("default
 * privileges for new entities"), so the migrations revoke first; this is what remains either way
 * (the hosted-default-privileges test project runs this file against a database built that way).
 */
async function grants(relations: string[]): Promise<string[]> {
  const { rows } = await db.query<{ grant: string }>(
    `select r.rolname || ' ' || a.privilege_type || ' ' || c.relname as grant
     from pg_class c cross join lateral aclexplode(c.relacl) a join pg_roles r on r.oid = a.grantee
     where c.relnamespace = 'public'::regnamespace and c.relname = any($1) and r.rolname in ('anon', 'authenticated')
     union all
     select r.rolname || ' ' || a.privilege_type || ' ' || c.relname || '(' || att.attname || ')'
     from pg_class c join pg_attribute att on att.attrelid = c.oid and att.attacl is not null
       cross join lateral aclexplode(att.attacl) a join pg_roles r on r.oid = a.grantee
     where c.relnamespace = 'public'::regnamespace and c.relname = any($1) and r.rolname in ('anon', 'authenticated')`,
    [relations],
  );
  return rows.map((r) => r.grant).sort();
}

describe('catalog: what the API roles hold, whatever the default privileges', () => {
  const relations = () => [...declared('table'), ...declared('view')];

  it('runs on a database built with default privileges for new entities exactly when its project says so', async () => {
    const { rows } = await db.query(
      `select count(*)::int as n from pg_default_acl d cross join lateral aclexplode(d.defaclacl) a
       where d.defaclrole = 'postgres'::regrole and d.defaclnamespace = 'public'::regnamespace and a.grantee = 'anon'::regrole`,
    );
    expect(rows[0].n > 0).toBe(inject('defaultPrivileges') === true);
  });

  it('anon and authenticated write only named columns: no table-wide insert or update, no truncate, trigger, references or maintain', async () => {
    const wide = (await grants(relations())).filter((g) => /^\w+ (INSERT|UPDATE|TRUNCATE|REFERENCES|TRIGGER|MAINTAIN) \w+$/.test(g));
    expect(wide).toEqual([]);
  });

  it('anon reads whole rows of the public tables only, the public columns of profiles and front_page, and deletes nothing', async () => {
    const anon = (await grants(relations())).filter((g) => g.startsWith('anon '));
    expect(anon).toEqual(ANON_GRANTS);
  });

  it('no sequence of public is usable by anon, authenticated or service_role', async () => {
    expect(await sequenceGrants()).toEqual([]);
  });

  it('the grants repair takes back what default privileges granted before the revokes existed, and keeps every intended grant', async () => {
    // The first repair (tables, functions, the visitors' sequences) and the one for service_role's sequences.
    const repair = ['20261204090000_api_grants_whatever_default_privileges.sql', '20261208090300_service_role_sequences.sql']
      .map((file) => fs.readFileSync(path.join(SUPABASE_DIR, 'migrations', file), 'utf8'))
      .join(';\n');
    const everything = async () => [...(await grants(relations())), ...(await executable()), ...(await sequenceGrants())];
    const intended = await everything();
    await db.query('begin');
    try {
      // What a project with default privileges on had after the migrations ran without their revokes.
      await db.query(`
        grant all on all tables in schema public to anon, authenticated, service_role;
        grant all on all sequences in schema public to anon, authenticated, service_role;
        grant execute on all functions in schema public to anon, authenticated, service_role;`);
      const widened = await everything();
      expect(widened).toContain('anon SELECT profiles');
      expect(widened).toContain('authenticated UPDATE articles');
      expect(widened).toContain('anon EXECUTE dashboard_stats');
      expect(widened).toContain('service_role USAGE article_revisions_id_seq');
      await db.query(repair);
      // Functions created after the repair revoke and grant for themselves as they are created:
      // their migrations' execute statements, in order, run after it. A signature a later migration
      // dropped (to change the function's arguments) is gone: its first statements are left out.
      const later = fs
        .readdirSync(path.join(SUPABASE_DIR, 'migrations'))
        .filter((f) => f > '20261204090000_')
        .sort()
        .map((file) => fs.readFileSync(path.join(SUPABASE_DIR, 'migrations', file), 'utf8'));
      const dropped = new Set(later.flatMap((sql) => [...sql.matchAll(/^drop function public\.([^;]*);/gm)].map((m) => m[1])));
      for (const sql of later)
        for (const statement of sql.match(/^(?:revoke|grant) execute on function public\.[^;]*;/gm) ?? []) {
          const signature = /public\.(\w+\([^)]*\))/.exec(statement)![1];
          const exists = async () => (await db.query('select to_regprocedure($1) is not null as e', [`public.${signature}`])).rows[0].e;
          if (dropped.has(signature) && !(await exists())) continue;
          await db.query(statement);
        }
      expect(await everything()).toEqual(intended);
    } finally {
      await db.query('rollback');
    }
  });
});

/** `<role> EXECUTE <function>` for each function of the migrations anon or authenticated may call. */
async function executable(): Promise<string[]> {
  const { rows } = await db.query<{ grant: string }>(
    `select r || ' EXECUTE ' || p.proname as grant from pg_proc p cross join unnest(array['anon', 'authenticated']) r
     where p.pronamespace = 'public'::regnamespace and p.proname = any($1) and has_function_privilege(r, p.oid, 'execute')`,
    [[...declared('function')]],
  );
  return rows.map((r) => r.grant).sort();
}

async function sequenceGrants(): Promise<string[]> {
  const { rows } = await db.query<{ grant: string }>(
    `select r.rolname || ' ' || a.privilege_type || ' ' || c.relname as grant
     from pg_class c cross join lateral aclexplode(c.relacl) a join pg_roles r on r.oid = a.grantee
     where c.relnamespace = 'public'::regnamespace and c.relkind = 'S' and r.rolname in ('anon', 'authenticated', 'service_role')`,
  );
  return rows.map((r) => r.grant).sort();
}

describe('catalog: grants of the writing desk', () => {
  it('front_page: everyone reads the order (rank, article), not who pinned nor when; signed-in callers write places', async () => {
    // Writes are then the administrators' alone by policy (rls-matrix.int.test.ts).
    expect(await grants(['front_page'])).toEqual([
      'anon SELECT front_page(article_id)',
      'anon SELECT front_page(rank)',
      'authenticated DELETE front_page',
      'authenticated INSERT front_page(article_id)',
      'authenticated INSERT front_page(rank)',
      'authenticated SELECT front_page(article_id)',
      'authenticated SELECT front_page(rank)',
      'authenticated UPDATE front_page(article_id)',
      'authenticated UPDATE front_page(rank)',
    ]);
  });

  it('front_page_topic: everyone reads the one row; signed-in callers change only its tag, never add nor remove a row', async () => {
    // Then the administrators' alone, and never a hidden tag, by policy (rls-matrix.int.test.ts, tags.int.test.ts).
    expect(await grants(['front_page_topic'])).toEqual([
      'anon SELECT front_page_topic',
      'authenticated SELECT front_page_topic',
      'authenticated UPDATE front_page_topic(tag_id)',
    ]);
  });

  it('articles: authenticated names the id of a new article (made on the phone: the field outbox), and never updates it', async () => {
    const ids = (await grants(['articles'])).filter((g) => g.endsWith('articles(id)'));
    expect(ids).toEqual(['authenticated INSERT articles(id)']);
  });

  it('article_drafts and accounts: nothing for anon; authenticated reads both and writes only a draft’s own columns', async () => {
    // user_id comes from the session (its default), saved_at from the trigger: neither is written.
    expect(await grants(['article_drafts', 'accounts'])).toEqual([
      'authenticated DELETE article_drafts',
      'authenticated INSERT article_drafts(article_id)',
      'authenticated INSERT article_drafts(base_version)',
      'authenticated INSERT article_drafts(data)',
      'authenticated SELECT accounts',
      'authenticated SELECT article_drafts',
      'authenticated UPDATE article_drafts(article_id)',
      'authenticated UPDATE article_drafts(base_version)',
      'authenticated UPDATE article_drafts(data)',
    ]);
  });
});

describe('catalog: grants of review notes and notices', () => {
  it('nothing for anon; the newsroom reads notes and notices, marks a notice seen and sets its own notices, writes no note', async () => {
    expect(await grants(['article_notes', 'notices', 'notice_settings'])).toEqual([
      'authenticated INSERT notice_settings(by_email)',
      'authenticated INSERT notice_settings(in_app)',
      'authenticated SELECT article_notes',
      'authenticated SELECT notice_settings',
      'authenticated SELECT notices',
      'authenticated UPDATE notice_settings(by_email)',
      'authenticated UPDATE notice_settings(in_app)',
      'authenticated UPDATE notices(read_at)',
    ]);
  });

  it('articles: a save writes its note (status_note), never the « renvoyé » mark (sent_back_at)', async () => {
    const held = (await grants(['articles'])).filter((g) => /status_note|sent_back_at/.test(g));
    expect(held).toEqual(['authenticated INSERT articles(status_note)', 'authenticated UPDATE articles(status_note)']);
  });

  it('articles: the newsroom writes a fact-check and its « Vérifié par »; the rules that hold them run as the writer', async () => {
    const held = (await grants(['articles'])).filter((g) => /fact_check|checked_by/.test(g));
    expect(held).toEqual([
      'authenticated INSERT articles(checked_by)',
      'authenticated INSERT articles(fact_check)',
      'authenticated UPDATE articles(checked_by)',
      'authenticated UPDATE articles(fact_check)',
    ]);
    // Not a definer: current_user tells the seed and maintenance (who may name a checker) from the API.
    expect(await definerFor(db, 'private.fact_check_rules()')).toEqual([
      { definer: false, config: ['search_path=""'], anon: false, authenticated: false },
    ]);
    // A definer: it writes the correction note of a changed verdict, which no API role writes itself.
    expect(await definerFor(db, 'private.fact_check_verdict_correction()')).toEqual([
      { definer: true, config: ['search_path=""'], anon: false, authenticated: false },
    ]);
  });

  it('rumour reports and screenshots: nothing for anon; the newsroom reads them and sets a report’s status and fact-check; the purge is the server’s', async () => {
    expect(await grants(['rumour_reports', 'rumour_screenshots'])).toEqual([
      'authenticated SELECT rumour_reports',
      'authenticated SELECT rumour_screenshots',
      'authenticated UPDATE rumour_reports(fact_check_id)',
      'authenticated UPDATE rumour_reports(status)',
    ]);
    expect(await definerFor(db, 'public.report_rumour(text, text, text, text, text)')).toEqual([
      { definer: true, config: ['search_path=""'], anon: true, authenticated: true },
    ]);
    expect(await definerFor(db, 'public.purge_rumour_screenshots()')).toEqual([
      { definer: true, config: ['search_path=""'], anon: false, authenticated: false },
    ]);
  });

  it('the notices’ mail queue is in private, and the trigger and the sender are definer functions with a pinned search_path', async () => {
    const { rows } = await db.query(`select has_table_privilege('service_role', 'private.notice_mails', 'select') as service`);
    expect(rows[0].service).toBe(false);
    expect(await definerFor(db, 'public.notice_claim_mail()')).toEqual([
      { definer: true, config: ['search_path=""'], anon: false, authenticated: false },
    ]);
  });
});

describe('catalog: grants of corrections', () => {
  it('article_corrections: anon and authenticated read the same columns, never author_id; authenticated writes the note and its date', async () => {
    const held = await grants(['article_corrections']);
    expect(held.filter((g) => g.includes(' SELECT '))).toEqual(
      ['anon', 'authenticated'].flatMap((role) =>
        ['article_id', 'corrected_at', 'created_at', 'id', 'note'].map((c) => `${role} SELECT article_corrections(${c})`),
      ),
    );
    expect(held.filter((g) => g.includes('author_id'))).toEqual([]);
    expect(held).toContain('authenticated DELETE article_corrections');
  });

  it('correction_authors is security definer with a pinned search_path, executable by authenticated and the service role only', async () => {
    expect(await definerFor(db, 'public.correction_authors(uuid)')).toEqual(SIGNED_IN_DEFINER);
  });
});

describe('catalog: the rules of the fourth abuse round', () => {
  it('the journalists’ insert and update policies on articles check the category is offered to them', async () => {
    const { rows } = await db.query(
      `select policyname, cmd from pg_policies
       where schemaname = 'public' and tablename = 'articles' and with_check like '%category_open_to_journalist(category_id, id)%'
       order by policyname`,
    );
    expect(rows).toEqual([
      { policyname: 'journalists edit their own drafts', cmd: 'UPDATE' },
      { policyname: 'journalists write their own drafts', cmd: 'INSERT' },
    ]);
  });

  it('private.name_look folds look-alike letters, invisible characters and spaces; the newsroom-name trigger uses it', async () => {
    const { rows } = await db.query(`select private.name_look(x) as look from unnest($1::text[]) with ordinality t(x, i) order by i`, [
      ['Moussa Traoré', 'Моussa\u200B  Traoré', 'Ｍoussa\u00A0Τraore ', 'Мусса Траоре'],
    ]);
    expect(rows.map((r) => r.look)).toEqual(['moussa traore', 'moussa traore', 'moussa traore', 'mycca tpaope']);
    const { rows: body } = await db.query(`select prosrc from pg_proc where oid = 'private.newsroom_name_kept()'::regprocedure`);
    expect(body[0].prosrc).toContain('private.name_look(p.full_name) = private.name_look(new.full_name)');
  });
});

describe('catalog: newsroom names, review of the fourth abuse round', () => {
  const looks = async (names: string[]) =>
    (await db.query(`select private.name_look(x) as look from unnest($1::text[]) with ordinality t(x, i) order by i`, [names])).rows.map(
      (r) => r.look,
    );

  it('private.name_look reads a lower-case l as a capital I, on both sides', async () => {
    expect(await looks(['lssa Sow', 'Issa Sow', 'lbrahima', 'Ibrahima', 'ldrissa', 'Idrissa'])).toEqual([
      'issa sow',
      'issa sow',
      'ibrahima',
      'ibrahima',
      'idrissa',
      'idrissa',
    ]);
  });

  it('private.name_look drops the combining marks of the supplement blocks too', async () => {
    expect(
      await looks(['Moussa Traoré', 'Mou\u1AB0ssa Traoré', 'Mou\u1DC0ssa Traoré', 'Mou\u20D0ssa Traoré', 'Mou\uFE20ssa Traoré']),
    ).toEqual(Array(5).fill('moussa traore'));
  });

  it('the unchanged-name shortcut compares folded names, not looks', async () => {
    const { rows } = await db.query(`select prosrc from pg_proc where oid = 'private.newsroom_name_kept()'::regprocedure`);
    expect(rows[0].prosrc).toContain("tg_op = 'UPDATE' and private.fold(new.full_name) = private.fold(old.full_name)");
  });

  it("private.clear_newsroom_look_alikes (the migration's clean-up) is the migration owner's alone", async () => {
    const { rows } = await db.query(
      `select has_function_privilege('service_role', 'private.clear_newsroom_look_alikes()', 'execute') as service,
              has_function_privilege('authenticated', 'private.clear_newsroom_look_alikes()', 'execute') as authenticated`,
    );
    expect(rows).toEqual([{ service: false, authenticated: false }]);
  });

  it('newsroom_member_names is security definer with a pinned search_path, executable by authenticated and the service role only', async () => {
    expect(await definerFor(db, 'public.newsroom_member_names(uuid[])')).toEqual(SIGNED_IN_DEFINER);
  });
});

describe('catalog: grants of saved articles', () => {
  it('saved_articles: nothing for anon; authenticated reads and removes saves, and writes only which article', async () => {
    // The owner comes from the session (user_id's default), the moment from the clock (saved_at's).
    expect(await grants(['saved_articles'])).toEqual([
      'authenticated DELETE saved_articles',
      'authenticated INSERT saved_articles(article_id)',
      'authenticated SELECT saved_articles',
    ]);
  });
});

describe('catalog: reads that follow the schedule', () => {
  /** The plan of `sql` as anon sees it, with sequential scans priced out so an index is used if it can be. */
  async function anonPlan(sql: string): Promise<string> {
    await db.query('begin');
    try {
      await db.query(
        `set local enable_seqscan = off; set local role anon; select set_config('request.jwt.claims', '{"role":"anon"}', true)`,
      );
      const { rows } = await db.query<{ 'QUERY PLAN': string }>(`explain ${sql}`);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    } finally {
      await db.query('rollback');
    }
  }

  // article_is_public is inlined only while it is plain SQL without a SET clause; called as a
  // function instead, no partial index applies and every read of the latest articles scans them all.
  it('private.article_is_public is inlined: plain SQL, no SET clause, not security definer', async () => {
    const { rows } = await db.query(
      `select l.lanname as lang, p.proconfig as config, p.prosecdef as definer, p.provolatile as volatility
       from pg_proc p join pg_language l on l.oid = p.prolang where p.oid = 'private.article_is_public(text, timestamptz)'::regprocedure`,
    );
    expect(rows).toEqual([{ lang: 'sql', config: null, definer: false, volatility: 's' }]);
  });

  // Every list of cards builds them with article_card: inlined, the card is an expression of the
  // query; called (a SET clause forbids inlining), each card switches the search path twice.
  it('private.article_card is written into the queries that build cards, not called per card', async () => {
    const { rows } = await db.query(
      `explain (verbose, costs off) select private.article_card(a, c) from public.articles a
       left join public.categories c on c.id = a.category_id limit 30`,
    );
    const plan = rows.map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN']).join('\n');
    expect(plan).not.toMatch(/article_card\(/);
    expect(plan).toMatch(/jsonb_build_object\('id'/);
  });

  it("anon's latest articles, overall and per category, read the partial indexes through RLS", async () => {
    // An index scan (index-only where the index carries what is selected) or a bitmap scan, depending on how many rows the other test files left.
    const latest = await anonPlan('select id from public.articles order by published_at desc limit 10');
    expect(latest).toMatch(/Index (Only )?Scan (using|on) articles_published_idx/);
    expect(latest, 'the policy is applied as plain conditions').not.toMatch(/article_is_public|Seq Scan/);
    const perCategory = await anonPlan(
      `select id from public.articles where category_id = '00000000-0000-4000-8000-000000000000' order by published_at desc limit 10`,
    );
    // A category's and an author's page list their latest articles through an index: on the
    // category or the author, or for one with few articles, as here, the plain index sorting the
    // handful or the date index read until the category's turn (the planner's choice on a small table).
    expect(perCategory).toMatch(/Index (Only )?Scan (using|on) articles_(category_published|category|published)_idx/);
    expect(perCategory).not.toMatch(/article_is_public|Seq Scan/);
    const perAuthor = await anonPlan(
      `select id from public.articles where author_id = '00000000-0000-4000-8000-000000000000' order by published_at desc limit 10`,
    );
    expect(perAuthor).toMatch(/Index (Only )?Scan (using|on) articles_author_(published_)?idx/);
    expect(perAuthor).not.toMatch(/article_is_public|Seq Scan/);
  });

  it("the category and author indexes carry each article's last change, so the pages sitemap dates their first pages from them alone", async () => {
    const { rows } = await db.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes where schemaname = 'public' and indexname in ('articles_category_published_idx', 'articles_author_published_idx') order by 1`,
    );
    expect(rows.map((r) => r.indexdef)).toEqual([
      expect.stringMatching(
        /\(author_id, published_at DESC, id DESC\) INCLUDE \(updated_at\) WHERE \(status = ANY \('\{published,scheduled\}'::text\[\]\)\)$/,
      ),
      expect.stringMatching(
        /\(category_id, published_at DESC, id DESC\) INCLUDE \(updated_at\) WHERE \(status = ANY \('\{published,scheduled\}'::text\[\]\)\)$/,
      ),
    ]);
  });

  // The corrections page: the policy asks about each correction's article by its key. As an EXISTS
  // the planner could hash the ids of every public article first (100,000 at scale) to show a few.
  it("anon's latest corrections check each one's article by its key, never every public article", async () => {
    const plan = await anonPlan('select id from public.article_corrections order by corrected_at desc, id limit 20');
    expect(plan).toMatch(/article_id_is_public/);
    expect(plan).not.toMatch(/hashed SubPlan|articles_published_idx|Seq Scan on articles/);
  });
});
