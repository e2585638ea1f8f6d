import crypto from 'node:crypto';
import type pg from 'pg';
import { MIN_PASSWORD_LENGTH } from '../config.ts';
import { AuthError } from './errors.ts';

export interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string;
  phone: string | null;
  email_confirmed_at: Date | null;
  confirmed_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  banned_until: Date | null;
  is_anonymous: boolean;
}

const USER_COLUMNS = `id, aud, role, email, phone, email_confirmed_at, confirmed_at, last_sign_in_at, raw_app_meta_data,
  raw_user_meta_data, created_at, updated_at, banned_until, is_anonymous`;

/** A JSON object from a request body (metadata), or undefined for anything else. */
export const asObject = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normalizeEmail(value: unknown): string {
  const email = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (!email) throw new AuthError(400, 'validation_failed', 'Anonymous sign-ins are disabled');
  if (!EMAIL.test(email) || email.length > 255)
    throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');
  return email;
}

export function checkPassword(value: unknown): string {
  const password = typeof value === 'string' ? value : '';
  if (password.length < MIN_PASSWORD_LENGTH)
    throw new AuthError(422, 'weak_password', `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, {
      weak_password: { reasons: ['length'] },
    });
  if (password.length > 72) throw new AuthError(422, 'weak_password', 'Password cannot be longer than 72 characters', { weak_password: { reasons: ['length'] } });
  return password;
}

export function userJson(u: UserRow) {
  const iso = (d: Date | null) => (d ? d.toISOString() : undefined);
  return {
    id: u.id,
    aud: u.aud,
    role: u.role,
    email: u.email,
    email_confirmed_at: iso(u.email_confirmed_at),
    phone: u.phone ?? '',
    confirmed_at: iso(u.confirmed_at),
    last_sign_in_at: iso(u.last_sign_in_at),
    app_metadata: u.raw_app_meta_data ?? {},
    user_metadata: u.raw_user_meta_data ?? {},
    identities: [
      {
        identity_id: u.id,
        id: u.id,
        user_id: u.id,
        identity_data: { email: u.email, email_verified: Boolean(u.email_confirmed_at), phone_verified: false, sub: u.id },
        provider: 'email',
        created_at: iso(u.created_at),
        updated_at: iso(u.updated_at),
        email: u.email,
      },
    ],
    created_at: iso(u.created_at),
    updated_at: iso(u.updated_at),
    is_anonymous: u.is_anonymous,
  };
}

export async function findUserById(db: pg.ClientBase | pg.Pool, id: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1 and deleted_at is null`, [id]);
  return rows[0] ?? null;
}

/** The user whose bcrypt hash matches, compared inside Postgres with pgcrypto as GoTrue's hashes are. */
export async function findUserByPassword(db: pg.ClientBase | pg.Pool, email: string, password: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users
      where lower(email) = $1 and deleted_at is null and encrypted_password is not null and encrypted_password <> ''
        and encrypted_password = extensions.crypt($2, encrypted_password)`,
    [email, password],
  );
  return rows[0] ?? null;
}

/** Inserts into auth.users, so triggers the project's migrations put there run as on hosted Supabase. */
export async function createUser(
  db: pg.ClientBase | pg.Pool,
  input: { email: string; password: string | null; userMetadata: Record<string, unknown>; appMetadata?: Record<string, unknown>; confirmed: boolean },
): Promise<UserRow> {
  const id = crypto.randomUUID();
  const appMeta = { provider: 'email', providers: ['email'], ...(input.appMetadata ?? {}) };
  const userMeta = { ...input.userMetadata, email: input.email, email_verified: input.confirmed, phone_verified: false, sub: id };
  try {
    const { rows } = await db.query<UserRow>(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         raw_app_meta_data, raw_user_meta_data, created_at, updated_at, confirmation_token, recovery_token,
         email_change_token_new, email_change)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2,
         case when $3::text is null then '' else extensions.crypt($3, extensions.gen_salt('bf', 10)) end,
         case when $4 then now() end, $5, $6, now(), now(), '', '', '', '')
       returning ${USER_COLUMNS}`,
      [id, input.email, input.password, input.confirmed, appMeta, userMeta],
    );
    await db.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
       values ($1, $2, $3, 'email', now(), now())`,
      [id, id, { sub: id, email: input.email, email_verified: input.confirmed, phone_verified: false }],
    );
    return rows[0];
  } catch (err) {
    if ((err as pg.DatabaseError).code === '23505') throw new AuthError(422, 'user_already_exists', 'User already registered');
    throw err;
  }
}

export async function updateUser(
  db: pg.ClientBase | pg.Pool,
  id: string,
  changes: { email?: string; password?: string; userMetadata?: Record<string, unknown>; appMetadata?: Record<string, unknown>; confirm?: boolean },
): Promise<UserRow> {
  try {
    const { rows } = await db.query<UserRow>(
      `update auth.users set
         email = coalesce($2, email),
         encrypted_password = case when $3::text is null then encrypted_password else extensions.crypt($3, extensions.gen_salt('bf', 10)) end,
         raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || coalesce($4::jsonb, '{}'::jsonb),
         raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || coalesce($5::jsonb, '{}'::jsonb),
         email_confirmed_at = case when $6 then coalesce(email_confirmed_at, now()) else email_confirmed_at end,
         updated_at = now()
       where id = $1 and deleted_at is null
       returning ${USER_COLUMNS}`,
      [id, changes.email ?? null, changes.password ?? null, changes.userMetadata ?? null, changes.appMetadata ?? null, changes.confirm ?? false],
    );
    if (!rows[0]) throw new AuthError(404, 'user_not_found', 'User not found');
    return rows[0];
  } catch (err) {
    if ((err as pg.DatabaseError).code === '23505') throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
    throw err;
  }
}
