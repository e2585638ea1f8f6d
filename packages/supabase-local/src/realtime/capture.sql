-- Local-only change capture for the realtime service. Hosted Supabase decodes the WAL through a
-- replication slot; the embedded cluster has no wal2json, so a row trigger on every table of
-- publication supabase_realtime queues each change as it was made (the new and old rows, as the
-- WAL would carry them), and a deferred trigger marks the transaction's commit, which orders
-- delivery and wakes the service with NOTIFY.
-- Runs as superuser at every start, after the migrations: everything here is idempotent.

create schema if not exists _local_realtime;
-- Queued rows hold whole records, drafts included: only the realtime service may read them.
revoke all on schema _local_realtime from public;
grant usage on schema _local_realtime to supabase_realtime_admin;

create table if not exists _local_realtime.changes (
  id bigserial primary key,
  schema text not null,
  "table" text not null,
  op text not null check (op in ('INSERT', 'UPDATE', 'DELETE')),
  record jsonb,
  old_record jsonb
);
-- The writing transaction, so a change is delivered only once its commit is marked, in commit order,
-- with the commit's time (the transaction's start time, kept here before, is not what hosted sends).
alter table _local_realtime.changes add column if not exists xid xid8 not null default pg_catalog.pg_current_xact_id();
alter table _local_realtime.changes drop column if exists commit_timestamp;
create index if not exists changes_xid on _local_realtime.changes (xid, id);
revoke all on table _local_realtime.changes from public, anon, authenticated, service_role;
grant select, delete on table _local_realtime.changes to supabase_realtime_admin;

-- One row per committed transaction that changed a published table. `seq` is taken just before the
-- commit, so it follows commit order (two transactions committing at the same instant may swap);
-- `committed_at` is the commit time hosted sends as commit_timestamp.
create table if not exists _local_realtime.commits (
  seq bigserial primary key,
  xid xid8 not null unique,
  committed_at timestamptz not null default pg_catalog.clock_timestamp()
);
revoke all on table _local_realtime.commits from public, anon, authenticated, service_role;
grant select, delete on table _local_realtime.commits to supabase_realtime_admin;

-- Security definer: writers (anon, authenticated through PostgREST) cannot touch the queue
-- themselves. The whole old row is kept; the service trims it to the replica identity.
create or replace function _local_realtime.capture() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into _local_realtime.changes (schema, "table", op, record, old_record)
  values (
    tg_table_schema,
    tg_table_name,
    tg_op,
    case when tg_op <> 'DELETE' then pg_catalog.to_jsonb(new) end,
    case when tg_op <> 'INSERT' then pg_catalog.to_jsonb(old) end
  );
  return null;
end $$;
revoke all on function _local_realtime.capture() from public;

-- Deferred to the commit: the first row of a transaction to get here marks it (later ones find the
-- mark), and the NOTIFY, sent at commit, wakes the service once per transaction.
create or replace function _local_realtime.mark_commit() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into _local_realtime.commits (xid) values (pg_catalog.pg_current_xact_id()) on conflict (xid) do nothing;
  if found then
    perform pg_catalog.pg_notify('_local_realtime', '');
  end if;
  return null;
end $$;
revoke all on function _local_realtime.mark_commit() from public;

-- Hosted Realtime's RLS check (realtime.apply_rls): may each subscriber see the row this primary
-- key names, asked of the table as it is now, as the subscriber's role and claims (only
-- request.jwt.claims, as hosted sets)? True or false; null when the check raised (a policy failing,
-- a missing privilege), for that subscriber only. Security invoker, so the service's own session
-- switches roles (it is a member of the API roles), as hosted's does; no search_path of its own, so
-- policies run as they would under a request.
create or replace function _local_realtime.visible_to(entity regclass, key jsonb, viewers jsonb) returns boolean[]
language plpgsql security invoker as $$
declare
  probe text;
  viewer jsonb;
  seen boolean;
  seen_by boolean[] := '{}';
begin
  select 'select exists (select 1 from ' || entity::text || ' where '
         || pg_catalog.string_agg(pg_catalog.format('%I = %L', k.key, k.value), ' and ') || ')'
    into probe
    from pg_catalog.jsonb_each_text(key) k;
  for viewer in select v from pg_catalog.jsonb_array_elements(viewers) v loop
    begin
      if viewer ->> 'role' not in ('anon', 'authenticated', 'service_role') then
        raise exception 'refusing to run as role %', viewer ->> 'role';
      end if;
      perform pg_catalog.set_config('role', viewer ->> 'role', true),
        pg_catalog.set_config('request.jwt.claims', viewer ->> 'claims', true);
      execute probe into seen;
    exception when others then
      raise warning '[realtime] visibility of a % change: %', entity, sqlerrm;
      seen := null;
    end;
    perform pg_catalog.set_config('role', null, true);
    seen_by := pg_catalog.array_append(seen_by, seen);
  end loop;
  return seen_by;
end $$;
revoke all on function _local_realtime.visible_to(regclass, jsonb, jsonb) from public;
grant execute on function _local_realtime.visible_to(regclass, jsonb, jsonb) to supabase_realtime_admin;

-- Puts the capture and commit triggers on every table of the publication and takes them off
-- tables that left. Never on our own queue (a FOR ALL TABLES publication would otherwise recurse).
create or replace function _local_realtime.sync_triggers() returns void
language plpgsql security definer set search_path = '' as $$
declare
  r record;
begin
  for r in
    select t.tgrelid::regclass as rel, t.tgname
    from pg_catalog.pg_trigger t
    where t.tgname in ('_local_realtime_capture', '_local_realtime_commit')
      and not exists (
        select 1 from pg_catalog.pg_publication_tables p
        where p.pubname = 'supabase_realtime'
          and pg_catalog.to_regclass(format('%I.%I', p.schemaname, p.tablename)) = t.tgrelid
      )
  loop
    execute format('drop trigger %I on %s', r.tgname, r.rel);
  end loop;

  for r in
    select p.schemaname, p.tablename, c.oid
    from pg_catalog.pg_publication_tables p
    join pg_catalog.pg_namespace n on n.nspname = p.schemaname
    join pg_catalog.pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
    where p.pubname = 'supabase_realtime'
      and p.schemaname not in ('_local_realtime', 'pg_catalog', 'information_schema')
      and c.relkind = 'r'
  loop
    if not exists (select 1 from pg_catalog.pg_trigger t where t.tgrelid = r.oid and t.tgname = '_local_realtime_capture') then
      execute format(
        'create trigger _local_realtime_capture after insert or update or delete on %I.%I for each row execute function _local_realtime.capture()',
        r.schemaname, r.tablename
      );
    end if;
    if not exists (select 1 from pg_catalog.pg_trigger t where t.tgrelid = r.oid and t.tgname = '_local_realtime_commit') then
      execute format(
        'create constraint trigger _local_realtime_commit after insert or update or delete on %I.%I deferrable initially deferred for each row execute function _local_realtime.mark_commit()',
        r.schemaname, r.tablename
      );
    end if;
  end loop;
end $$;
revoke all on function _local_realtime.sync_triggers() from public;

-- Tables added to (or dropped from) the publication at runtime, and new tables of a publication
-- FOR ALL TABLES / TABLES IN SCHEMA, are picked up as soon as the DDL runs.
create or replace function _local_realtime.on_ddl() returns event_trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform _local_realtime.sync_triggers();
end $$;
revoke all on function _local_realtime.on_ddl() from public;

drop event trigger if exists _local_realtime_publication_watch;
create event trigger _local_realtime_publication_watch on ddl_command_end
  when tag in ('CREATE PUBLICATION', 'ALTER PUBLICATION', 'CREATE TABLE')
  execute function _local_realtime.on_ddl();

select _local_realtime.sync_triggers();
