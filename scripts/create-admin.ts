// Makes an administrator, on the local stack or a hosted project, with the service-role key:
//   npm run admin:create -- redaction@example.com 'a-strong-password'   creates a new account
//   npm run admin:create -- redaction@example.com --promote-existing     promotes an account that exists
// An existing account is never promoted without --promote-existing: whoever registered an address
// first owns that account, so the script shows when it was made and whether its address was
// confirmed, for you to check it is yours. The service-role key bypasses RLS: keep it on this
// machine, never in a VITE_ variable.
import { createClient, type User } from '@supabase/supabase-js';
import ws from 'ws';
import type { Database } from '../src/lib/database.ts';
import { MIN_PASSWORD_LENGTH } from '../src/public/auth/validation.ts';

const PROMOTE = '--promote-existing';
const USAGE = `usage: SUPABASE_SERVICE_ROLE_KEY=... [SUPABASE_URL=...] npm run admin:create -- <email> <password>   (new account)
       SUPABASE_SERVICE_ROLE_KEY=... [SUPABASE_URL=...] npm run admin:create -- <email> ${PROMOTE}   (existing account)`;

const fail = (message: string, code = 1): never => {
  console.error(message);
  process.exit(code);
};

const args = process.argv.slice(2);
const promote = args.includes(PROMOTE);
const unknownFlag = args.find((a) => a.startsWith('--') && a !== PROMOTE);
const [email, password, extra] = args.filter((a) => a !== PROMOTE);
const url = process.env.SUPABASE_URL ?? 'http://127.0.0.1:54321';
const serviceKey = process.env.SUPABASE_SERVICE_ROLE_KEY;
if (!email || !serviceKey || unknownFlag || extra) fail(unknownFlag ? `unknown option ${unknownFlag}\n${USAGE}` : USAGE, 2);
const sb = createClient<Database>(url, serviceKey!, { auth: { persistSession: false }, realtime: { transport: ws as never } });

async function findUser(address: string): Promise<User | null> {
  for (let page = 1; ; page++) {
    const { data, error } = await sb.auth.admin.listUsers({ page, perPage: 200 });
    if (error) throw new Error(`listing users failed: ${error.message}`);
    const hit = data.users.find((u) => u.email?.toLowerCase() === address.toLowerCase());
    if (hit || data.users.length < 200) return hit ?? null;
  }
}

async function grantAdmin(user: User): Promise<void> {
  const { data, error } = await sb
    .from('user_roles')
    .upsert({ user_id: user.id, role: 'admin' }, { onConflict: 'user_id,role', ignoreDuplicates: true })
    .select('id');
  if (error) throw new Error(`granting admin failed: ${error.message}`);
  console.log(data.length ? `${user.email} is an administrator.` : `${user.email} was already an administrator; nothing changed.`);
}

const existing = await findUser(email);
if (existing) {
  const confirmed = existing.email_confirmed_at ? `confirmed on ${existing.email_confirmed_at}` : 'NOT confirmed';
  console.log(
    `An account already exists for ${existing.email}: created ${existing.created_at}, e-mail ${confirmed}, last sign-in ${existing.last_sign_in_at ?? 'never'}.`,
  );
  if (password)
    fail(
      `Refused: a password was given, but this script never sets the password of an existing account. If that account is yours, ` +
        `run again without a password and with ${PROMOTE}.`,
    );
  if (!promote) fail(`Not promoted. Check that this account is yours (the dates above), then run again with ${PROMOTE}.`);
  if (!existing.email_confirmed_at) console.log('Its e-mail is not confirmed: it cannot sign in until it is.');
  await grantAdmin(existing);
} else {
  if (promote) fail(`Refused: there is no account for ${email} to promote. Give a password instead of ${PROMOTE} to create it.`);
  if (!password) fail(`There is no account for ${email}: give a password to create it.\n${USAGE}`);
  // GoTrue checks no length when an administrator creates an account: the readers' rule is held here.
  if (password!.length < MIN_PASSWORD_LENGTH) fail(`Refused: the password must have at least ${MIN_PASSWORD_LENGTH} characters.`);
  const { data, error } = await sb.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { full_name: 'Rédaction' },
  });
  if (error) throw new Error(`creating ${email} failed: ${error.message}`);
  console.log(`Created ${email}.`);
  await grantAdmin(data.user);
}
