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
const USAGE = `usage : SUPABASE_SERVICE_ROLE_KEY=... [SUPABASE_URL=...] npm run admin:create -- <e-mail> <mot-de-passe>   (nouveau compte)
        SUPABASE_SERVICE_ROLE_KEY=... [SUPABASE_URL=...] npm run admin:create -- <e-mail> ${PROMOTE}   (compte existant)`;

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
if (!email || !serviceKey || unknownFlag || extra) fail(unknownFlag ? `option inconnue ${unknownFlag}\n${USAGE}` : USAGE, 2);
const sb = createClient<Database>(url, serviceKey!, { auth: { persistSession: false }, realtime: { transport: ws as never } });

async function findUser(address: string): Promise<User | null> {
  for (let page = 1; ; page++) {
    const { data, error } = await sb.auth.admin.listUsers({ page, perPage: 200 });
    if (error) throw new Error(`la liste des comptes n’a pas pu être lue : ${error.message}`);
    const hit = data.users.find((u) => u.email?.toLowerCase() === address.toLowerCase());
    if (hit || data.users.length < 200) return hit ?? null;
  }
}

async function grantAdmin(user: User): Promise<void> {
  const { data, error } = await sb
    .from('user_roles')
    .upsert({ user_id: user.id, role: 'admin' }, { onConflict: 'user_id,role', ignoreDuplicates: true })
    .select('id');
  if (error) throw new Error(`le rôle d’administrateur n’a pas pu être donné : ${error.message}`);
  console.log(data.length ? `${user.email} est administrateur.` : `${user.email} était déjà administrateur ; rien n’a changé.`);
}

const existing = await findUser(email);
if (existing) {
  const confirmed = existing.email_confirmed_at ? `confirmé le ${existing.email_confirmed_at}` : 'NON confirmé';
  console.log(
    `Un compte existe déjà pour ${existing.email} : créé le ${existing.created_at}, e-mail ${confirmed}, dernière connexion ${existing.last_sign_in_at ?? 'jamais'}.`,
  );
  if (password)
    fail(
      `Refusé : un mot de passe est donné, mais ce script ne change jamais le mot de passe d’un compte existant. Si ce compte est le vôtre, ` +
        `relancez sans mot de passe et avec ${PROMOTE}.`,
    );
  if (!promote) fail(`Pas promu. Vérifiez que ce compte est le vôtre (les dates ci-dessus), puis relancez avec ${PROMOTE}.`);
  if (!existing.email_confirmed_at) console.log('Son e-mail n’est pas confirmé : il ne peut pas se connecter avant de l’être.');
  await grantAdmin(existing);
} else {
  if (promote) fail(`Refusé : aucun compte pour ${email} à promouvoir. Donnez un mot de passe au lieu de ${PROMOTE} pour le créer.`);
  if (!password) fail(`Aucun compte pour ${email} : donnez un mot de passe pour le créer.\n${USAGE}`);
  // GoTrue checks no length when an administrator creates an account: the readers' rule is held here.
  if (password!.length < MIN_PASSWORD_LENGTH) fail(`Refusé : le mot de passe doit avoir au moins ${MIN_PASSWORD_LENGTH} caractères.`);
  const { data, error } = await sb.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { full_name: 'Rédaction' },
  });
  if (error) throw new Error(`${email} n’a pas pu être créé : ${error.message}`);
  console.log(`${email} créé.`);
  await grantAdmin(data.user);
}
