import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ACCOUNTS } from '../seed/accounts.ts';
import { clientFrom, serviceClient, uniqueEmail } from '@afriqueactu/supabase-local/testing';
import { expectDenied, must, sessions, uid, type Role, type Session } from './helpers.ts';

// Contact messages and newsletter sign-ups through supabase-js, as the site's forms send them.
// Sending is limited per client (address and user agent as the gateway saw them), so each test
// sends from loopback addresses of its own (127.0.17.x, see addresses.ts).

const svc = serviceClient();
let who: Record<Role, Session>;
beforeAll(async () => {
  who = await sessions();
});

let nextHost = 1;
/** An anonymous visitor on an address no other test uses. */
const visitor = (userAgent?: string) => clientFrom(`127.0.17.${nextHost++}`, { userAgent });

const message = (token: string) => ({
  p_name: 'Awa Koné',
  p_email: `awa-${token}@example.test`,
  p_message: `Une information à vérifier ${token}`,
});
const send = (sb: SupabaseClient, token: string, extra: Record<string, unknown> = {}) =>
  sb.rpc('send_contact_message', { ...message(token), ...extra });
const storedMessages = async (token: string) =>
  must(await svc.from('contact_messages').select('*').ilike('message', `%${token}%`), 'service role reads the messages');

describe('contact messages', () => {
  it('anon sends a message, stored with its name, e-mail and text, not handled', async () => {
    const token = uid();
    const res = await send(visitor(), token, { p_name: '  Awa Koné ' });
    expect(res.error).toBeNull();
    const [row, ...more] = await storedMessages(token);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ name: 'Awa Koné', email: `awa-${token}@example.test`, handled: false, handled_at: null });
    expect(row.message).toBe(`Une information à vérifier ${token}`);
  });

  it('a signed-in reader sends one too', async () => {
    const token = uid();
    const sb = visitor();
    const reader = LOCAL_ACCOUNTS.find((a) => a.role === 'reader')!;
    const signedIn = await sb.auth.signInWithPassword({ email: reader.email, password: reader.password });
    expect(signedIn.error).toBeNull();
    expect((await send(sb, token)).error).toBeNull();
    expect(await storedMessages(token)).toHaveLength(1);
  });

  it('anon cannot read, insert, mark handled or delete any message', async () => {
    const token = uid();
    expect((await send(visitor(), token)).error).toBeNull();
    const [row] = await storedMessages(token);
    const anon = who.anon.sb;
    expectDenied(await anon.from('contact_messages').select('*').eq('id', row.id), 'anon select');
    expectDenied(await anon.from('contact_messages').insert({ name: 'x', email: 'x@example.test', message: 'x' }), 'anon insert');
    expectDenied(await anon.from('contact_messages').update({ handled: true }).eq('id', row.id), 'anon update');
    expectDenied(await anon.from('contact_messages').delete().eq('id', row.id), 'anon delete');
    expect((await storedMessages(token))[0]).toEqual(row);
  });

  it('a reader and a journalist see no message and change none', async () => {
    const token = uid();
    expect((await send(visitor(), token)).error).toBeNull();
    const [row] = await storedMessages(token);
    for (const role of ['reader', 'journalist'] as const) {
      const sb = who[role].sb;
      expect(must(await sb.from('contact_messages').select('*'), `${role} lists messages`), `${role} sees no message`).toEqual([]);
      const update = await sb.from('contact_messages').update({ handled: true }, { count: 'exact' }).eq('id', row.id);
      expect(update.count, `${role} marks nothing handled`).toBe(0);
      const del = await sb.from('contact_messages').delete({ count: 'exact' }).eq('id', row.id);
      expect(del.count, `${role} deletes nothing`).toBe(0);
      expectDenied(await sb.from('contact_messages').insert({ name: 'x', email: 'x@example.test', message: 'x' }), `${role} insert`);
    }
    expect((await storedMessages(token))[0]).toEqual(row);
  });

  it('an admin reads it, marks it handled (stamped by the database, not the client), and deletes it', async () => {
    const token = uid();
    expect((await send(visitor(), token)).error).toBeNull();
    const admin = who.admin.sb;
    const [row] = must(await admin.from('contact_messages').select('*').ilike('message', `%${token}%`), 'admin reads');
    expect(row.name).toBe('Awa Koné');

    const marked = must(await admin.from('contact_messages').update({ handled: true }).eq('id', row.id).select().single(), 'admin marks');
    expect(marked.handled).toBe(true);
    expect(Math.abs(Date.parse(marked.handled_at) - Date.now())).toBeLessThan(60_000);
    // Only the flag is writable: the time, the sender and the text are not.
    expectDenied(
      await admin.from('contact_messages').update({ handled_at: '2000-01-01T00:00:00Z' }).eq('id', row.id),
      'admin sets handled_at',
    );
    expectDenied(await admin.from('contact_messages').update({ message: 'réécrit' }).eq('id', row.id), 'admin rewrites the text');
    const unmarked = must(await admin.from('contact_messages').update({ handled: false }).eq('id', row.id).select().single(), 'unmark');
    expect(unmarked.handled_at).toBeNull();

    const del = await admin.from('contact_messages').delete({ count: 'exact' }).eq('id', row.id);
    expect(del.error).toBeNull();
    expect(del.count).toBe(1);
    expect(await storedMessages(token)).toEqual([]);
  });

  it('refuses the 6th message from one client within 10 minutes with PT429 rate_limited (HTTP 429); another client still sends', async () => {
    const token = uid();
    const sb = visitor();
    for (let i = 0; i < 5; i++) expect((await send(sb, `${token}${i}`)).error, `message ${i + 1}`).toBeNull();
    const sixth = await send(sb, `${token}5`);
    expect(sixth.error?.code).toBe('PT429');
    expect(sixth.error?.details).toBe('rate_limited');
    expect(sixth.status).toBe(429);
    expect(await storedMessages(`${token}5`)).toEqual([]);
    expect((await send(visitor(), `${token}6`)).error).toBeNull();
  });

  it('parallel sends from one client cannot overshoot the limit', async () => {
    const token = uid();
    const sb = visitor();
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => send(sb, `${token}x${i}`)));
    expect(results.filter((r) => r.error === null)).toHaveLength(5);
    expect(results.filter((r) => r.error?.code === 'PT429')).toHaveLength(7);
  });

  it('a robot rotating its user agent on one address is held at 20 messages in 10 minutes', async () => {
    const token = uid();
    const host = `127.0.17.${nextHost++}`;
    let accepted = 0;
    for (let i = 0; i < 24; i++) {
      const res = await send(clientFrom(host, { userAgent: `bot-${i}` }), `${token}r${i}`);
      if (res.error === null) accepted++;
      else expect(res.error.code).toBe('PT429');
    }
    expect(accepted).toBe(20);
  });

  it('the honeypot: a call that fills it succeeds as usual and stores nothing', async () => {
    const token = uid();
    const res = await send(visitor(), token, { p_website: 'http://spam.example' });
    expect(res.error).toBeNull();
    expect(await storedMessages(token)).toEqual([]);
  });

  it('length and shape limits: each refused with 22023 naming the field; at the limits it is stored', async () => {
    const sb = visitor();
    const token = uid();
    const cases: [Record<string, string>, string][] = [
      [{ p_name: '   ' }, 'name'],
      [{ p_name: 'N'.repeat(101) }, 'name'],
      [{ p_email: 'pas-une-adresse' }, 'email'],
      [{ p_email: `${'a'.repeat(250)}@x.fr` }, 'email'],
      [{ p_message: ' \n ' }, 'message'],
      [{ p_message: `${token} ${'m'.repeat(5000)}` }, 'message'],
    ];
    for (const [extra, field] of cases) {
      const res = await send(sb, token, extra);
      expect(res.error?.code, `${JSON.stringify(extra).slice(0, 60)} refused`).toBe('22023');
      expect(res.error?.details).toBe(field);
    }
    expect(await storedMessages(token)).toEqual([]);
    // Refusals did not use up the client's allowance.
    const longest = { p_name: 'N'.repeat(100), p_message: `${token} ${'m'.repeat(5000 - token.length - 1)}` };
    expect((await send(sb, token, longest)).error).toBeNull();
    expect(await storedMessages(token)).toHaveLength(1);
  });

  it('the table itself refuses what the function would (a write as the service role)', async () => {
    const res = await svc.from('contact_messages').insert({ name: 'x', email: 'x', message: 'x' });
    expect(res.error?.code).toBe('23514');
  });
});

const subscriber = async (email: string) =>
  (
    await svc
      .from('newsletter_subscribers')
      .select('*')
      .ilike('email', email.replace(/[%_\\]/g, '\\$&'))
  ).data ?? [];

describe('newsletter sign-ups', () => {
  it('anon subscribes: one pending row, no consent until confirmed, and a confirmation mail queued', async () => {
    const email = uniqueEmail('lettre');
    expect((await visitor().rpc('subscribe_newsletter', { p_email: ` ${email} ` })).error).toBeNull();
    const rows = await subscriber(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email, status: 'pending', consented_at: null, unsubscribed_at: null });
    const queued = must(
      await svc.from('newsletter_deliveries').select('kind, status, email').eq('subscriber_id', rows[0].id),
      'deliveries',
    );
    expect(queued).toEqual([{ kind: 'confirmation', status: 'queued', email }]);
  });

  it('a repeat, in any case, is no error and keeps one row', async () => {
    const email = uniqueEmail('double');
    const sb = visitor();
    expect((await sb.rpc('subscribe_newsletter', { p_email: email })).error).toBeNull();
    const [first] = await subscriber(email);
    expect((await sb.rpc('subscribe_newsletter', { p_email: email })).error).toBeNull();
    expect((await visitor().rpc('subscribe_newsletter', { p_email: email.toUpperCase() })).error).toBeNull();
    const rows = await subscriber(email);
    expect(rows).toHaveLength(1);
    expect({ ...rows[0], requested_at: null }).toEqual({ ...first, requested_at: null });
    // A confirmation for each ask, 3 a day at most whoever asks: nobody floods an address they do not own.
    const mails = must(await svc.from('newsletter_deliveries').select('id').eq('subscriber_id', first.id), 'deliveries');
    expect(mails).toHaveLength(3);
    expect((await visitor().rpc('subscribe_newsletter', { p_email: email })).error).toBeNull();
    expect(must(await svc.from('newsletter_deliveries').select('id').eq('subscriber_id', first.id), 'deliveries')).toHaveLength(3);
  });

  it('a malformed address is refused with 22023 email, and nothing is stored', async () => {
    const sb = visitor();
    const notPlain = [
      'x,nom@exemple.com',
      'nom@exemple.com.',
      'n[o]m@exemple.com',
      'n\\om@exemple.com',
      'n(o)m@exemple.com',
      'nom@-exemple.com',
    ];
    for (const bad of ['x', 'nom@exemple', 'a b@exemple.com', '', `${'a'.repeat(250)}@x.fr`, ...notPlain]) {
      const res = await sb.rpc('subscribe_newsletter', { p_email: bad });
      expect(res.error?.code, `${bad.slice(0, 20)} refused`).toBe('22023');
      expect(res.error?.details).toBe('email');
    }
    expect(await subscriber('nom@exemple')).toEqual([]);
  });

  it('plain addresses with the usual signs and a Unicode local part are signed up, in NFC', async () => {
    const token = uid();
    for (const [typed, stored] of [
      [`o'brien+${token}@exemple-1.com`, `o'brien+${token}@exemple-1.com`],
      [`aminata.o\u0301-${token}@exemple.sn`, `aminata.\u00f3-${token}@exemple.sn`],
    ]) {
      expect((await visitor().rpc('subscribe_newsletter', { p_email: typed })).error, typed).toBeNull();
      expect(await subscriber(stored)).toHaveLength(1);
    }
  });

  it('the table holds plain addresses only; a row from before the rule keeps its address once suppressed', async () => {
    const email = uniqueEmail('table');
    const insert = (row: { email: string; status: string }) => svc.from('newsletter_subscribers').insert(row).select('id');
    expect((await insert({ email: `x,${email}`, status: 'pending' })).error?.code).toBe('23514');
    expect((await insert({ email: `"x"@${email.split('@')[1]}`, status: 'confirmed' })).error?.code).toBe('23514');
    // How the migration left earlier non-plain rows: kept, suppressed.
    expect((await insert({ email: `evil<${email}>`, status: 'suppressed' })).error).toBeNull();
    expect((await insert({ email, status: 'pending' })).error).toBeNull();
  });

  it('sign-ups are limited per client: the 11th in 10 minutes gets PT429', async () => {
    const sb = visitor();
    for (let i = 0; i < 10; i++) expect((await sb.rpc('subscribe_newsletter', { p_email: uniqueEmail('flot') })).error).toBeNull();
    const eleventh = await sb.rpc('subscribe_newsletter', { p_email: uniqueEmail('flot') });
    expect(eleventh.error?.code).toBe('PT429');
    expect(eleventh.status).toBe(429);
  });

  it('nobody but an admin lists subscribers; nobody writes them but the functions', async () => {
    const email = uniqueEmail('prive');
    expect((await visitor().rpc('subscribe_newsletter', { p_email: email })).error).toBeNull();
    const [row] = await subscriber(email);
    expectDenied(await who.anon.sb.from('newsletter_subscribers').select('*'), 'anon lists subscribers');
    expectDenied(await who.anon.sb.from('newsletter_subscribers').insert({ email: uniqueEmail() }), 'anon inserts');
    for (const role of ['reader', 'journalist'] as const) {
      expect(must(await who[role].sb.from('newsletter_subscribers').select('*'), role), `${role} sees none`).toEqual([]);
    }
    for (const role of ['reader', 'journalist', 'admin'] as const) {
      const update = await who[role].sb.from('newsletter_subscribers').update({ unsubscribed_at: null }).eq('id', row.id);
      expectDenied(update, `${role} updates a subscriber`);
    }
    const seen = must(await who.admin.sb.from('newsletter_subscribers').select('email, unsubscribe_token').eq('id', row.id), 'admin');
    expect(seen).toEqual([{ email, unsubscribe_token: row.unsubscribe_token }]);
  });

  it('the released unsubscribe link works (and again), a wrong token is refused, and signing up again changes nothing until confirmed', async () => {
    const email = uniqueEmail('depart');
    const sb = visitor();
    expect((await sb.rpc('subscribe_newsletter', { p_email: email })).error).toBeNull();
    const [row] = await subscriber(email);

    const wrong = await sb.rpc('unsubscribe_newsletter', { p_token: crypto.randomUUID() });
    expect(wrong.error?.code).toBe('P0002');
    expect(wrong.error?.details).toBe('unknown_token');
    expect((await sb.rpc('unsubscribe_newsletter', { p_token: 'pas-un-jeton' })).error?.code).toBe('22P02');
    expect((await subscriber(email))[0].unsubscribed_at).toBeNull();

    expect((await sb.rpc('unsubscribe_newsletter', { p_token: row.unsubscribe_token })).error).toBeNull();
    const [left] = await subscriber(email);
    expect(left.unsubscribed_at).toBeTruthy();
    expect((await sb.rpc('unsubscribe_newsletter', { p_token: row.unsubscribe_token })).error).toBeNull();
    expect((await subscriber(email))[0].unsubscribed_at).toBe(left.unsubscribed_at);

    // The security finding of issue 27: an anonymous call used to re-subscribe and rewrite the consent.
    expect((await sb.rpc('subscribe_newsletter', { p_email: email })).error).toBeNull();
    const [back] = await subscriber(email);
    expect(back).toMatchObject({ status: 'unsubscribed', unsubscribed_at: left.unsubscribed_at, consented_at: left.consented_at });
    expect(back.unsubscribe_token).toBe(row.unsubscribe_token);
  });

  it('an admin deletes an address on request', async () => {
    const email = uniqueEmail('effacer');
    expect((await visitor().rpc('subscribe_newsletter', { p_email: email })).error).toBeNull();
    const [row] = await subscriber(email);
    const del = await who.admin.sb.from('newsletter_subscribers').delete({ count: 'exact' }).eq('id', row.id);
    expect(del.count).toBe(1);
    expect(await subscriber(email)).toEqual([]);
  });
});
