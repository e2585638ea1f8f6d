import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { PROJECT_ROOT } from '../supabase/local/config.ts';
import { anonClient, signedUpClient, uniqueEmail } from '../supabase/local/tests/clients.ts';

const run = (args: string[], key = inject('serviceRoleKey')) =>
  promisify(execFile)(path.join(PROJECT_ROOT, 'node_modules/.bin/tsx'), ['scripts/create-admin.ts', ...args], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, SUPABASE_URL: inject('apiUrl'), SUPABASE_SERVICE_ROLE_KEY: key },
  });

const isAdmin = async (sb: Awaited<ReturnType<typeof signedUpClient>>['sb'], userId: string) =>
  (await sb.rpc('has_role', { _user_id: userId, _role: 'admin' })).data;

describe('npm run admin:create', () => {
  it('makes an existing reader an administrator', async () => {
    const { sb, userId, email } = await signedUpClient('Future Admin');
    expect(await isAdmin(sb, userId)).toBe(false);
    const { stdout } = await run([email]);
    expect(stdout).toContain(`${email} is an administrator.`);
    expect(await isAdmin(sb, userId)).toBe(true);
  });

  it('creates the account when a password is given', async () => {
    const email = uniqueEmail('redaction');
    await run([email, 'premier-admin-2026']);
    const sb = anonClient();
    const { data } = await sb.auth.signInWithPassword({ email, password: 'premier-admin-2026' });
    expect(await isAdmin(sb, data.user!.id)).toBe(true);
  });

  it('fails without the service-role key', async () => {
    await expect(run([uniqueEmail()], inject('anonKey'))).rejects.toThrow(/failed/);
  });
});
