-- Issue 29: anyone may sign up, and a signed-in reader kept the `authenticated` role's 8 s statement
-- timeout, so a free reader token made costly pattern filters (`title=imatch.…`) run 8 s where anon's
-- stop at 3 s, and uncached pages took 5 s. Readers and the newsroom are both `authenticated`: before
-- each API request PostgREST calls this function (its db-pre-request), which holds a caller outside
-- the newsroom to anon's 3 s. The newsroom keeps the role's 8 s (its screens read drafts,
-- revisions and statistics); the service role keeps its own. One indexed lookup of user_roles per
-- request, and only for signed-in callers.
create function private.before_api_request() returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  if auth.role() is not distinct from 'authenticated' and not private.is_newsroom() then
    -- Local to the request's transaction: the statement PostgREST runs next is held to it.
    perform pg_catalog.set_config('statement_timeout', '3s', true);
  end if;
end $$;
revoke execute on function private.before_api_request() from public;
grant execute on function private.before_api_request() to anon, authenticated, service_role;

-- Registered the hosted way: PostgREST reads `pgrst.*` settings of the role it connects as
-- (db-config), and reloads them on this notification.
alter role authenticator set pgrst.db_pre_request = 'private.before_api_request';
notify pgrst, 'reload config';
