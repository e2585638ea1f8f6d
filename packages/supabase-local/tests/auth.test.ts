import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { anonClient, client, serviceClient, signedUpClient, postgresDb, uniqueEmail } from '../src/testing/clients.ts';
import { signToken } from '../src/jwt.ts';
import { expiredToken, forgedToken, noneToken } from './tokens.ts';

beforeAll(async () => {
  // Stands in for the product's profile trigger: proves a trigger on auth.users sees sign-up metadata.
  const db = await postgresDb();
  await db.query(`
    create table if not exists public.cf_signup_log (user_id uuid primary key, full_name text);
    create or replace function public.cf_log_signup() returns trigger language plpgsql security definer set search_path = '' as $$
    begin
      insert into public.cf_signup_log (user_id, full_name) values (new.id, new.raw_user_meta_data ->> 'full_name');
      return new;
    end $$;
    drop trigger if exists cf_on_signup on auth.users;
    create trigger cf_on_signup after insert on auth.users for each row execute function public.cf_log_signup();
  `);
  await db.end();
});

describe('auth (GoTrue-compatible)', () => {
  it('signs up with full_name metadata that a trigger on auth.users sees, and returns a session', async () => {
    const sb = anonClient();
    const email = uniqueEmail('signup');
    const { data, error } = await sb.auth.signUp({ email, password: 'motdepasse', options: { data: { full_name: 'Awa Traoré' } } });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.user_metadata.full_name).toBe('Awa Traoré');
    expect(data.session?.access_token).toBeTruthy();
    const db = await postgresDb();
    const { rows } = await db.query('select full_name from public.cf_signup_log where user_id = $1', [data.user!.id]);
    await db.end();
    expect(rows).toEqual([{ full_name: 'Awa Traoré' }]);
  });

  it('accepts a very long full_name (the profile keeps its first 120 characters)', async () => {
    const { data, error } = await anonClient().auth.signUp({
      email: uniqueEmail(),
      password: 'motdepasse',
      options: { data: { full_name: 'N'.repeat(300) } },
    });
    expect(error).toBeNull();
    expect(data.user?.user_metadata.full_name).toHaveLength(300);
  });

  it('refuses a password under 6 characters with weak_password', async () => {
    const { error } = await anonClient().auth.signUp({ email: uniqueEmail(), password: '12345' });
    expect(error?.code).toBe('weak_password');
    expect(error?.status).toBe(422);
  });

  it('refuses a duplicate e-mail with user_already_exists', async () => {
    const { email } = await signedUpClient();
    const { error } = await anonClient().auth.signUp({ email: email.toUpperCase(), password: 'another-pass' });
    expect(error?.code).toBe('user_already_exists');
  });

  it('signs in with the right password and refuses a wrong one with invalid_credentials', async () => {
    const { email, password } = await signedUpClient();
    const good = await anonClient().auth.signInWithPassword({ email, password });
    expect(good.error).toBeNull();
    expect(good.data.session?.refresh_token).toBeTruthy();
    const bad = await anonClient().auth.signInWithPassword({ email, password: 'wrong-password' });
    expect(bad.error?.code).toBe('invalid_credentials');
    expect(bad.error?.message).toBe('Invalid login credentials');
    const nobody = await anonClient().auth.signInWithPassword({ email: uniqueEmail('ghost'), password });
    expect(nobody.error?.code).toBe('invalid_credentials');
  });

  it('issues access tokens with GoTrue claims', async () => {
    const { sb, userId, email } = await signedUpClient('Claims');
    const { data } = await sb.auth.getSession();
    const claims = decodeJwt(data.session!.access_token);
    expect(claims).toMatchObject({ sub: userId, aud: 'authenticated', role: 'authenticated', email, aal: 'aal1', is_anonymous: false });
    for (const k of ['iss', 'exp', 'iat', 'phone', 'app_metadata', 'user_metadata', 'amr', 'session_id']) expect(claims).toHaveProperty(k);
    expect((claims.user_metadata as Record<string, unknown>).full_name).toBe('Claims');
  });

  it('returns the user for its token with getUser', async () => {
    const { sb, userId } = await signedUpClient();
    const { data, error } = await sb.auth.getUser();
    expect(error).toBeNull();
    expect(data.user?.id).toBe(userId);
  });

  it('updates the user (metadata and password)', async () => {
    const { sb, email } = await signedUpClient();
    const { data, error } = await sb.auth.updateUser({ data: { full_name: 'Nouveau Nom' }, password: 'new-password-1' });
    expect(error).toBeNull();
    expect(data.user?.user_metadata.full_name).toBe('Nouveau Nom');
    expect((await anonClient().auth.signInWithPassword({ email, password: 'new-password-1' })).error).toBeNull();
  });

  it('rotates refresh tokens; a used refresh token is refused and revokes the session', async () => {
    const { sb } = await signedUpClient();
    const first = (await sb.auth.getSession()).data.session!;
    const { data, error } = await sb.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session!.refresh_token).not.toBe(first.refresh_token);

    // Within the 10 s reuse interval (a retry after a lost response), the old token gets the
    // session's current one rather than an error.
    const retry = await anonClient().auth.refreshSession({ refresh_token: first.refresh_token });
    expect(retry.error).toBeNull();
    expect(retry.data.session!.refresh_token).toBe(data.session!.refresh_token);

    // Past the interval, reuse is theft.
    const db = await postgresDb();
    await db.query(`update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1`, [first.refresh_token]);
    await db.end();
    const replay = await anonClient().auth.refreshSession({ refresh_token: first.refresh_token });
    expect(replay.error?.code).toBe('refresh_token_already_used');
    // The reuse revoked the whole session, so the newest token no longer works either.
    const after = await anonClient().auth.refreshSession({ refresh_token: data.session!.refresh_token });
    expect(after.error).not.toBeNull();
  });

  it('signing out revokes the session: refresh and getUser fail afterwards', async () => {
    const { sb } = await signedUpClient();
    const session = (await sb.auth.getSession()).data.session!;
    expect((await sb.auth.signOut()).error).toBeNull();
    expect((await anonClient().auth.refreshSession({ refresh_token: session.refresh_token })).error).not.toBeNull();
    expect((await anonClient().auth.getUser(session.access_token)).error).not.toBeNull();
  });

  it('refuses forged, alg:none and expired tokens', async () => {
    for (const token of [await forgedToken({ role: 'authenticated', sub: crypto.randomUUID() }), noneToken(), await expiredToken()]) {
      const { data, error } = await anonClient().auth.getUser(token);
      expect(data.user).toBeNull();
      expect(error?.status).toBe(403);
    }
  });

  it('refuses sign-in to an account whose e-mail is not confirmed', async () => {
    const email = uniqueEmail('unconfirmed');
    expect((await serviceClient().auth.admin.createUser({ email, password: 'pending-pass' })).error).toBeNull();
    const { error } = await anonClient().auth.signInWithPassword({ email, password: 'pending-pass' });
    expect(error?.code).toBe('email_not_confirmed');
  });

  it('lets only the service role manage users through /admin/users', async () => {
    const admin = serviceClient().auth.admin;
    const email = uniqueEmail('created');
    const created = await admin.createUser({ email, password: 'created-pass', email_confirm: true, user_metadata: { full_name: 'Créé' } });
    expect(created.error).toBeNull();
    expect((await anonClient().auth.signInWithPassword({ email, password: 'created-pass' })).error).toBeNull();
    const list = await admin.listUsers();
    expect(list.data.users.map((u) => u.email)).toContain(email);
    expect((await admin.deleteUser(created.data.user!.id)).error).toBeNull();

    const { sb } = await signedUpClient();
    const token = (await sb.auth.getSession()).data.session!.access_token;
    const asUser = client();
    const res = await fetch(`${inject('apiUrl')}/auth/v1/admin/users`, {
      headers: { apikey: inject('anonKey'), authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(403);
    expect((await asUser.auth.admin.listUsers()).error).not.toBeNull();
  });

  it('takes a supabase_admin token as an administrator, as GoTrue does (GOTRUE_JWT_ADMIN_ROLES), and no other role', async () => {
    const exp = Math.floor(Date.now() / 1000) + 600;
    const listWith = async (token: string) => {
      const res = await fetch(`${inject('apiUrl')}/auth/v1/admin/users?per_page=1`, {
        headers: { apikey: inject('anonKey'), authorization: `Bearer ${token}` },
      });
      return { status: res.status, body: (await res.json()) as { users?: unknown[]; code?: string } };
    };
    const asSupabaseAdmin = await listWith(await signToken({ role: 'supabase_admin' }, exp));
    expect(asSupabaseAdmin.status).toBe(200);
    expect(asSupabaseAdmin.body.users).toHaveLength(1);
    for (const role of ['anon', 'authenticated', 'postgres', 'supabase_auth_admin']) {
      expect(await listWith(await signToken({ role }, exp)), role).toEqual({
        status: 403,
        body: { code: 'not_admin', message: 'User not allowed' },
      });
    }
    expect((await listWith(await forgedToken({ role: 'supabase_admin' }))).body.code).toBe('bad_jwt');
    // Still no API role: PostgREST refuses the token.
    const rest = await fetch(`${inject('apiUrl')}/rest/v1/categories?select=slug`, {
      headers: { apikey: inject('anonKey'), authorization: `Bearer ${await signToken({ role: 'supabase_admin' }, exp)}` },
    });
    expect(rest.status).toBe(403);
  });

  it('sends errors in the 2024-01-01 shape and serves settings and health', async () => {
    const res = await fetch(`${inject('apiUrl')}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: inject('anonKey'), 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.test', password: 'whatever' }),
    });
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await res.json()).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
    const settings = await fetch(`${inject('apiUrl')}/auth/v1/settings`, { headers: { apikey: inject('anonKey') } });
    expect((await settings.json()).external.email).toBe(true);
    expect((await fetch(`${inject('apiUrl')}/auth/v1/health`)).status).toBe(200);
  });

  it('accepts password recovery requests without telling whether the address exists', async () => {
    const { email } = await signedUpClient();
    expect((await anonClient().auth.resetPasswordForEmail(email)).error).toBeNull();
    expect((await anonClient().auth.resetPasswordForEmail(uniqueEmail('ghost'))).error).toBeNull();
  });
});
