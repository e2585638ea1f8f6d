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
  /** The address waiting for confirmation (GoTrue's `new_email`), '' or null when none. */
  email_change: string | null;
  email_change_sent_at: Date | null;
  /** The rows of auth.identities, in GoTrue's JSON shape (`identity_id` is the row's id, `id` the provider's). */
  identities: Record<string, unknown>[];
}

/** The user's columns and identities, as GoTrue loads a user (its identities eagerly). */
export const USER_COLUMNS = `id, aud, role, email, phone, email_confirmed_at, confirmed_at, last_sign_in_at, raw_app_meta_data,
  raw_user_meta_data, created_at, updated_at, banned_until, is_anonymous, email_change, email_change_sent_at,
  (select coalesce(jsonb_agg(jsonb_build_object('identity_id', i.id, 'id', i.provider_id, 'user_id', i.user_id,
     'identity_data', i.identity_data, 'provider', i.provider, 'last_sign_in_at', i.last_sign_in_at,
     'created_at', i.created_at, 'updated_at', i.updated_at, 'email', i.email) order by i.created_at), '[]'::jsonb)
   from auth.identities i where i.user_id = users.id) as identities`;

/** bcrypt reads 72 bytes and ignores the rest, so GoTrue refuses longer passwords. */
export const MAX_PASSWORD_BYTES = 72;

/**
 * User metadata travels in every access token (and so in every API request's headers), and
 * GoTrue sets no bound on it: locally it is capped so a sign-up cannot make tokens of a megabyte.
 */
export const MAX_USER_METADATA_BYTES = 16 * 1024;

/** A JSON object from a request body (metadata), or undefined for anything else. */
export const asObject = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);

/**
 * The address format GoTrue checks (badoux/checkmail): ASCII letters, digits and a few signs
 * before the @, labels of letters, digits and inner hyphens after it, no top-level domain needed.
 */
const EMAIL_FORMAT =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** A string field of a request body; GoTrue reads a missing or null one as "". */
export function stringField(body: Record<string, unknown>, key: string): string {
  const value = body[key];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${key} must be a string`);
  return value;
}

/** GoTrue's validateEmail: the address as given (never trimmed), checked, then lower-cased. */
export function validateEmail(email: string): string {
  if (email === '') throw new AuthError(400, 'validation_failed', 'An email address is required');
  if (Buffer.byteLength(email) > 255) throw new AuthError(400, 'validation_failed', 'An email address is too long');
  if (!EMAIL_FORMAT.test(email)) throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');
  return email.toLowerCase();
}

/** bcrypt's own refusal, which is all GoTrue checks of a password an administrator sets at creation. */
export function checkPasswordLength(password: string): string {
  if (Buffer.byteLength(password) > MAX_PASSWORD_BYTES)
    throw new AuthError(400, 'validation_failed', `bcrypt: password length exceeds ${MAX_PASSWORD_BYTES} bytes`);
  return password;
}

export function checkPassword(value: unknown): string {
  const password = typeof value === 'string' ? value : '';
  // GoTrue counts bytes (Go's len) but says characters.
  if (Buffer.byteLength(password) > MAX_PASSWORD_BYTES)
    throw new AuthError(400, 'validation_failed', `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
  if (password.length < MIN_PASSWORD_LENGTH)
    throw new AuthError(422, 'weak_password', `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, {
      weak_password: { reasons: ['length'] },
    });
  return password;
}

export function checkUserMetadata(metadata: Record<string, unknown>): Record<string, unknown> {
  const size = Buffer.byteLength(JSON.stringify(metadata));
  if (size > MAX_USER_METADATA_BYTES)
    throw new AuthError(
      400,
      'validation_failed',
      `User metadata is ${size} bytes, over the limit of ${MAX_USER_METADATA_BYTES} bytes (16 KB)`,
    );
  return metadata;
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
    ...(u.email_change ? { new_email: u.email_change, email_change_sent_at: iso(u.email_change_sent_at) } : {}),
    // GoTrue leaves out an identity's empty last_sign_in_at and email.
    identities: (u.identities ?? []).map((i) => Object.fromEntries(Object.entries(i).filter(([, v]) => v !== null))),
    created_at: iso(u.created_at),
    updated_at: iso(u.updated_at),
    is_anonymous: u.is_anonymous,
  };
}

export async function findUserById(db: pg.ClientBase | pg.Pool, id: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1 and deleted_at is null`, [id]);
  return rows[0] ?? null;
}

let dummyHash: Promise<string> | undefined;

/** A bcrypt hash of nothing anyone knows, at GoTrue's cost (10), as new accounts' hashes are. */
function dummyPasswordHash(db: pg.ClientBase | pg.Pool): Promise<string> {
  dummyHash ??= db
    .query<{ hash: string }>(`select extensions.crypt($1, extensions.gen_salt('bf', 10)) as hash`, [
      crypto.randomBytes(32).toString('base64'),
    ])
    .then((r) => r.rows[0].hash)
    .catch((err: Error) => {
      dummyHash = undefined;
      throw err;
    });
  return dummyHash;
}

/**
 * The user whose bcrypt hash matches, compared inside Postgres with pgcrypto as GoTrue's hashes
 * are. An unknown address is compared against a dummy hash, so it takes as long as a wrong
 * password and the answer's timing does not tell which addresses have accounts.
 */
export async function findUserByPassword(db: pg.ClientBase | pg.Pool, email: string, password: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow & { encrypted_password: string | null }>(
    `select ${USER_COLUMNS}, encrypted_password from auth.users where lower(email) = $1 and deleted_at is null`,
    [email],
  );
  const { encrypted_password: stored, ...user } = rows[0] ?? { encrypted_password: null };
  const hash = stored || (await dummyPasswordHash(db));
  const { rows: check } = await db.query<{ ok: boolean }>('select extensions.crypt($1, $2) = $2 as ok', [password, hash]);
  // pgcrypto would compare only the first 72 bytes; GoTrue's bcrypt refuses longer passwords.
  const ok = check[0].ok && Boolean(stored) && Buffer.byteLength(password) <= MAX_PASSWORD_BYTES;
  return ok ? (user as UserRow) : null;
}

/**
 * GoTrue's UpdateUserMetaData and UpdateAppMetaData: the keys given replace the stored ones, a
 * key given as null is removed, the others stay.
 */
const MERGE_METADATA = (column: string, param: string) =>
  `case when ${param}::jsonb is null then ${column}
     else (coalesce(${column}, '{}'::jsonb) || ${param}::jsonb)
       - coalesce((select array_agg(key) from jsonb_each(${param}::jsonb) where value = 'null'::jsonb), '{}'::text[]) end`;

/** The same merge in JavaScript, for the size check before the write. */
export function mergeMetadata(stored: Record<string, unknown> | null, changes: Record<string, unknown>): Record<string, unknown> {
  const merged = { ...(stored ?? {}), ...changes };
  for (const [key, value] of Object.entries(changes)) if (value === null) delete merged[key];
  return merged;
}

/**
 * Inserts into auth.users, so triggers the project's migrations put there run as on hosted Supabase.
 * As GoTrue: the user metadata is what was given, plus `email_verified: true` once the address
 * is confirmed (its Confirm does that); the email identity holds sub, email, email_verified and
 * phone_verified as false (GoTrue's Claims, never updated by a confirmation), then `identityExtras`
 * (a sign-up's data) under keys it does not have.
 */
export async function createUser(
  db: pg.ClientBase | pg.Pool,
  input: {
    email: string;
    password: string | null;
    userMetadata: Record<string, unknown>;
    appMetadata?: Record<string, unknown>;
    confirmed: boolean;
    identityExtras?: Record<string, unknown>;
  },
): Promise<UserRow> {
  const id = crypto.randomUUID();
  const appMeta = mergeMetadata({ provider: 'email', providers: ['email'] }, input.appMetadata ?? {});
  const userMeta = checkUserMetadata(input.confirmed ? { ...input.userMetadata, email_verified: true } : input.userMetadata);
  const identityData = { ...(input.identityExtras ?? {}), sub: id, email: input.email, email_verified: false, phone_verified: false };
  try {
    await db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         raw_app_meta_data, raw_user_meta_data, created_at, updated_at, confirmation_token, recovery_token,
         email_change_token_new, email_change)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2,
         case when $3::text is null then '' else extensions.crypt($3, extensions.gen_salt('bf', 10)) end,
         case when $4 then now() end, $5, $6, now(), now(), '', '', '', '')`,
      [id, input.email, input.password, input.confirmed, appMeta, userMeta],
    );
    await db.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
       values ($1, $2, $3, 'email', now(), now(), now())`,
      [id, id, identityData],
    );
    return (await findUserById(db, id))!;
  } catch (err) {
    if ((err as pg.DatabaseError).code === '23505') throw new AuthError(422, 'user_already_exists', 'User already registered');
    throw err;
  }
}

export async function updateUser(
  db: pg.ClientBase | pg.Pool,
  id: string,
  changes: {
    email?: string;
    password?: string;
    userMetadata?: Record<string, unknown>;
    appMetadata?: Record<string, unknown>;
    confirm?: boolean;
  },
): Promise<UserRow> {
  if (changes.userMetadata) {
    const { rows } = await db.query<{ meta: Record<string, unknown> | null }>(
      'select raw_user_meta_data as meta from auth.users where id = $1',
      [id],
    );
    checkUserMetadata(mergeMetadata(rows[0]?.meta ?? null, changes.userMetadata));
  }
  try {
    // A new password voids the e-mail links already sent, as GoTrue's UpdatePassword does: whoever
    // had the old password may have asked for them.
    const { rows } = await db.query<UserRow>(
      `update auth.users set
         email = coalesce($2, email),
         encrypted_password = case when $3::text is null then encrypted_password else extensions.crypt($3, extensions.gen_salt('bf', 10)) end,
         recovery_token = case when $3::text is null then recovery_token else '' end,
         email_change_token_current = case when $3::text is null then email_change_token_current else '' end,
         email_change_token_new = case when $3::text is null then email_change_token_new else '' end,
         raw_user_meta_data = ${MERGE_METADATA('raw_user_meta_data', '$4')},
         raw_app_meta_data = ${MERGE_METADATA('raw_app_meta_data', '$5')},
         email_confirmed_at = case when $6 then coalesce(email_confirmed_at, now()) else email_confirmed_at end,
         updated_at = now()
       where id = $1 and deleted_at is null
       returning ${USER_COLUMNS}`,
      [
        id,
        changes.email ?? null,
        changes.password ?? null,
        changes.userMetadata ?? null,
        changes.appMetadata ?? null,
        changes.confirm ?? false,
      ],
    );
    if (!rows[0]) throw new AuthError(404, 'user_not_found', 'User not found');
    return rows[0];
  } catch (err) {
    if ((err as pg.DatabaseError).code === '23505')
      throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
    throw err;
  }
}
