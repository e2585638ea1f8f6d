import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServiceContext } from '../context.ts';
import { inTransaction } from '../db.ts';
import { readJson } from '../http.ts';
import { isUuid } from '../jwt.ts';
import { AuthError, notAdmin, sendAuthJson } from './errors.ts';
import { requireClaims } from './claims.ts';
import { endSessions } from './sessions.ts';
import { asObject, checkPassword, createUser, findUserById, normalizeEmail, updateUser, userJson, type UserRow } from './users.ts';

type Body = Record<string, unknown>;

/** GoTrue's /admin/users: only a service_role token (never shipped to browsers) may call it. */
export async function handleAdminUsers(
  ctx: ServiceContext,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  url: URL,
): Promise<void> {
  const claims = await requireClaims(req);
  if (claims.role !== 'service_role') throw notAdmin();
  const pool = ctx.pools.auth;
  const id = path.split('/')[3];

  if (!id && req.method === 'GET') {
    const page = Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '', 10) || 1);
    const perPage = Math.min(1000, Math.max(1, Number.parseInt(url.searchParams.get('per_page') ?? '', 10) || 50));
    const { rows } = await pool.query<UserRow & { total: string }>(
      `select *, count(*) over () as total from auth.users where deleted_at is null order by created_at desc limit $1 offset $2`,
      [perPage, (page - 1) * perPage],
    );
    const total = rows[0]?.total ?? '0';
    res.setHeader('x-total-count', total);
    return sendAuthJson(res, 200, { users: rows.map(userJson), aud: 'authenticated' });
  }
  if (!id && req.method === 'POST') {
    const body = await readJson<Body>(req);
    const user = await createUser(pool, {
      email: normalizeEmail(body.email),
      password: body.password === undefined ? null : checkPassword(body.password),
      userMetadata: asObject(body.user_metadata) ?? {},
      appMetadata: asObject(body.app_metadata),
      confirmed: body.email_confirm === true,
    });
    return sendAuthJson(res, 200, userJson(user));
  }
  if (!isUuid(id)) throw new AuthError(404, 'user_not_found', 'User not found');

  if (req.method === 'GET') {
    const user = await findUserById(pool, id);
    if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
    return sendAuthJson(res, 200, userJson(user));
  }
  if (req.method === 'PUT') {
    const body = await readJson<Body>(req);
    const password = body.password === undefined ? undefined : checkPassword(body.password);
    const user = await inTransaction(pool, async (db) => {
      const user = await updateUser(db, id, {
        email: body.email === undefined ? undefined : normalizeEmail(body.email),
        password,
        userMetadata: asObject(body.user_metadata),
        appMetadata: asObject(body.app_metadata),
        confirm: body.email_confirm === true,
      });
      // As GoTrue's admin update: a password set for the user signs out every session.
      if (password !== undefined) await endSessions(db, id, '', 'global');
      return user;
    });
    return sendAuthJson(res, 200, userJson(user));
  }
  if (req.method === 'DELETE') {
    const user = await findUserById(pool, id);
    if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
    await pool.query('delete from auth.users where id = $1', [id]);
    return sendAuthJson(res, 200, {});
  }
  throw new AuthError(405, 'method_not_allowed', `${req.method} not allowed on ${path}`);
}
