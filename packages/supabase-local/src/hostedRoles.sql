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
-- Hosted's supautils lets it change `authenticator`'s `pgrst.*` settings, PostgREST's in-database
-- configuration (`alter role authenticator set pgrst.db_pre_request = …` + `notify pgrst, 'reload
-- config'`, as Supabase documents). PostgreSQL lets a CREATEROLE role change another role's settings
-- only with admin option on it: granted without its rights (inherit false) or switching to it (set
-- false). Wider than hosted, which allows `pgrst.*` only (README, differences).
grant authenticator to postgres with admin option, inherit false, set false;
-- A setting PostgreSQL does not know (a placeholder) is set by a non-superuser only with SET on it:
-- PostgREST 12's in-database settings (its docs' list), so `pgrst.*` works and a made-up name does not.
grant set on parameter pgrst.db_aggregates_enabled, pgrst.db_anon_role, pgrst.db_pre_config, pgrst.db_extra_search_path,
  pgrst.db_max_rows, pgrst.db_plan_enabled, pgrst.db_pre_request, pgrst.db_prepared_statements, pgrst.db_root_spec,
  pgrst.db_schemas, pgrst.db_tx_end, pgrst.db_use_legacy_gucs, pgrst.jwt_aud, pgrst.jwt_role_claim_key, pgrst.jwt_secret,
  pgrst.jwt_secret_is_base64, pgrst.jwt_cache_max_lifetime, pgrst.openapi_mode, pgrst.openapi_security_active,
  pgrst.openapi_server_proxy_uri, pgrst.raw_media_types, pgrst.server_cors_allowed_origins, pgrst.server_trace_header,
  pgrst.server_timing_enabled
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
