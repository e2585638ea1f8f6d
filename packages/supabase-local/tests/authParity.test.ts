import { describe, expect, inject, it } from 'vitest';
import { clientFrom } from '../src/testing/addresses.ts';
import { serviceClient, uniqueEmail } from '../src/testing/clients.ts';

// What hosted GoTrue answers, where the local auth server used to answer otherwise (issue 13):
// each expectation is read from GoTrue's source (admin.go, signup.go, user.go, recover.go,
// pagination.go, models/user.go's Confirm and UpdateUserMetaData, checkmail's format).

const FROM = '127.0.0.130'; // this file's own address, so its sign-ups count against no other suite
const admin = () => serviceClient().auth.admin;
const invalidFormat = { status: 400, code: 'validation_failed', message: 'Unable to validate email address: invalid format' };

// Refused by GoTrue's format, which the local server used to accept, and the reverse.
const MALFORMED = ['a@b..fr', 'a@-b.fr', 'a@b_c.fr', 'é@exemple.fr', 'a b@exemple.fr', ' a@exemple.fr', 'a@exemple.fr ', 'a<b>@exemple.fr'];

describe('user metadata and identities', () => {
  it('admin.createUser keeps the metadata it is given; a confirmed address adds only email_verified', async () => {
    const bare = await admin().createUser({ email: uniqueEmail('nu') });
    expect(bare.error).toBeNull();
    expect(bare.data.user!.user_metadata).toEqual({});
    expect(bare.data.user!.app_metadata).toEqual({ provider: 'email', providers: ['email'] });

    const email = uniqueEmail('confirme');
    const confirmed = await admin().createUser({ email, email_confirm: true, user_metadata: { full_name: 'Awa Diop' } });
    expect(confirmed.data.user!.user_metadata).toEqual({ full_name: 'Awa Diop', email_verified: true });
    // GoTrue's identity holds its Claims, email_verified false included, whatever the confirmation.
    const [identity] = confirmed.data.user!.identities!;
    expect(identity!.identity_data).toEqual({ sub: confirmed.data.user!.id, email, email_verified: false, phone_verified: false });
    expect(identity).toMatchObject({ id: confirmed.data.user!.id, user_id: confirmed.data.user!.id, provider: 'email', email });
    expect(identity!.identity_id).not.toBe(confirmed.data.user!.id);
    expect((await admin().getUserById(confirmed.data.user!.id)).data.user!.user_metadata).toEqual({
      full_name: 'Awa Diop',
      email_verified: true,
    });
  });

  it('signUp keeps its data in user_metadata and copies it to the identity', async () => {
    const email = uniqueEmail('inscrit');
    const { data, error } = await clientFrom(FROM).auth.signUp({
      email,
      password: 'mot-de-passe',
      options: { data: { full_name: 'Ali' } },
    });
    expect(error).toBeNull();
    expect(data.user!.user_metadata).toEqual({ full_name: 'Ali', email_verified: true });
    expect(data.user!.identities![0]!.identity_data).toEqual({
      sub: data.user!.id,
      email,
      email_verified: false,
      phone_verified: false,
      full_name: 'Ali',
    });
  });

  it('a metadata key set to null is removed, by the user and by an administrator', async () => {
    const email = uniqueEmail('efface');
    const sb = clientFrom(FROM);
    await sb.auth.signUp({ email, password: 'mot-de-passe', options: { data: { full_name: 'Ali', ville: 'Dakar' } } });
    const { data } = await sb.auth.updateUser({ data: { ville: null } });
    expect(data.user!.user_metadata).toEqual({ full_name: 'Ali', email_verified: true });
    const byAdmin = await admin().updateUserById(data.user!.id, { user_metadata: { full_name: null }, app_metadata: { role: 'x' } });
    expect(byAdmin.data.user!.user_metadata).toEqual({ email_verified: true });
    const cleared = await admin().updateUserById(data.user!.id, { app_metadata: { role: null } });
    expect(cleared.data.user!.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
  });
});

describe('e-mail addresses, checked as GoTrue checks them', () => {
  it('refuses a malformed address at sign-up, creation, change and recovery', async () => {
    const sb = clientFrom(FROM);
    const { data: session } = await sb.auth.signUp({ email: uniqueEmail('change'), password: 'mot-de-passe' });
    expect(session.session).not.toBeNull();
    for (const email of MALFORMED) {
      expect((await clientFrom(FROM).auth.signUp({ email, password: 'mot-de-passe' })).error, `signUp ${email}`).toMatchObject(
        invalidFormat,
      );
      expect((await admin().createUser({ email })).error, `createUser ${email}`).toMatchObject(invalidFormat);
      expect((await sb.auth.updateUser({ email })).error, `updateUser ${email}`).toMatchObject(invalidFormat);
      expect((await clientFrom(FROM).auth.resetPasswordForEmail(email)).error, `recover ${email}`).toMatchObject(invalidFormat);
    }
  });

  it('accepts what GoTrue accepts, lower-cased: no top-level domain needed', async () => {
    const local = `Redaction-${Date.now()}@Localhost`;
    const { data, error } = await admin().createUser({ email: local });
    expect(error).toBeNull();
    expect(data.user!.email).toBe(local.toLowerCase());
  });

  it('answers an empty or overlong address with GoTrue’s own messages', async () => {
    expect((await admin().createUser({ email: '' })).error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Cannot create a user without either an email or phone',
    });
    expect((await clientFrom(FROM).auth.resetPasswordForEmail('')).error).toMatchObject({
      status: 400,
      message: 'Password recovery requires an email',
    });
    const long = `${'a'.repeat(250)}@exemple.fr`;
    expect((await admin().createUser({ email: long })).error).toMatchObject({ status: 400, message: 'An email address is too long' });
    const anonymous = await fetch(`${inject('apiUrl')}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: inject('anonKey'), 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'mot-de-passe' }),
    });
    expect(anonymous.status).toBe(422);
    expect(await anonymous.json()).toMatchObject({ code: 'anonymous_provider_disabled', message: 'Anonymous sign-ins are disabled' });
  });

  it('signs in a malformed address as an unknown one: invalid_credentials, not a format error', async () => {
    const { error } = await clientFrom(FROM).auth.signInWithPassword({ email: 'pas une adresse', password: 'mot-de-passe' });
    expect(error).toMatchObject({ status: 400, code: 'invalid_credentials' });
  });

  it('admin.createUser checks no password strength (GoTrue does not there), only bcrypt’s 72 bytes', async () => {
    const email = uniqueEmail('court');
    expect((await admin().createUser({ email, password: 'abc', email_confirm: true })).error).toBeNull();
    expect((await clientFrom(FROM).auth.signInWithPassword({ email, password: 'abc' })).error).toBeNull();
    const tooLong = await admin().createUser({ email: uniqueEmail('long'), password: 'é'.repeat(40) });
    expect(tooLong.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'bcrypt: password length exceeds 72 bytes' });
    const taken = await admin().createUser({ email });
    expect(taken.error).toMatchObject({ status: 422, code: 'email_exists' });
  });
});

describe('admin.listUsers pagination, as GoTrue paginates', () => {
  it('refuses a page or a per_page that is not an unsigned number', async () => {
    for (const params of [{ page: -1 }, { page: 1, perPage: -5 }]) {
      const { data, error } = await admin().listUsers(params);
      const bad = params.perPage ?? params.page;
      expect(error, JSON.stringify(params)).toMatchObject({
        status: 400,
        code: 'validation_failed',
        message: `Bad Pagination Parameters: strconv.ParseUint: parsing "${bad}": invalid syntax`,
      });
      expect(data.users).toEqual([]);
    }
  });

  it('reads page 0 as the first, per_page 0 as 20, and sends Link and X-Total-Count', async () => {
    for (let i = 0; i < 21; i++) await admin().createUser({ email: uniqueEmail('page') });
    const first = await admin().listUsers({ page: 1, perPage: 2 });
    expect(first.error).toBeNull();
    expect(first.data.users).toHaveLength(2);
    expect(first.data).toMatchObject({ nextPage: 2, aud: 'authenticated' });
    expect((first.data as { total?: number }).total).toBeGreaterThan(21);
    expect((await admin().listUsers({ page: 0, perPage: 2 })).data.users.map((u) => u.id)).toEqual(first.data.users.map((u) => u.id));
    expect((await admin().listUsers({ page: 1, perPage: 0 })).data.users).toHaveLength(20);

    const res = await fetch(`${inject('apiUrl')}/auth/v1/admin/users?page=2&per_page=10`, {
      headers: { apikey: inject('serviceRoleKey'), authorization: `Bearer ${inject('serviceRoleKey')}` },
    });
    const total = Number(res.headers.get('x-total-count'));
    const last = Math.ceil(total / 10);
    expect(res.headers.get('link')).toBe(
      `</admin/users?page=3&per_page=10>; rel="next", </admin/users?page=${last}&per_page=10>; rel="last"`,
    );
  });
});
