-- Platform objects that every hosted Supabase project already has before its migrations run.
-- The local stack applies this once, as the cluster superuser, on a new database; the project's
-- migrations then run exactly as `supabase db push` would run them on a hosted project.
-- Deliberately absent: default privileges on schema public. Hosted projects no longer grant new
-- tables to anon/authenticated automatically, so a migration missing a GRANT must fail here too.

-- Roles ----------------------------------------------------------------------------------------
create role anon nologin noinherit;
create role authenticated nologin noinherit;
create role service_role nologin noinherit bypassrls;
create role authenticator login noinherit password 'authenticator-local';
grant anon, authenticated, service_role to authenticator;

-- Service roles of the local auth, storage and realtime servers: never superusers.
create role supabase_auth_admin login noinherit createrole password 'auth-local';
create role supabase_storage_admin login noinherit password 'storage-local';
grant anon, authenticated, service_role to supabase_storage_admin;
create role supabase_realtime_admin login noinherit password 'realtime-local';
grant anon, authenticated, service_role to supabase_realtime_admin;

grant usage on schema public to anon, authenticated, service_role;
alter role authenticator set statement_timeout = '8s';

-- Extensions live in their own schema, as on hosted projects ------------------------------------
create schema extensions;
grant usage on schema extensions to anon, authenticated, service_role, supabase_auth_admin;
create extension pgcrypto with schema extensions;
create extension "uuid-ossp" with schema extensions;

-- auth -----------------------------------------------------------------------------------------
create schema auth authorization supabase_auth_admin;
grant usage on schema auth to anon, authenticated, service_role, supabase_storage_admin, supabase_realtime_admin;

create function auth.uid() returns uuid language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create function auth.role() returns text language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create function auth.email() returns text language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

create function auth.jwt() returns jsonb language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt()
  to anon, authenticated, service_role, supabase_storage_admin, supabase_realtime_admin;

create table auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text unique default null,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0,
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
create unique index users_email_partial_key on auth.users (lower(email)) where is_sso_user = false;
alter table auth.users owner to supabase_auth_admin;
alter table auth.users enable row level security;

create table auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid primary key default gen_random_uuid(),
  unique (provider_id, provider)
);
alter table auth.identities owner to supabase_auth_admin;
alter table auth.identities enable row level security;

create table auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz,
  updated_at timestamptz,
  factor_id uuid,
  aal text,
  not_after timestamptz,
  refreshed_at timestamp,
  user_agent text,
  ip inet,
  tag text
);
alter table auth.sessions owner to supabase_auth_admin;
alter table auth.sessions enable row level security;

create table auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) unique,
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
alter table auth.refresh_tokens owner to supabase_auth_admin;
alter table auth.refresh_tokens enable row level security;

-- storage --------------------------------------------------------------------------------------
create schema storage authorization supabase_storage_admin;
grant usage on schema storage to anon, authenticated, service_role;

create table storage.buckets (
  id text primary key,
  name text not null unique,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[]
);

create table storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  user_metadata jsonb,
  version text,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  unique (bucket_id, name)
);

alter table storage.buckets owner to supabase_storage_admin;
alter table storage.objects owner to supabase_storage_admin;
alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;

create function storage.foldername(name text) returns text[] language plpgsql immutable as $$
declare _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1 : array_length(_parts, 1) - 1];
end $$;

create function storage.filename(name text) returns text language plpgsql immutable as $$
declare _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end $$;

create function storage.extension(name text) returns text language plpgsql immutable as $$
declare _parts text[]; _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end $$;

alter function storage.foldername(text) owner to supabase_storage_admin;
alter function storage.filename(text) owner to supabase_storage_admin;
alter function storage.extension(text) owner to supabase_storage_admin;
grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
  to anon, authenticated, service_role;

-- realtime -------------------------------------------------------------------------------------
create publication supabase_realtime;

-- PostgREST schema cache: reload after DDL, as hosted projects do with their pgrst_ddl_watch.
create function extensions.pgrst_ddl_watch() returns event_trigger language plpgsql as $$
begin
  notify pgrst, 'reload schema';
end $$;
create event trigger pgrst_ddl_watch on ddl_command_end execute procedure extensions.pgrst_ddl_watch();
create event trigger pgrst_drop_watch on sql_drop execute procedure extensions.pgrst_ddl_watch();

-- Migration history, recorded where the Supabase CLI records it.
create schema supabase_migrations;
create table supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);

-- @reapplied-at-start ---------------------------------------------------------------------------
-- Everything below is idempotent and also runs at every start, so a data folder bootstrapped
-- before it was written gets it too (the migrations rely on it).

-- Statement timeouts per API role, as the platform sets them on hosted projects (not something a
-- migration does there). PostgREST applies a role's settings to each request it runs as that role.
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';

-- Realtime Authorization: private channels are decided by RLS on realtime.messages under the
-- client's role and claims, with the channel's topic in realtime.topic(). Owned by the realtime
-- service's role, which writes the probe rows policies are checked against (then rolls back).
create schema if not exists realtime authorization supabase_realtime_admin;
grant usage on schema realtime to anon, authenticated, service_role;
create table if not exists realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp not null default now(),
  inserted_at timestamp not null default now(),
  id uuid not null default gen_random_uuid(),
  primary key (id, inserted_at)
);
alter table realtime.messages owner to supabase_realtime_admin;
alter table realtime.messages enable row level security;
grant select, insert, update on realtime.messages to anon, authenticated, service_role;

create or replace function realtime.topic() returns text language sql stable as $$
  select nullif(current_setting('realtime.topic', true), '')::text
$$;
alter function realtime.topic() owner to supabase_realtime_admin;
grant execute on function realtime.topic() to anon, authenticated, service_role;
