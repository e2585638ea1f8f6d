import crypto from 'node:crypto';
import type pg from 'pg';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_REUSE_INTERVAL_SECONDS } from '../config.ts';
import { signToken } from '../jwt.ts';
import { AuthError } from './errors.ts';
import { findUserById, userJson, type UserRow } from './users.ts';

/** GoTrue's refresh tokens are short random strings, not JWTs. */
const newRefreshToken = () => crypto.randomBytes(9).toString('base64url');

async function accessToken(issuer: string, user: UserRow, sessionId: string, method: string, at: number) {
  const now = Math.floor(Date.now() / 1000);
  const expiresAt = now + ACCESS_TOKEN_TTL_SECONDS;
  const token = await signToken(
    {
      iss: issuer,
      sub: user.id,
      aud: user.aud,
      exp: expiresAt,
      iat: now,
      email: user.email,
      phone: user.phone ?? '',
      app_metadata: user.raw_app_meta_data ?? {},
      user_metadata: user.raw_user_meta_data ?? {},
      role: user.role,
      aal: 'aal1',
      amr: [{ method, timestamp: at }],
      session_id: sessionId,
      is_anonymous: user.is_anonymous,
    },
    expiresAt,
  );
  return { token, expiresAt };
}

function sessionJson(access: { token: string; expiresAt: number }, refreshToken: string, user: UserRow) {
  return {
    access_token: access.token,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    expires_at: access.expiresAt,
    refresh_token: refreshToken,
    user: userJson(user),
  };
}

export async function createSession(
  db: pg.ClientBase,
  issuer: string,
  user: UserRow,
  method = 'password',
  ip?: string,
  userAgent?: string,
) {
  if (user.banned_until && user.banned_until > new Date()) throw new AuthError(400, 'user_banned', 'User is banned');
  const sessionId = crypto.randomUUID();
  await db.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip) values ($1, $2, now(), now(), 'aal1', $3, $4)`,
    [sessionId, user.id, userAgent ?? null, ip ?? null],
  );
  const refresh = newRefreshToken();
  await db.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3)`,
    [refresh, user.id, sessionId],
  );
  await db.query('update auth.users set last_sign_in_at = now() where id = $1', [user.id]);
  const fresh = (await findUserById(db, user.id))!;
  return sessionJson(await accessToken(issuer, fresh, sessionId, method, Math.floor(Date.now() / 1000)), refresh, fresh);
}

/** Carries the session to revoke: the caller does it outside the failed transaction. */
export class RefreshTokenReuseError extends AuthError {
  constructor(readonly sessionId: string) {
    super(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
  }
}

/**
 * Rotates a refresh token. A token that was already used is a sign of theft: like GoTrue, the
 * whole session is revoked, so neither the thief nor the owner can keep using it.
 */
export async function refreshSession(db: pg.ClientBase, issuer: string, token: unknown) {
  if (typeof token !== 'string' || !token)
    throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  const { rows } = await db.query<{
    id: string;
    revoked: boolean;
    session_id: string;
    user_id: string;
    created_at: Date;
    recently: boolean;
  }>(
    `select id, revoked, session_id, user_id, created_at, updated_at > now() - make_interval(secs => $2) as recently
       from auth.refresh_tokens where token = $1 for update`,
    [token, REFRESH_TOKEN_REUSE_INTERVAL_SECONDS],
  );
  const row = rows[0];
  if (!row || !row.session_id) throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  const user = await findUserById(db, row.user_id);
  if (!user) throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  if (user.banned_until && user.banned_until > new Date()) throw new AuthError(400, 'user_banned', 'User is banned');

  let next: string;
  if (row.revoked) {
    // Like GoTrue's reuse interval: a refresh retried after a lost response, or two tabs refreshing
    // together, get the session's current token instead of being treated as theft.
    const active = row.recently
      ? await db.query<{ token: string }>(
          'select token from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1',
          [row.session_id],
        )
      : null;
    if (!active?.rows[0]) throw new RefreshTokenReuseError(row.session_id);
    next = active.rows[0].token;
  } else {
    await db.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [row.id]);
    next = newRefreshToken();
    await db.query(
      `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
       values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
      [next, user.id, token, row.session_id],
    );
  }
  await db.query('update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1', [row.session_id]);
  const { rows: s } = await db.query<{ created_at: Date }>('select created_at from auth.sessions where id = $1', [row.session_id]);
  const signedInAt = Math.floor((s[0]?.created_at ?? row.created_at).getTime() / 1000);
  return sessionJson(await accessToken(issuer, user, row.session_id, 'password', signedInAt), next, user);
}

export async function sessionExists(db: pg.ClientBase | pg.Pool, sessionId: unknown): Promise<boolean> {
  if (typeof sessionId !== 'string') return false;
  const { rowCount } = await db.query('select 1 from auth.sessions where id = $1', [sessionId]);
  return rowCount! > 0;
}

/** scope: 'local' ends this session, 'others' every other one, 'global' all of the user's. */
export async function endSessions(db: pg.ClientBase | pg.Pool, userId: string, sessionId: string, scope: string): Promise<void> {
  if (scope === 'others') await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, sessionId]);
  else if (scope === 'local') await db.query('delete from auth.sessions where id = $1', [sessionId]);
  else await db.query('delete from auth.sessions where user_id = $1', [userId]);
}
