-- Lets PostgREST embed a profile's roles (profiles?select=*,user_roles(role)) for the back office's
-- users screen: both tables point at auth.users, which the API does not expose, so the link is made
-- explicit. Every account has its profile (created by the sign-up trigger) before any role.
alter table public.user_roles
  add constraint user_roles_profile_fkey foreign key (user_id) references public.profiles (user_id) on delete cascade;
