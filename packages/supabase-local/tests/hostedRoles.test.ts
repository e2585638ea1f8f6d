import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectionString } from '../src/db.ts';
import { postgresDb } from '../src/testing/clients.ts';

// Migrations, the seed and the printed database URL work as `postgres`, which on a hosted project is
// not a superuser: what hosted refuses it must be refused here, with the same kind of error, and
// what hosted allows (supautils' policy and drop-trigger grants included) must work.
let db: pg.Client;
beforeAll(async () => {
  db = await postgresDb();
});
afterAll(() => db.end());

/** Runs `sql` as a migration would (as postgres, in a transaction), then rolls it back. */
async function asMigration(sql: string): Promise<{ ok: true } | { ok: false; code: string; message: string }> {
  await db.query('begin');
  try {
    await db.query(sql);
    return { ok: true };
  } catch (err) {
    const e = err as pg.DatabaseError;
    return { ok: false, code: e.code ?? '', message: e.message };
  } finally {
    await db.query('rollback');
  }
}

describe('the postgres role, as on a hosted project', () => {
  it('is not a superuser but has the attributes hosted gives it', async () => {
    const { rows } = await db.query(`
      select current_user as who, rolsuper, rolcreaterole, rolcreatedb, rolreplication, rolbypassrls
      from pg_roles where rolname = current_user`);
    expect(rows[0]).toEqual({
      who: 'postgres',
      rolsuper: false,
      rolcreaterole: true,
      rolcreatedb: true,
      rolreplication: true,
      rolbypassrls: true,
    });
    const members = await db.query(
      `select pg_has_role('postgres', r, 'member') as m from unnest(array['anon','authenticated','service_role']) r`,
    );
    expect(members.rows.every((r) => r.m)).toBe(true);
    const owners = await db.query(
      `select pg_has_role('postgres', r, 'member') as m from unnest(array['supabase_auth_admin','supabase_storage_admin','supabase_realtime_admin']) r`,
    );
    expect(
      owners.rows.some((r) => r.m),
      'postgres must not own the platform tables through a membership',
    ).toBe(false);
  });

  it('refuses what hosted refuses to a migration, with the same kind of error', async () => {
    const refused: [string, string][] = [
      ['alter table storage.objects add column note text', '42501'],
      ['alter table auth.users enable row level security', '42501'],
      ['drop table storage.buckets', '42501'],
      ['create table auth.mine (id int)', '42501'],
      ['create event trigger mine on ddl_command_end execute function extensions.pgrst_ddl_watch()', '42501'],
      ['set local role authenticator', '42501'],
      [`alter role authenticator set pgrst.not_a_postgrest_setting = 'x'`, '42501'],
      ['create role sneaky superuser', '42501'],
      ['create extension if not exists file_fdw', '42501'],
    ];
    for (const [sql, code] of refused) {
      const result = await asMigration(sql);
      expect(result, sql).toMatchObject({ ok: false, code });
    }
  });

  it('refuses policies and dropped triggers on a platform table off supautils list, whatever the command, and lends nothing', async () => {
    // A platform table hosted leaves off the list, made by the auth service's own role as GoTrue would,
    // with a policy and a trigger of its own.
    const port = Number(new URL(inject('dbUrl')).port);
    const auth = new pg.Client({ connectionString: connectionString(port, 'supabase_auth_admin') });
    await auth.connect();
    try {
      await auth.query(`
        create table if not exists auth.hr_off_list (id int);
        grant all on auth.hr_off_list to postgres;
        create policy "its own" on auth.hr_off_list for select using (true);
        create or replace function auth.hr_noop() returns trigger language plpgsql as $$ begin return new; end $$;
        create trigger hr_noop after insert on auth.hr_off_list for each row execute function auth.hr_noop();`);
      expect(await asMigration('select count(*) from auth.hr_off_list'), 'its rows stay usable').toEqual({ ok: true });
      for (const sql of [
        'create policy mine on auth.hr_off_list for select using (true)',
        'alter policy "its own" on auth.hr_off_list using (false)',
        'drop policy "its own" on auth.hr_off_list',
        'drop trigger hr_noop on auth.hr_off_list',
      ]) {
        expect(await asMigration(sql), sql).toEqual({ ok: false, code: '42501', message: 'must be owner of table hr_off_list' });
      }
    } finally {
      await auth.query('drop table if exists auth.hr_off_list; drop function if exists auth.hr_noop()');
      await auth.end();
    }
  });

  it('ends the loan with the command: a later statement of the same migration gets no ownership', async () => {
    const result = await asMigration(`
      create policy "mine" on storage.objects for select to authenticated using (false);
      alter table storage.objects add column sneaky text;`);
    expect(result).toMatchObject({ ok: false, code: '42501' });
    await db.query('begin');
    try {
      await db.query(`create function public.hr_noop2() returns trigger language plpgsql as $$ begin return new; end $$`);
      await db.query('create trigger hr_noop2 after insert on auth.users for each row execute function public.hr_noop2()');
      await db.query('drop trigger hr_noop2 on auth.users');
      await db.query(`drop policy if exists "nothing" on storage.objects`);
      const { rows } = await db.query(
        `select bool_or(pg_has_role('postgres', r, 'member')) as lent
         from unnest(array['supabase_auth_admin', 'supabase_storage_admin', 'supabase_realtime_admin']) r`,
      );
      expect(rows[0].lent, 'inside the same transaction, after the commands').toBe(false);
    } finally {
      await db.query('rollback');
    }
  });

  it('allows what hosted allows: policies on storage.objects and realtime.messages, triggers on auth.users, buckets, trusted extensions', async () => {
    const allowed = [
      `create policy "mine" on storage.objects for select to authenticated using (bucket_id = 'x');
       alter policy "mine" on storage.objects using (bucket_id = 'y');
       drop policy "mine" on storage.objects;`,
      `create policy "mine" on realtime.messages for select to authenticated using (true); drop policy "mine" on realtime.messages;`,
      `create function public.hr_noop() returns trigger language plpgsql as $$ begin return new; end $$;
       create trigger hr_noop after insert on auth.users for each row execute function public.hr_noop();
       drop trigger hr_noop on auth.users;`,
      `insert into storage.buckets (id, name) values ('hr-test', 'hr-test')`,
      `select count(*) from auth.users`,
      `create extension if not exists pg_trgm with schema extensions`,
      `create table public.hr_table (id int); alter publication supabase_realtime add table public.hr_table;`,
      `set local role authenticated; select auth.uid();`,
      // Hosted grants the API roles to postgres with admin option, and these settings (supautils).
      `alter role authenticated set statement_timeout = '9s'`,
      // PostgREST's in-database configuration, as Supabase documents it (hosted's supautils allows it).
      `alter role authenticator set pgrst.db_pre_request = 'private.before_api_request'; notify pgrst, 'reload config';`,
      `set local session_replication_role = replica`,
    ];
    for (const sql of allowed) expect(await asMigration(sql), sql).toEqual({ ok: true });
  });

  it('a policy on storage.objects is really created as postgres (and owned by the table, not lent for good)', async () => {
    await db.query('begin');
    try {
      await db.query(`create policy "hr kept" on storage.objects for select to authenticated using (false)`);
      const { rows } = await db.query(`select count(*)::int as n from pg_policies where schemaname = 'storage' and policyname = 'hr kept'`);
      expect(rows[0].n).toBe(1);
      const member = await db.query(`select pg_has_role('postgres', 'supabase_storage_admin', 'member') as m`);
      expect(member.rows[0].m, 'the loan ends with the command').toBe(false);
    } finally {
      await db.query('rollback');
    }
  });
});
