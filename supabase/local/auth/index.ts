import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServiceContext } from '../context.ts';
import { inTransaction } from '../db.ts';
import { BadJsonError, BodyTooLargeError, readJson, type RouteHandler } from '../http.ts';
import { handleAdminUsers } from './admin.ts';
import { requireClaims } from './claims.ts';
import { AuthError, badJwt, invalidCredentials, sendAuthError, sendAuthJson, sessionNotFound } from './errors.ts';
import { createSession, endSessions, refreshSession, RefreshTokenReuseError, sessionExists } from './sessions.ts';
import { asObject, checkPassword, createUser, findUserById, findUserByPassword, normalizeEmail, updateUser, userJson } from './users.ts';

type Body = Record<string, unknown>;
const RECOVERY_TTL_MS = 3600_000;
const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

/**
 * GoTrue-compatible auth: e-mail and password users in auth.users, sessions with rotating refresh
 * tokens, HS256 access tokens with GoTrue's claims. Sign-ups are confirmed at once locally.
 */
export function createAuthHandler(ctx: ServiceContext): RouteHandler {
  const issuer = `${ctx.publicUrl}/auth/v1`;
  const pool = ctx.pools.auth;
  const clientInfo = (req: IncomingMessage) => [req.socket.remoteAddress, req.headers['user-agent']] as const;

  async function currentUser(req: IncomingMessage) {
    const claims = await requireClaims(req);
    if (!claims.sub) throw badJwt('missing sub claim');
    if (!(await sessionExists(pool, claims.session_id))) throw sessionNotFound();
    const user = await findUserById(pool, claims.sub);
    if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    return { claims, user };
  }

  /** Like GoTrue's allow list: the site itself, or a local http(s) dev server; anything else gets the site. */
  function allowedRedirect(value: string | null): string {
    if (!value) return ctx.options.siteUrl;
    try {
      const url = new URL(value);
      const local = /^https?:$/.test(url.protocol) && ['localhost', '127.0.0.1'].includes(url.hostname);
      return local || url.origin === new URL(ctx.options.siteUrl).origin ? url.href : ctx.options.siteUrl;
    } catch {
      return ctx.options.siteUrl;
    }
  }

  const routes: Record<string, (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>> = {
    'GET /health': async (_req, res) => sendAuthJson(res, 200, { version: 'local', name: 'GoTrue', description: 'GoTrue-compatible local auth' }),

    'GET /settings': async (_req, res) =>
      sendAuthJson(res, 200, {
        external: { email: true, phone: false, anonymous_users: false },
        disable_signup: false,
        mailer_autoconfirm: true,
        phone_autoconfirm: false,
        sms_provider: '',
        saml_enabled: false,
      }),

    'POST /signup': async (req, res) => {
      const body = await readJson<Body>(req);
      const email = normalizeEmail(body.email);
      const password = checkPassword(body.password);
      const session = await inTransaction(pool, async (db) => {
        const user = await createUser(db, { email, password, userMetadata: asObject(body.data) ?? {}, confirmed: true });
        return createSession(db, issuer, user, 'password', ...clientInfo(req));
      });
      sendAuthJson(res, 200, session);
    },

    'POST /token': async (req, res, url) => {
      const body = await readJson<Body>(req);
      const grant = url.searchParams.get('grant_type');
      if (grant === 'password') {
        if (!body.email || typeof body.password !== 'string' || !body.password)
          throw new AuthError(400, 'validation_failed', 'missing email or phone');
        const email = normalizeEmail(body.email);
        const session = await inTransaction(pool, async (db) => {
          const user = await findUserByPassword(db, email, body.password as string);
          if (!user) throw invalidCredentials();
          if (!user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
          return createSession(db, issuer, user, 'password', ...clientInfo(req));
        });
        return sendAuthJson(res, 200, session);
      }
      if (grant === 'refresh_token') {
        try {
          return sendAuthJson(res, 200, await inTransaction(pool, (db) => refreshSession(db, issuer, body.refresh_token)));
        } catch (err) {
          if (err instanceof RefreshTokenReuseError) await endSessions(pool, '', err.sessionId, 'local');
          throw err;
        }
      }
      throw new AuthError(400, 'validation_failed', 'unsupported_grant_type');
    },

    'GET /user': async (req, res) => {
      const { user } = await currentUser(req);
      sendAuthJson(res, 200, userJson(user));
    },

    'PUT /user': async (req, res) => {
      const { user } = await currentUser(req);
      const body = await readJson<Body>(req);
      const updated = await updateUser(pool, user.id, {
        email: body.email !== undefined ? normalizeEmail(body.email) : undefined,
        password: body.password !== undefined ? checkPassword(body.password) : undefined,
        userMetadata: body.data !== undefined ? asObject(body.data) ?? {} : undefined,
      });
      sendAuthJson(res, 200, userJson(updated));
    },

    'POST /logout': async (req, res, url) => {
      const claims = await requireClaims(req);
      if (claims.sub && typeof claims.session_id === 'string')
        await endSessions(pool, claims.sub, claims.session_id, url.searchParams.get('scope') ?? 'global');
      res.writeHead(204).end();
    },

    'POST /recover': async (req, res, url) => {
      const body = await readJson<Body>(req);
      const email = normalizeEmail(body.email);
      const token = crypto.randomBytes(24).toString('base64url');
      const { rowCount } = await pool.query(
        `update auth.users set recovery_token = $2, recovery_sent_at = now() where lower(email) = $1 and deleted_at is null`,
        [email, sha256(token)],
      );
      // There is no mailer locally: the link goes to the console. The answer never says whether
      // the address exists.
      if (rowCount) {
        const redirect = allowedRedirect(url.searchParams.get('redirect_to'));
        const link = `${issuer}/verify?token=${token}&type=recovery&redirect_to=${encodeURIComponent(redirect)}`;
        console.log(`[auth] password recovery link for ${email}: ${link}`);
      }
      sendAuthJson(res, 200, {});
    },

    'GET /verify': async (req, res, url) => {
      const redirect = allowedRedirect(url.searchParams.get('redirect_to'));
      const token = url.searchParams.get('token') ?? '';
      const session = await inTransaction(pool, async (db) => {
        const { rows } = await db.query<{ id: string }>(
          `update auth.users set recovery_token = '', recovery_sent_at = null
            where recovery_token = $1 and $1 <> '' and recovery_sent_at > now() - make_interval(secs => $2) returning id`,
          [sha256(token), RECOVERY_TTL_MS / 1000],
        );
        const user = rows[0] && (await findUserById(db, rows[0].id));
        return user ? createSession(db, issuer, user, 'recovery', ...clientInfo(req)) : null;
      });
      const fragment = session
        ? new URLSearchParams({
            access_token: session.access_token,
            expires_at: String(session.expires_at),
            expires_in: String(session.expires_in),
            refresh_token: session.refresh_token,
            token_type: 'bearer',
            type: 'recovery',
          })
        : new URLSearchParams({ error: 'access_denied', error_code: 'otp_expired', error_description: 'Email link is invalid or has expired' });
      res.writeHead(303, { Location: `${redirect}#${fragment}` }).end();
    },
  };

  return async (req, res, path, url) => {
    try {
      if (path.startsWith('/admin/users')) return await handleAdminUsers(ctx, req, res, path, url);
      const route = routes[`${req.method} ${path.replace(/\/$/, '')}`];
      if (!route) throw new AuthError(404, 'not_found', `no auth route for ${req.method} ${path}`);
      await route(req, res, url);
    } catch (err) {
      if (err instanceof AuthError) return sendAuthError(res, err);
      if (err instanceof BadJsonError || err instanceof BodyTooLargeError) return sendAuthError(res, new AuthError(400, 'bad_json', err.message));
      throw err;
    }
  };
}
