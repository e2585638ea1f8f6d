// Makes an existing or new account an administrator, on the local stack or a hosted project.
//   SUPABASE_URL=https://<ref>.supabase.co SUPABASE_SERVICE_ROLE_KEY=... npm run admin:create -- redaction@example.com [password]
// The service-role key bypasses RLS: keep it on this machine, never in a VITE_ variable.
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';

const [email, password] = process.argv.slice(2);
const url = process.env.SUPABASE_URL ?? 'http://127.0.0.1:54321';
const serviceKey = process.env.SUPABASE_SERVICE_ROLE_KEY;
if (!email || !serviceKey) {
  console.error('usage: SUPABASE_SERVICE_ROLE_KEY=... [SUPABASE_URL=...] npm run admin:create -- <email> [password for a new account]');
  process.exit(2);
}
const sb = createClient(url, serviceKey, { auth: { persistSession: false }, realtime: { transport: ws as never } });

async function findUser(address: string) {
  for (let page = 1; ; page++) {
    const { data, error } = await sb.auth.admin.listUsers({ page, perPage: 200 });
    if (error) throw new Error(`listing users failed: ${error.message}`);
    const hit = data.users.find((u) => u.email?.toLowerCase() === address.toLowerCase());
    if (hit || data.users.length < 200) return hit ?? null;
  }
}

let user = await findUser(email);
if (!user) {
  if (!password) throw new Error(`no account for ${email}: pass a password to create it`);
  const { data, error } = await sb.auth.admin.createUser({ email, password, email_confirm: true, user_metadata: { full_name: 'Rédaction' } });
  if (error) throw new Error(`creating ${email} failed: ${error.message}`);
  user = data.user;
  console.log(`Created ${email}.`);
}
const { error } = await sb.from('user_roles').upsert({ user_id: user.id, role: 'admin' }, { onConflict: 'user_id,role', ignoreDuplicates: true });
if (error) throw new Error(`granting admin failed: ${error.message}`);
console.log(`${email} is an administrator.`);
