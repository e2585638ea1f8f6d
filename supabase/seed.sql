-- Local content only (`supabase db reset` and the local stack apply it; `supabase db push` does not).

-- Local accounts, listed in the README and in supabase/local/accounts.ts. Passwords are bcrypt
-- hashes made by pgcrypto, exactly as GoTrue stores them.
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at, confirmation_token, recovery_token,
  email_change_token_new, email_change)
values
  ('00000000-0000-0000-0000-000000000000', 'a0000000-0000-4000-8000-000000000001', 'authenticated', 'authenticated',
   'admin@afrique-actu.local', extensions.crypt('admin-local-123', extensions.gen_salt('bf', 10)), now() - interval '120 days',
   '{"provider":"email","providers":["email"]}', '{"full_name":"Aminata Diallo","email_verified":true}',
   now() - interval '120 days', now() - interval '120 days', '', '', '', ''),
  ('00000000-0000-0000-0000-000000000000', 'a0000000-0000-4000-8000-000000000002', 'authenticated', 'authenticated',
   'lecteur@afrique-actu.local', extensions.crypt('lecteur-local-123', extensions.gen_salt('bf', 10)), now() - interval '45 days',
   '{"provider":"email","providers":["email"]}', '{"full_name":"Kwame Mensah","email_verified":true}',
   now() - interval '45 days', now() - interval '45 days', '', '', '', '');

insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
select id::text, id, jsonb_build_object('sub', id::text, 'email', email, 'email_verified', true), 'email', created_at, created_at
from auth.users where email in ('admin@afrique-actu.local', 'lecteur@afrique-actu.local');
