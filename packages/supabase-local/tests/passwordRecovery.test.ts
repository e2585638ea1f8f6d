import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { connectionString } from '../src/db.ts';
import { mailsTo, lastMailTo, verifyLink } from '../src/mail/inboxClient.ts';
import { defaultStackOptions } from '../src/config.ts';
import { readAuthSettings } from '../src/supabaseConfig.ts';
import { clientFrom, fetchFrom } from '../src/testing/addresses.ts';
import { serviceClient, uniqueEmail } from '../src/testing/clients.ts';

// Password recovery as a reader lives it with the local stack: the request, the e-mail in the
// local inbox, its link, the new password. Its own loopback address keeps its requests out of the
// other suites' rate-limit buckets.
const FROM = '127.0.0.60';
const RESET_PAGE = 'http://localhost:4173/auth/nouveau-mot-de-passe';
const SUBJECT = 'Réinitialisez votre mot de passe Afrique Actu';

async function reader(password = 'ancien-mot-de-passe') {
  const email = uniqueEmail('oubli');
  const { error } = await serviceClient().auth.admin.createUser({ email, password, email_confirm: true });
  expect(error).toBeNull();
  return { email, password };
}

/** Follows an e-mail link as a browser would: where it is sent, and the URL fragment it carries. */
async function follow(link: string) {
  const res = await fetchFrom(FROM)(link);
  expect(res.status).toBe(303);
  const [to, fragment] = res.headers.get('location')!.split('#');
  return { to, fragment: new URLSearchParams(fragment ?? '') };
}

const requestReset = (email: string) => clientFrom(FROM).auth.resetPasswordForEmail(email, { redirectTo: RESET_PAGE });

describe('password recovery through the local inbox', () => {
  it('delivers a French e-mail whose link opens the new-password page signed in, and the new password replaces the old', async () => {
    const { email, password } = await reader();
    expect(await requestReset(email)).toEqual({ data: {}, error: null });

    const mail = await lastMailTo(inject('inboxUrl'), email);
    expect(mail.Subject).toBe(SUBJECT);
    expect(mail.From).toEqual({ Name: 'Afrique Actu', Address: 'no-reply@afrique-actu.local' });
    expect(mail.To).toEqual([{ Name: '', Address: email }]);
    const text = mail.Text.replace(/\s+/g, ' ');
    expect(text).toContain(`Une demande de nouveau mot de passe a été faite pour votre compte Afrique Actu (${email})`);
    expect(text).toContain("Ce lien ne sert qu'une fois et expire dans une heure.");

    const link = verifyLink(mail);
    expect(link.startsWith(`${inject('apiUrl')}/auth/v1/verify?`)).toBe(true);
    const landing = await follow(link);
    expect(landing.to).toBe(RESET_PAGE);
    expect(landing.fragment.get('type')).toBe('recovery');

    // What the page does with the session the fragment brings.
    const sb = clientFrom(FROM);
    const { error: sessionError } = await sb.auth.setSession({
      access_token: landing.fragment.get('access_token')!,
      refresh_token: landing.fragment.get('refresh_token')!,
    });
    expect(sessionError).toBeNull();
    expect((await sb.auth.updateUser({ password: 'nouveau-mot-de-passe' })).error).toBeNull();

    const signIn = (pw: string) => clientFrom(FROM).auth.signInWithPassword({ email, password: pw });
    expect((await signIn(password)).error?.code).toBe('invalid_credentials');
    expect((await signIn('nouveau-mot-de-passe')).error).toBeNull();
  });

  it('a link works once, and a newer request replaces the one before', async () => {
    const { email } = await reader();
    await requestReset(email);
    const first = verifyLink(await lastMailTo(inject('inboxUrl'), email));
    await requestReset(email);
    const second = verifyLink(await lastMailTo(inject('inboxUrl'), email, 2));
    expect(second).not.toBe(first);

    const expired = { error: 'access_denied', error_code: 'otp_expired', error_description: 'Email link is invalid or has expired' };
    expect(Object.fromEntries((await follow(first)).fragment)).toEqual(expired);
    expect((await follow(second)).fragment.get('access_token')).toBeTruthy();
    expect(Object.fromEntries((await follow(second)).fragment)).toEqual(expired);
  });

  it('a link expires after an hour', async () => {
    const { email } = await reader();
    await requestReset(email);
    const link = verifyLink(await lastMailTo(inject('inboxUrl'), email));
    // An hour and a minute pass, as far as the auth service can tell.
    const db = new pg.Client({ connectionString: connectionString(Number(new URL(inject('dbUrl')).port), 'supabase_auth_admin') });
    await db.connect();
    try {
      await db.query(`update auth.users set recovery_sent_at = now() - interval '61 minutes' where email = $1`, [email]);
    } finally {
      await db.end();
    }
    const landing = await follow(link);
    expect(landing.to).toBe(RESET_PAGE);
    expect(landing.fragment.get('error_code')).toBe('otp_expired');
    expect(landing.fragment.get('access_token')).toBeNull();
  });

  it('answers an unknown address exactly as a known one, and sends it nothing', async () => {
    const { email } = await reader();
    const unknown = uniqueEmail('personne');
    const answer = async (address: string) => {
      const res = await fetchFrom(FROM)(`${inject('apiUrl')}/auth/v1/recover?redirect_to=${encodeURIComponent(RESET_PAGE)}`, {
        method: 'POST',
        headers: { apikey: inject('anonKey'), 'content-type': 'application/json' },
        body: JSON.stringify({ email: address }),
      });
      return { status: res.status, body: await res.text() };
    };
    expect(await answer(unknown)).toEqual(await answer(email));
    await lastMailTo(inject('inboxUrl'), email);
    expect(await mailsTo(inject('inboxUrl'), unknown)).toEqual([]);
    expect(await mailsTo(inject('inboxUrl'), email)).toHaveLength(1);
  });

  it('answers before looking the address up, so its timing cannot tell a known address either', async () => {
    const { email } = await reader();
    // The account's row held by another transaction: a recovery that looked the address up
    // before answering would wait here until the test timed out.
    const db = new pg.Client({ connectionString: connectionString(Number(new URL(inject('dbUrl')).port), 'supabase_auth_admin') });
    await db.connect();
    try {
      await db.query('begin');
      await db.query('select id from auth.users where email = $1 for update', [email]);
      expect(await requestReset(email)).toEqual({ data: {}, error: null });
      expect(await mailsTo(inject('inboxUrl'), email)).toEqual([]);
      await db.query('commit');
    } finally {
      await db.end();
    }
    // The work done after the answer: the e-mail comes, and its link works.
    const landing = await follow(verifyLink(await lastMailTo(inject('inboxUrl'), email)));
    expect(landing.fragment.get('type')).toBe('recovery');
  });
});

describe('the local inbox', () => {
  it('shows the e-mails in the browser, and a message’s HTML only sandboxed', async () => {
    const { email } = await reader();
    await requestReset(email);
    const mail = await lastMailTo(inject('inboxUrl'), email);
    const page = await fetch(inject('inboxUrl'));
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    expect(html).toContain(email);
    expect(html).toContain(`<a href="/message/${mail.ID}">${SUBJECT}</a>`);
    const view = await fetch(`${inject('inboxUrl')}/view/${mail.ID}.html`);
    expect(view.headers.get('content-security-policy')).toBe('sandbox allow-popups allow-popups-to-escape-sandbox');
    expect(await view.text()).toContain('Choisir un nouveau mot de passe');
  });

  it('takes the subjects and bodies from config.toml’s templates, as the CLI and hosted do', () => {
    const { recovery, email_change } = readAuthSettings(defaultStackOptions().configFile).emailTemplates;
    expect(recovery?.subject).toBe(SUBJECT);
    expect(recovery?.content).toContain('{{ .ConfirmationURL }}');
    expect(email_change?.subject).toBe('Confirmez votre nouvelle adresse e-mail');
  });
});
