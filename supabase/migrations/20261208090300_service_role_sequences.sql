-- Issue 29, hosted parity: on a project whose migrations ran with hosted's "default privileges for
-- new entities" on, every sequence of public was also granted to service_role, which the grants
-- repair (…_api_grants_whatever_default_privileges.sql) left in place. No API role is meant to use a
-- sequence (identity columns need none; README, "Default privileges"): taken back from all three,
-- a no-op where they hold none.
revoke all on all sequences in schema public from anon, authenticated, service_role;
