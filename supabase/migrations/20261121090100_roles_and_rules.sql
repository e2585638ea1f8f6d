-- Who is who, and the rules no client can bypass: roles, profiles from sign-up, article invariants.

-- Helpers used inside policies live outside the API schema, so PostgREST never exposes them.
create schema if not exists private;
grant usage on schema private to anon, authenticated, service_role;

-- Functions are executable by PUBLIC by default; here every grant is explicit.
alter default privileges in schema public revoke execute on functions from public;
alter default privileges in schema private revoke execute on functions from public;

create function private.is_admin() returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.user_roles where user_id = auth.uid() and role = 'admin')
$$;
revoke execute on function private.is_admin() from public;
grant execute on function private.is_admin() to anon, authenticated, service_role;

-- The role lookup (docs/product.md#roles). It answers only about the caller (or for an admin or the service role),
-- so nobody can find out who the administrators are.
create function public.has_role(_user_id uuid, _role public.app_role) returns boolean
language plpgsql stable security definer set search_path = '' as $$
begin
  if _user_id is distinct from auth.uid() and auth.role() is distinct from 'service_role' and not private.is_admin() then
    raise exception 'has_role may only be asked about the signed-in user' using errcode = '42501';
  end if;
  return exists (select 1 from public.user_roles where user_id = _user_id and role = _role);
end $$;
revoke execute on function public.has_role(uuid, public.app_role) from public, anon, authenticated, service_role;
grant execute on function public.has_role(uuid, public.app_role) to anon, authenticated, service_role;

-- Every account gets its profile, named from the sign-up form's full_name.
create function private.handle_new_user() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.profiles (user_id, full_name, created_at)
  values (new.id, left(nullif(btrim(new.raw_user_meta_data ->> 'full_name'), ''), 120), coalesce(new.created_at, now()));
  return new;
end $$;
revoke execute on function private.handle_new_user() from public;
create trigger on_auth_user_created after insert on auth.users
  for each row execute function private.handle_new_user();

-- The newsroom must always keep one administrator. The lock serialises concurrent revocations,
-- so two admins removing each other at once cannot leave none.
create function private.keep_last_admin() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if old.role = 'admin' and (tg_op = 'DELETE' or new.role <> 'admin' or new.user_id <> old.user_id) then
    perform pg_advisory_xact_lock(hashtext('public.user_roles:admins'));
    if not exists (select 1 from public.user_roles where role = 'admin' and id <> old.id) then
      raise exception 'Cannot remove the last administrator'
        using errcode = 'P0001', detail = 'last_admin', hint = 'Grant the admin role to another user first.';
    end if;
  end if;
  return coalesce(new, old);
end $$;
revoke execute on function private.keep_last_admin() from public;
create trigger keep_last_admin before update or delete on public.user_roles
  for each row execute function private.keep_last_admin();

-- Article invariants, whoever writes: published_at follows the status (docs/product.md#status-and-visibility), updated_at moves
-- on every edit, and nobody signs an article in someone else's name.
create function private.article_rules() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.status = 'draft' then
    new.published_at := null;
  elsif new.published_at is null then
    new.published_at := now();
  end if;
  if tg_op = 'UPDATE' then
    -- API roles cannot write updated_at (column grants); an explicit value comes from maintenance.
    if new.updated_at is not distinct from old.updated_at then
      new.updated_at := now();
    end if;
    if new.author_id is distinct from old.author_id and new.author_id is distinct from auth.uid()
       and auth.role() is distinct from 'service_role' and current_user <> 'postgres' then
      raise exception 'author_id can only be set to the signed-in user' using errcode = '42501';
    end if;
  end if;
  return new;
end $$;
revoke execute on function private.article_rules() from public;
create trigger article_rules before insert or update on public.articles
  for each row execute function private.article_rules();

create function private.touch_updated_at() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.updated_at := now();
  return new;
end $$;
revoke execute on function private.touch_updated_at() from public;
create trigger profiles_touch before update on public.profiles
  for each row execute function private.touch_updated_at();

-- The search document, shared by the index and the search function so the index is used.
create function private.article_document(title text, excerpt text, content text) returns tsvector
language sql immutable parallel safe set search_path = '' as $$
  select setweight(to_tsvector('public.french_unaccent', coalesce(title, '')), 'A') ||
         setweight(to_tsvector('public.french_unaccent', coalesce(excerpt, '')), 'B') ||
         setweight(to_tsvector('public.french_unaccent', regexp_replace(coalesce(content, ''), '<[^>]+>', ' ', 'g')), 'C')
$$;
grant execute on function private.article_document(text, text, text) to anon, authenticated, service_role;
create index articles_search_idx on public.articles using gin (private.article_document(title, excerpt, content));
