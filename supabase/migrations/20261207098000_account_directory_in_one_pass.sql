-- Reads that scale (issue 24), follow-up 3: the users screen (the accounts view) at thousands of
-- readers. account_directory() looked up each account's roles with one index probe per account
-- and folded each name and address through a function call; it now joins the roles aggregated
-- once (a hash join over user_roles, which holds the few newsroom roles) and folds inline. Same
-- columns, same rows, same check that the caller is an administrator.
create or replace function private.account_directory()
returns table (id uuid, user_id uuid, email text, full_name text, avatar_url text, roles text[], created_at timestamptz, search_key text)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_admin();
  return query
    select p.id, p.user_id, u.email::text, p.full_name, p.avatar_url, coalesce(r.roles, '{}'), p.created_at,
           -- private.fold, written out: one expression per row instead of a function call.
           pg_catalog.lower(extensions.unaccent('extensions.unaccent'::regdictionary,
                                                coalesce(p.full_name, '') || ' ' || coalesce(u.email::text, '')))
    from public.profiles p
    join auth.users u on u.id = p.user_id
    left join (select ur.user_id, pg_catalog.array_agg(ur.role::text order by ur.role) as roles
               from public.user_roles ur group by ur.user_id) r on r.user_id = p.user_id;
end $$;
