-- The earlier migrations now revoke before they grant, so a new project gets the same grants whether
-- hosted's "default privileges for new entities" are on or off. A project that ran them BEFORE
-- those revokes were added, with the setting on, still holds the wide grants it made: every table,
-- sequence and function of public granted whole to anon and authenticated, which overrides the
-- column grants (anon reading every profile's bio, a signed-in caller writing any column). This
-- takes back exactly what those defaults add and the migrations never grant, and is a no-op where
-- the grants are already right. Column grants are the migrations' own (default privileges never
-- make any), so they are kept: a table-level REVOKE would take them too, so they are re-granted.

do $$
declare
  rel record;
  col record;
  fn record;
begin
  -- The table-level revokes below remove column grants too: they are kept here and given back.
  create temporary table if not exists kept_column_grants (relname text, attname name, grantee text, privilege_type text) on commit drop;
  truncate kept_column_grants;
  for rel in
    select c.oid, c.relkind, format('%I.%I', n.nspname, c.relname) as name
    from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'S')
  loop
    if rel.relkind = 'S' then
      -- Identity columns need no sequence rights; no API role is given any.
      execute format('revoke all on sequence %s from anon, authenticated', rel.name);
      continue;
    end if;

    -- The migrations write through named columns only, and never truncate, reference or trigger.
    for col in
      select a.attname, acl.grantee::regrole::text as grantee, acl.privilege_type
      from pg_catalog.pg_attribute a cross join lateral aclexplode(a.attacl) acl
      where a.attrelid = rel.oid and a.attnum > 0 and not a.attisdropped
        and acl.grantee in ('anon'::regrole, 'authenticated'::regrole)
    loop
      insert into kept_column_grants values (rel.name, col.attname, col.grantee, col.privilege_type);
    end loop;
    execute format('revoke insert, update, truncate, references, trigger, maintain on %s from anon, authenticated', rel.name);
    -- A visitor deletes nothing; a view's rows are never written through the API.
    execute format('revoke delete on %s from anon', rel.name);
    if rel.relkind in ('v', 'm') then
      execute format('revoke insert, update, delete on %s from authenticated, service_role', rel.name);
    end if;
    -- On a table under row-level security, reading or deleting is granted only where some policy
    -- lets that role do it: a grant no policy uses was the defaults', never the migrations'.
    for col in
      select r.role, r.cmd from (values ('anon', 'SELECT'), ('anon', 'DELETE'), ('authenticated', 'SELECT'), ('authenticated', 'DELETE')) r (role, cmd)
      where rel.relkind in ('r', 'p')
        and (select c.relrowsecurity from pg_catalog.pg_class c where c.oid = rel.oid)
        and not exists (
          select 1 from pg_catalog.pg_policy pol
          where pol.polrelid = rel.oid
            and pol.polcmd in ('*', case r.cmd when 'SELECT' then 'r' else 'd' end)
            and (pol.polroles @> array[0::oid] or pol.polroles @> array[r.role::regrole::oid])
        )
    loop
      execute format('revoke %s on %s from %I', col.cmd, rel.name, col.role);
    end loop;
    -- Where a role reads through named columns, a table-wide SELECT would override them.
    for col in
      select distinct k.grantee from kept_column_grants k where k.relname = rel.name and k.privilege_type = 'SELECT'
    loop
      execute format('revoke select on %s from %I', rel.name, col.grantee);
    end loop;
  end loop;

  for col in select * from kept_column_grants loop
    execute format('grant %s (%I) on %s to %I', col.privilege_type, col.attname, col.relname, col.grantee);
  end loop;

  -- The account directory is the administrators' (through its function); visitors read nothing of it.
  revoke select on public.accounts from anon;

  -- Functions the migrations keep from visitors (they refuse non-administrators themselves too).
  for fn in
    select p.oid::regprocedure as sig from pg_catalog.pg_proc p
    where p.pronamespace = 'public'::regnamespace
      and p.proname in ('analytics_summary', 'dashboard_stats', 'set_front_page', 'title_key')
  loop
    execute format('revoke execute on function %s from public, anon', fn.sig);
  end loop;
end $$;
