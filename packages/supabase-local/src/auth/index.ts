import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServiceContext } from '../context.ts';
import { inTransaction } from '../db.ts';
import { BadJsonError, BodyTooLargeError, readJson, type RouteHandler } from '../http.ts';
import { readAuthSettings } from '../supabaseConfig.ts';
import { handleAdminUsers } from './admin.ts';
import { requireClaims } from './claims.ts';
import { newLinkToken, requestEmailChange, sha256 } from './emailChange.ts';
import { AuthError, badJwt, invalidCredentials, sendAuthError, sendAuthJson, sessionNotFound } from './errors.ts';
import { createOutbox } from './outbox.ts';
import { clientIp, createRateLimits } from './rateLimit.ts';
import { createRedirectCheck } from './redirects.ts';
import { createSession, endSessions, refreshSession, RefreshTokenReuseError, sessionExists } from './sessions.ts';
import {
  asObject,
  checkPassword,
  createUser,
  findUserById,
  findUserByPassword,
  stringField,
  updateUser,
  userJson,
  validateEmail,
} from './users.ts';
import { createVerifyRoute } from './verify.ts';

type Body = Record<string, unknown>;

/**
 * GoTrue-compatible auth: e-mail and password users in auth.users, sessions with rotating refresh
 * tokens, HS256 access tokens with GoTrue's claims. Sign-ups are confirmed at once locally. GoTrue's
 * protections apply, configured by supabase/config.toml as the CLI does: per-IP rate limits, e-mail
 * changes confirmed by link, other sessions ended by a password change.
 */
export function createAuthHandler(ctx: ServiceContext, settings = readAuthSettings(ctx.options.configFile)): RouteHandler {
  const issuer = `${ctx.publicUrl}/auth/v1`;
  const pool = ctx.pools.auth;
  const limit = createRateLimits(settings.rateLimits);
  const redirectFor = createRedirectCheck(ctx.options.siteUrl, settings.additionalRedirectUrls);
  const send = createOutbox(ctx.smtpPort, settings.emailTemplates, { quiet: ctx.options.quiet });
  const siteUrl = ctx.options.siteUrl;
  const clientInfo = (req: IncomingMessage) => [clientIp(req), req.headers['user-agent']] as const;
  const link = (token: string, type: string, redirect: string) =>
    `${issuer}/verify?token=${token}&type=${type}&redirect_to=${encodeURIComponent(redirect)}`;

  const verify = createVerifyRoute({ pool, issuer, doubleConfirmChanges: settings.doubleConfirmChanges, redirectFor, clientInfo });

  async function currentUser(req: IncomingMessage) {
    const claims = await requireClaims(req);
    if (!claims.sub) throw badJwt('missing sub claim');
    if (!(await sessionExists(pool, claims.session_id))) throw sessionNotFound();
    const user = await findUserById(pool, claims.sub);
    if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    return { claims, user };
  }

  const routes: Record<string, (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>> = {
    'GET /health': async (_req, res) =>
      sendAuthJson(res, 200, { version: 'local', name: 'GoTrue', description: 'GoTrue-compatible local auth' }),

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
      const [email, phone] = [stringField(body, 'email'), stringField(body, 'phone')];
      // As GoTrue's router: no address is an anonymous sign-in, refused before the sign-up limit counts.
      if (email === '' && phone === '') throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
      limit('signup', req);
      if (stringField(body, 'password') === '') throw new AuthError(400, 'validation_failed', 'Signup requires a valid password');
      const password = checkPassword(body.password);
      if (email !== '' && phone !== '')
        throw new AuthError(400, 'validation_failed', 'Only an email address or phone number should be provided on signup.');
      if (email === '') throw new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled');
      const data = asObject(body.data) ?? {};
      const address = validateEmail(email);
      const session = await inTransaction(pool, async (db) => {
        // Sign-ups are confirmed at once (mailer_autoconfirm), and the data also goes to the identity.
        const user = await createUser(db, { email: address, password, userMetadata: data, confirmed: true, identityExtras: data });
        return createSession(db, issuer, user, 'password', ...clientInfo(req));
      });
      sendAuthJson(res, 200, session);
    },

    'POST /token': async (req, res, url) => {
      limit('token', req);
      const body = await readJson<Body>(req);
      const grant = url.searchParams.get('grant_type');
      if (grant === 'password') {
        if (!body.email || typeof body.password !== 'string' || !body.password)
          throw new AuthError(400, 'validation_failed', 'missing email or phone');
        // Looked up as given, lower-cased: an address of no valid format simply matches no one.
        const email = stringField(body, 'email').toLowerCase();
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

    'PUT /user': async (req, res, url) => {
      const { claims, user } = await currentUser(req);
      limit('user', req);
      const body = await readJson<Body>(req);
      const given = stringField(body, 'email');
      const email = given === '' ? undefined : validateEmail(given);
      const password = body.password !== undefined ? checkPassword(body.password) : undefined;
      const { updated, links } = await inTransaction(pool, async (db) => {
        if (password !== undefined && (await findUserByPassword(db, user.email, password)))
          throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
        let updated = await updateUser(db, user.id, {
          password,
          userMetadata: body.data !== undefined ? (asObject(body.data) ?? {}) : undefined,
        });
        // As GoTrue: whoever else holds a session (a stolen refresh token) is signed out by a new
        // password; the session that changed it stays.
        if (password !== undefined) await endSessions(db, user.id, claims.session_id as string, 'others');
        const links = email ? await requestEmailChange(db, updated, email, settings.doubleConfirmChanges) : null;
        if (links) updated = (await findUserById(db, user.id))!;
        return { updated, links };
      });
      if (links) {
        const redirectTo = redirectFor(url.searchParams.get('redirect_to'));
        const mail = (token: string) => ({
          link: link(token, 'email_change', redirectTo),
          email: user.email,
          newEmail: links.next.to,
          siteUrl,
          redirectTo,
        });
        if (links.current) await send(links.current.to, 'email_change_current', mail(links.current.token));
        await send(links.next.to, 'email_change_new', mail(links.next.token));
      }
      sendAuthJson(res, 200, userJson(updated));
    },

    'POST /logout': async (req, res, url) => {
      const claims = await requireClaims(req);
      if (claims.sub && typeof claims.session_id === 'string')
        await endSessions(pool, claims.sub, claims.session_id, url.searchParams.get('scope') ?? 'global');
      res.writeHead(204).end();
    },

    'POST /recover': async (req, res, url) => {
      limit('recover', req);
      const body = await readJson<Body>(req);
      const given = stringField(body, 'email');
      if (given === '') throw new AuthError(400, 'validation_failed', 'Password recovery requires an email');
      const email = validateEmail(given);
      // The answer never says whether the address exists, nor does its timing: it goes before the
      // look-up and the e-mail (130-260 ms for an existing address, a few ms for an unknown one).
      // So a failed send is only logged here, where GoTrue answers 500 "Error sending recovery email".
      sendAuthJson(res, 200, {});
      const token = newLinkToken();
      const redirectTo = redirectFor(url.searchParams.get('redirect_to'));
      void pool
        .query(`update auth.users set recovery_token = $2, recovery_sent_at = now() where lower(email) = $1 and deleted_at is null`, [
          email,
          sha256(token),
        ])
        .then(({ rowCount }) =>
          rowCount ? send(email, 'recovery', { link: link(token, 'recovery', redirectTo), email, siteUrl, redirectTo }) : undefined,
        )
        .catch((err: Error) => console.error(`[auth] recovery e-mail not sent: ${err.message}`));
    },

    'GET /verify': async (req, res, url) => {
      limit('verify', req);
      await verify(req, res, url);
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
      if (err instanceof BadJsonError || err instanceof BodyTooLargeError)
        return sendAuthError(res, new AuthError(400, 'bad_json', err.message));
      throw err;
    }
  };
}
