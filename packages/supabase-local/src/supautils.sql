-- What hosted's supautils extension lets `postgres` do on platform tables it does not own:
-- create, alter and drop POLICIES (supautils.policy_grants) and drop TRIGGERS
-- (supautils.drop_trigger_grants), on the list below and nothing more. Anything else on those
-- tables (ALTER TABLE, a policy on a table off the list) fails with "must be owner of table …"
-- (42501), as on hosted. Plain PostgreSQL has no such hook, so event triggers emulate it: at the
-- start of one of these commands run by `postgres`, the owning service roles are lent to it; at the
-- end, the table the command touched is checked against the list and the loan is taken back. A
-- failed command rolls the loan back with it.
-- Runs as supabase_admin at every start, after hostedRoles.sql: idempotent.

create schema if not exists _local_supautils;
revoke all on schema _local_supautils from public;

-- Hosted's list, as supabase/postgres sets it (ansible/files/postgresql_config/conf.d/supautils.conf,
-- the same for policy_grants and drop_trigger_grants); names this stack lacks simply never match.
create or replace function _local_supautils.granted_tables() returns text[]
language sql immutable as $$
  select array[
    'auth.audit_log_entries', 'auth.flow_state', 'auth.identities', 'auth.instances', 'auth.mfa_amr_claims',
    'auth.mfa_challenges', 'auth.mfa_factors', 'auth.oauth_clients', 'auth.one_time_tokens', 'auth.refresh_tokens',
    'auth.saml_providers', 'auth.saml_relay_states', 'auth.sessions', 'auth.sso_domains', 'auth.sso_providers', 'auth.users',
    'realtime.messages', 'realtime.subscription',
    'storage.buckets', 'storage.buckets_analytics', 'storage.objects', 'storage.prefixes',
    'storage.s3_multipart_uploads', 'storage.s3_multipart_uploads_parts'
  ]
$$;

create or replace function _local_supautils.lenders() returns name[]
language sql immutable as $$
  select array['supabase_auth_admin', 'supabase_storage_admin', 'supabase_realtime_admin']::name[]
$$;

-- session_user: these run as their owner (a superuser), so the command's author is who logged in.
-- supautils asks current_user: a SECURITY DEFINER function owned by postgres that creates a storage
-- policy works on hosted when another login calls it, and fails here (README, differences).
create or replace function _local_supautils.lend() returns event_trigger
language plpgsql security definer set search_path = '' as $$
begin
  if session_user = 'postgres' then
    execute format('grant %s to postgres with inherit true, set false', array_to_string(_local_supautils.lenders(), ', '));
  end if;
end $$;

-- Refuses the command when the table it touched is one only a loan made reachable and is off the list.
create or replace function _local_supautils.check_table(rel oid) returns void
language plpgsql security definer set search_path = '' as $$
declare
  t record;
begin
  select n.nspname, c.relname, c.relowner::regrole::name as owner into t
  from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where c.oid = rel;
  if found and t.owner = any (_local_supautils.lenders())
     and not (format('%s.%s', t.nspname, t.relname) = any (_local_supautils.granted_tables())) then
    raise exception 'must be owner of table %', t.relname using errcode = '42501';
  end if;
end $$;

create or replace function _local_supautils.settle() returns event_trigger
language plpgsql security definer set search_path = '' as $$
declare
  cmd record;
begin
  if session_user <> 'postgres' then
    return;
  end if;
  for cmd in select * from pg_catalog.pg_event_trigger_ddl_commands() where object_type = 'policy' loop
    perform _local_supautils.check_table((select polrelid from pg_catalog.pg_policy where oid = cmd.objid));
  end loop;
  execute format('revoke %s from postgres', array_to_string(_local_supautils.lenders(), ', '));
end $$;

-- Dropped policies and triggers are gone from the catalog by ddl_command_end: checked here, by name.
create or replace function _local_supautils.settle_drop() returns event_trigger
language plpgsql security definer set search_path = '' as $$
declare
  dropped record;
begin
  if session_user <> 'postgres' then
    return;
  end if;
  for dropped in
    select * from pg_catalog.pg_event_trigger_dropped_objects() where object_type in ('policy', 'trigger')
  loop
    perform _local_supautils.check_table(
      pg_catalog.to_regclass(format('%I.%I', dropped.address_names[1], dropped.address_names[2]))
    );
  end loop;
end $$;

revoke all on all functions in schema _local_supautils from public;

-- Outside a loan postgres is a member of none of them (hostedRoles.sql: their tables are not its own).
do $$
begin
  execute format('revoke %s from postgres', array_to_string(_local_supautils.lenders(), ', '));
end $$;

drop event trigger if exists _local_supautils_lend;
drop event trigger if exists _local_supautils_settle;
drop event trigger if exists _local_supautils_settle_drop;
create event trigger _local_supautils_lend on ddl_command_start
  when tag in ('CREATE POLICY', 'ALTER POLICY', 'DROP POLICY', 'DROP TRIGGER')
  execute function _local_supautils.lend();
create event trigger _local_supautils_settle on ddl_command_end
  when tag in ('CREATE POLICY', 'ALTER POLICY', 'DROP POLICY', 'DROP TRIGGER')
  execute function _local_supautils.settle();
create event trigger _local_supautils_settle_drop on sql_drop
  when tag in ('DROP POLICY', 'DROP TRIGGER')
  execute function _local_supautils.settle_drop();
