import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, inject, it } from 'vitest';
import { COMMAND_TEST_MS, runCommand } from '../tests/integration/runCommand.ts';
import { anonClient, serviceClient, uniqueEmail } from '@afriqueactu/supabase-local/testing';

/** The script's exit code and output, whether it succeeded or not. */
const run = (args: string[], key = inject('serviceRoleKey')) =>
  runCommand('scripts/create-admin.ts', args, { SUPABASE_URL: inject('apiUrl'), SUPABASE_SERVICE_ROLE_KEY: key });

const isAdmin = async (userId: string) => {
  const { data } = await serviceClient().from('user_roles').select('role').eq('user_id', userId).eq('role', 'admin');
  return data!.length > 0;
};

/** An account someone registered before the newsroom ran the script. */
async function existingAccount(confirmed = true) {
  const email = uniqueEmail('premier-venu');
  const { data, error } = await serviceClient().auth.admin.createUser({
    email,
    password: 'mot-de-passe-du-premier',
    email_confirm: confirmed,
  });
  if (error) throw error;
  return { email, user: data.user! };
}

const signsIn = async (email: string, password: string, sb: SupabaseClient = anonClient()) =>
  !(await sb.auth.signInWithPassword({ email, password })).error;

// Each test runs the command up to three times.
describe('npm run admin:create', { timeout: 3 * COMMAND_TEST_MS }, () => {
  it('creates a new account with the password given and makes it an administrator', async () => {
    const email = uniqueEmail('redaction');
    const { code, out } = await run([email, 'premier-admin-2026']);
    expect(code).toBe(0);
    expect(out).toContain(`${email} créé.`);
    const sb = anonClient();
    const { data } = await sb.auth.signInWithPassword({ email, password: 'premier-admin-2026' });
    expect(await isAdmin(data.user!.id)).toBe(true);
  });

  it('never promotes an existing account without --promote-existing, and says who owns it', async () => {
    const { email, user } = await existingAccount();
    const { code, out } = await run([email]);
    expect(code).toBe(1);
    expect(out).toContain(`Un compte existe déjà pour ${email} : créé le ${user.created_at}, e-mail confirmé le`);
    expect(out).toContain('Pas promu');
    expect(await isAdmin(user.id)).toBe(false);
  });

  it('refuses a password for an existing account: neither promoted nor its password changed', async () => {
    const { email, user } = await existingAccount();
    const { code, out } = await run([email, 'mot-de-passe-de-la-redaction']);
    expect(code).toBe(1);
    expect(out).toContain('Refusé : un mot de passe est donné');
    expect(await isAdmin(user.id)).toBe(false);
    expect(await signsIn(email, 'mot-de-passe-de-la-redaction')).toBe(false);
    expect(await signsIn(email, 'mot-de-passe-du-premier')).toBe(true);
  });

  it('promotes an existing account with --promote-existing, and says when its e-mail is not confirmed', async () => {
    const { email, user } = await existingAccount();
    const { code, out } = await run([email, '--promote-existing']);
    expect(code).toBe(0);
    expect(out).toContain(`${email} est administrateur.`);
    expect(await isAdmin(user.id)).toBe(true);
    expect((await run([email, '--promote-existing'])).out).toContain('était déjà administrateur ; rien n’a changé.');

    const pending = await existingAccount(false);
    const second = await run([pending.email, '--promote-existing']);
    expect(second.out).toContain('e-mail NON confirmé');
    expect(second.out).toContain('il ne peut pas se connecter avant de l’être');
    expect(await isAdmin(pending.user.id)).toBe(true);
  });

  it('refuses --promote-existing for an address without an account, and creates nothing', async () => {
    const email = uniqueEmail('personne');
    const { code, out } = await run([email, '--promote-existing']);
    expect(code).toBe(1);
    expect(out).toContain(`Refusé : aucun compte pour ${email} à promouvoir`);
    const { data } = await serviceClient().auth.admin.listUsers({ perPage: 1000 });
    expect(data.users.map((u) => u.email)).not.toContain(email);
  });

  it('refuses a password shorter than the readers’ minimum (hosted GoTrue would take it), and creates nothing', async () => {
    const email = uniqueEmail('court');
    const { code, out } = await run([email, '12345']);
    expect(code).toBe(1);
    expect(out).toContain('Refusé : le mot de passe doit avoir au moins 6 caractères.');
    const { data } = await serviceClient().auth.admin.listUsers({ perPage: 1000 });
    expect(data.users.map((u) => u.email)).not.toContain(email);
  });

  it('fails without the service-role key', async () => {
    const { code, out } = await run([uniqueEmail(), 'premier-admin-2026'], inject('anonKey'));
    expect(code).not.toBe(0);
    expect(out).toMatch(/la liste des comptes n’a pas pu être lue/);
  });
});
