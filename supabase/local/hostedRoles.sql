-- The `postgres` role as a hosted Supabase project has it: NOT a superuser. Migrations, the seed and
-- anyone using the printed database URL work as this role, so a migration needing a power hosted's
-- `postgres` lacks fails here as it would on `supabase db push`. The cluster's superuser is
-- `supabase_admin`, as on hosted; only the local services' plumbing runs as it.
-- Runs as supabase_admin at every start, after bootstrap.sql: everything here is idempotent.

do $$
begin
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'postgres') then
    create role postgres;
  end if;
end $$;
alter role postgres with nosuperuser createdb createrole login replication bypassrls password 'postgres';

-- What hosted grants it: the API roles with admin option (to test as them with `set role`, to tune
-- them with `alter role authenticated set …`), monitoring, and the database itself (so it owns
-- schema public through pg_database_owner).
grant anon, authenticated, service_role to postgres with admin option;
grant pg_monitor, pg_signal_backend to postgres;
-- supautils.privileged_role_allowed_configs: settings hosted lets postgres change (the core ones).
grant set on parameter session_replication_role, log_lock_waits, log_min_duration_statement, log_min_messages,
  log_parameter_max_length, log_replication_commands, log_statement, log_temp_files, track_io_timing, wal_compression
  to postgres;
alter database postgres owner to postgres;
grant all on schema extensions to postgres;

-- Platform schemas: usable, their rows readable and writable (auth.users for the seed, buckets),
-- triggers allowed (TRIGGER privilege), but never their DDL: the tables stay owned by the services'
-- roles and `postgres` is not a member of those, as on hosted since supautils took that over.
grant usage on schema auth, storage, realtime to postgres;
revoke create on schema auth, storage, realtime from postgres;
grant all on all tables in schema auth to postgres;
grant all on all sequences in schema auth to postgres;
grant all on all tables in schema storage to postgres;
grant all on all tables in schema realtime to postgres;
grant execute on all functions in schema auth, storage, realtime to postgres;

-- Owned by postgres on hosted: `alter publication supabase_realtime add table …` is a migration's job.
alter publication supabase_realtime owner to postgres;

-- The Supabase CLI records migrations as the role it pushes them with.
alter schema supabase_migrations owner to postgres;
alter table supabase_migrations.schema_migrations owner to postgres;
