-- Local-only change capture for the realtime service. Hosted Supabase decodes the WAL through a
-- replication slot; the embedded cluster has no wal2json, so a row trigger on every table of
-- publication supabase_realtime queues each change and wakes the service with NOTIFY.
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
  old_record jsonb,
  commit_timestamp timestamptz not null default now()
);
revoke all on table _local_realtime.changes from public, anon, authenticated, service_role;
grant select, delete on table _local_realtime.changes to supabase_realtime_admin;

-- Security definer: writers (anon, authenticated through PostgREST) cannot touch the queue
-- themselves. NOTIFY carries only the id, since a record can exceed NOTIFY's 8 kB payload limit.
create or replace function _local_realtime.capture() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  change_id bigint;
begin
  insert into _local_realtime.changes (schema, "table", op, record, old_record)
  values (
    tg_table_schema,
    tg_table_name,
    tg_op,
    case when tg_op <> 'DELETE' then to_jsonb(new) end,
    case when tg_op <> 'INSERT' then to_jsonb(old) end
  )
  returning id into change_id;
  perform pg_notify('_local_realtime', change_id::text);
  return null;
end $$;
revoke all on function _local_realtime.capture() from public;

-- Puts the capture trigger on every table of the publication and takes it off tables that left.
-- Never on our own queue (a FOR ALL TABLES publication would otherwise make it recurse).
create or replace function _local_realtime.sync_triggers() returns void
language plpgsql security definer set search_path = '' as $$
declare
  r record;
begin
  for r in
    select t.tgrelid::regclass as rel
    from pg_catalog.pg_trigger t
    where t.tgname = '_local_realtime_capture'
      and not exists (
        select 1 from pg_catalog.pg_publication_tables p
        where p.pubname = 'supabase_realtime'
          and pg_catalog.to_regclass(format('%I.%I', p.schemaname, p.tablename)) = t.tgrelid
      )
  loop
    execute format('drop trigger _local_realtime_capture on %s', r.rel);
  end loop;

  for r in
    select p.schemaname, p.tablename
    from pg_catalog.pg_publication_tables p
    join pg_catalog.pg_namespace n on n.nspname = p.schemaname
    join pg_catalog.pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
    where p.pubname = 'supabase_realtime'
      and p.schemaname not in ('_local_realtime', 'pg_catalog', 'information_schema')
      and c.relkind = 'r'
      and not exists (select 1 from pg_catalog.pg_trigger t where t.tgrelid = c.oid and t.tgname = '_local_realtime_capture')
  loop
    execute format(
      'create trigger _local_realtime_capture after insert or update or delete on %I.%I for each row execute function _local_realtime.capture()',
      r.schemaname, r.tablename
    );
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
