import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServiceContext } from '../context.ts';
import { inTransaction } from '../db.ts';
import { readJson } from '../http.ts';
import { isUuid } from '../jwt.ts';
import { AuthError, sendAuthJson } from './errors.ts';
import { requireAdminClaims } from './claims.ts';
import { endSessions } from './sessions.ts';
import {
  asObject,
  checkPassword,
  checkPasswordLength,
  createUser,
  findUserById,
  stringField,
  updateUser,
  USER_COLUMNS,
  userJson,
  validateEmail,
  type UserRow,
} from './users.ts';

type Body = Record<string, unknown>;

/** pop's defaults, which GoTrue's admin list goes through: a page under 1 is the first, fewer than 1 per page is 20. */
const DEFAULT_PER_PAGE = 50;
const POP_PER_PAGE = 20;
const MAX_INT64 = 2n ** 63n - 1n;

const badPagination = (why: string) => new AuthError(400, 'validation_failed', `Bad Pagination Parameters: strconv.ParseUint: ${why}`);

/** GoTrue's paginate(): absent or empty is the default, else an unsigned decimal as strconv.ParseUint reads it. */
function pageParam(url: URL, key: string, fallback: bigint): bigint {
  const raw = url.searchParams.get(key);
  if (raw === null || raw === '') return fallback;
  if (!/^[0-9]+$/.test(raw)) throw badPagination(`parsing ${JSON.stringify(raw)}: invalid syntax`);
  const value = BigInt(raw);
  if (value >= 2n ** 64n) throw badPagination(`parsing ${JSON.stringify(raw)}: value out of range`);
  return value;
}

/** GoTrue's Link header: the next page while there is one, and the last. */
function paginationLink(path: string, url: URL, page: bigint, perPage: bigint, total: bigint): string {
  const totalPages = total / perPage + (total % perPage > 0n ? 1n : 0n);
  const at = (n: bigint) => {
    const query = new URLSearchParams(url.searchParams);
    query.set('page', String(n));
    query.sort();
    return `<${path}?${query}>`;
  };
  return `${totalPages > page ? `${at(page + 1n)}; rel="next", ` : ''}${at(totalPages)}; rel="last"`;
}

/** GoTrue's /admin/users: only an administrator's token (service_role or supabase_admin, never shipped to browsers) may call it. */
export async function handleAdminUsers(
  ctx: ServiceContext,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  url: URL,
): Promise<void> {
  await requireAdminClaims(req);
  const pool = ctx.pools.auth;
  const id = path.split('/')[3];

  if (!id && req.method === 'GET') {
    const page = pageParam(url, 'page', 1n);
    const perPage = pageParam(url, 'per_page', BigInt(DEFAULT_PER_PAGE));
    // GoTrue converts both to a signed int before pop: past 2^63 they wrap below 1.
    const queryPage = page < 1n || page > MAX_INT64 ? 1n : page;
    const queryPerPage = perPage < 1n || perPage > MAX_INT64 ? BigInt(POP_PER_PAGE) : perPage;
    const offset = (queryPage - 1n) * queryPerPage;
    const { rows } = await pool.query<UserRow>(
      `select ${USER_COLUMNS} from auth.users where deleted_at is null order by created_at desc limit $1 offset $2`,
      [String(queryPerPage), String(offset > MAX_INT64 ? MAX_INT64 : offset)],
    );
    const { rows: counted } = await pool.query<{ total: string }>('select count(*) as total from auth.users where deleted_at is null');
    const total = BigInt(counted[0]!.total);
    res.setHeader('x-total-count', String(total));
    res.setHeader('link', paginationLink(path, url, page, perPage > 0n ? perPage : BigInt(POP_PER_PAGE), total));
    return sendAuthJson(res, 200, { users: rows.map(userJson), aud: 'authenticated' });
  }
  if (!id && req.method === 'POST') {
    const body = await readJson<Body>(req);
    const email = stringField(body, 'email');
    if (email === '') throw new AuthError(400, 'validation_failed', 'Cannot create a user without either an email or phone');
    const password = stringField(body, 'password');
    const user = await createUser(pool, {
      email: validateEmail(email),
      // GoTrue checks no strength here, only what bcrypt refuses.
      password: password === '' ? null : checkPasswordLength(password),
      userMetadata: asObject(body.user_metadata) ?? {},
      appMetadata: asObject(body.app_metadata),
      confirmed: body.email_confirm === true,
    }).catch((err: unknown) => {
      if (err instanceof AuthError && err.code === 'user_already_exists')
        throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
      throw err;
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
    const password = body.password === undefined || body.password === null ? undefined : checkPassword(body.password);
    const email = stringField(body, 'email');
    const confirm = body.email_confirm === true;
    const userMetadata = asObject(body.user_metadata);
    const user = await inTransaction(pool, async (db) => {
      let user = await updateUser(db, id, {
        email: email === '' ? undefined : validateEmail(email),
        password,
        // GoTrue's Confirm marks the metadata before the given metadata is merged.
        userMetadata: confirm ? { email_verified: true, ...userMetadata } : userMetadata,
        appMetadata: asObject(body.app_metadata),
        confirm,
      });
      if (email !== '') {
        await db.query(
          `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', $3::boolean),
             updated_at = now() where user_id = $1 and provider = 'email'`,
          [id, user.email, confirm],
        );
        user = (await findUserById(db, id))!;
      }
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
