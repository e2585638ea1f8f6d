import crypto from 'node:crypto';
import type pg from 'pg';
import { AuthError } from './errors.ts';
import { findUserById, type UserRow } from './users.ts';

/** GoTrue's mailer_otp_exp default: e-mail links work for an hour. */
export const EMAIL_LINK_TTL_SECONDS = 3600;

export const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
export const newLinkToken = () => crypto.randomBytes(24).toString('base64url');

/** Where each link of an e-mail change goes: the current address, the new one. */
export interface EmailChangeLinks {
  current?: { to: string; token: string };
  next: { to: string; token: string };
}

/**
 * GoTrue's PUT /user with a new address: nothing changes yet. The address waits in `email_change`
 * (`new_email` in the user object) until confirmed by a link sent to it and, with
 * double_confirm_changes, by one sent to the current address as well: a stolen access token
 * alone can no longer move an account to the thief's mailbox.
 */
export async function requestEmailChange(
  db: pg.ClientBase,
  user: UserRow,
  email: string,
  doubleConfirm: boolean,
): Promise<EmailChangeLinks | null> {
  if (email === user.email) return null;
  const { rowCount } = await db.query('select 1 from auth.users where lower(email) = $1 and id <> $2 and deleted_at is null', [
    email,
    user.id,
  ]);
  if (rowCount) throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
  const next = newLinkToken();
  const current = doubleConfirm && user.email ? newLinkToken() : '';
  await db.query(
    `update auth.users set email_change = $2, email_change_token_new = $3, email_change_token_current = $4,
       email_change_confirm_status = 0, email_change_sent_at = now(), updated_at = now() where id = $1`,
    [user.id, email, sha256(next), current ? sha256(current) : ''],
  );
  return { next: { to: email, token: next }, ...(current ? { current: { to: user.email, token: current } } : {}) };
}

export type EmailChangeOutcome = { status: 'invalid' } | { status: 'one_more'; user: UserRow } | { status: 'changed'; user: UserRow };

/**
 * A link of an e-mail change followed. With double confirmation, the first of the two links only
 * burns itself (GoTrue's email_change_confirm_status 0 -> 1); the second applies the change.
 */
export async function confirmEmailChange(db: pg.ClientBase, token: string, doubleConfirm: boolean): Promise<EmailChangeOutcome> {
  if (!token) return { status: 'invalid' };
  const hash = sha256(token);
  const { rows } = await db.query<{ id: string; email: string; current: string; status: number }>(
    `select id, email, email_change_token_current as current, email_change_confirm_status as status from auth.users
      where deleted_at is null and coalesce(email_change, '') <> '' and email_change_sent_at > now() - make_interval(secs => $2)
        and (email_change_token_new = $1 or email_change_token_current = $1)
      for update`,
    [hash, EMAIL_LINK_TTL_SECONDS],
  );
  const row = rows[0];
  if (!row) return { status: 'invalid' };
  if (doubleConfirm && row.status === 0 && row.email) {
    await db.query(
      `update auth.users set email_change_confirm_status = 1,
         email_change_token_current = case when email_change_token_current = $2 then '' else email_change_token_current end,
         email_change_token_new = case when email_change_token_new = $2 then '' else email_change_token_new end
       where id = $1`,
      [row.id, hash],
    );
    return { status: 'one_more', user: (await findUserById(db, row.id))! };
  }
  try {
    await db.query(
      // As GoTrue's ConfirmEmailChange: the user metadata is not told the new address; an address
      // never confirmed before is confirmed now, which marks the metadata email_verified.
      `update auth.users set email = email_change, email_confirmed_at = coalesce(email_confirmed_at, now()),
         raw_user_meta_data = case when email_confirmed_at is null
           then coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb else raw_user_meta_data end,
         email_change = '', email_change_token_new = '', email_change_token_current = '', email_change_confirm_status = 0,
         updated_at = now()
       where id = $1`,
      [row.id],
    );
  } catch (err) {
    if ((err as pg.DatabaseError).code === '23505')
      throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
    throw err;
  }
  await db.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
      where user_id = $1 and provider = 'email' and identity_data ? 'email'`,
    [row.id, (await findUserById(db, row.id))!.email],
  );
  return { status: 'changed', user: (await findUserById(db, row.id))! };
}
