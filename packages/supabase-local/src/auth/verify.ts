import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import { inTransaction } from '../db.ts';
import { AuthError } from './errors.ts';
import { confirmEmailChange, EMAIL_LINK_TTL_SECONDS, sha256 } from './emailChange.ts';
import { createSession } from './sessions.ts';
import { findUserById, type UserRow } from './users.ts';

interface VerifyDeps {
  pool: pg.Pool;
  issuer: string;
  doubleConfirmChanges: boolean;
  redirectFor: (value: string | null) => string;
  clientInfo: (req: IncomingMessage) => readonly [string | undefined, string | undefined];
}

const INVALID_LINK = { error: 'access_denied', error_code: 'otp_expired', error_description: 'Email link is invalid or has expired' };

/**
 * GET /verify, where e-mail links land: a recovery link or either link of an e-mail change. As
 * GoTrue, the browser goes back to the (checked) redirect_to with a session in the fragment, an
 * error, or for the first of two e-mail change links a message asking for the other one.
 */
export function createVerifyRoute({ pool, issuer, doubleConfirmChanges, redirectFor, clientInfo }: VerifyDeps) {
  const recover = async (db: pg.ClientBase, token: string): Promise<UserRow | null> => {
    const { rows } = await db.query<{ id: string }>(
      `update auth.users set recovery_token = '', recovery_sent_at = null
        where recovery_token = $1 and $1 <> '' and recovery_sent_at > now() - make_interval(secs => $2) returning id`,
      [sha256(token), EMAIL_LINK_TTL_SECONDS],
    );
    return rows[0] ? findUserById(db, rows[0].id) : null;
  };

  return async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    const redirect = redirectFor(url.searchParams.get('redirect_to'));
    const token = url.searchParams.get('token') ?? '';
    const type = url.searchParams.get('type');
    const fragment = await inTransaction(pool, async (db): Promise<Record<string, string>> => {
      let user: UserRow | null = null;
      if (type === 'recovery') user = await recover(db, token);
      else if (type === 'email_change') {
        const outcome = await confirmEmailChange(db, token, doubleConfirmChanges);
        if (outcome.status === 'one_more')
          return { message: 'Confirmation link accepted. Please proceed to confirm link sent to the other email' };
        if (outcome.status === 'changed') user = outcome.user;
      }
      if (!user) return INVALID_LINK;
      const session = await createSession(db, issuer, user, type === 'recovery' ? 'recovery' : 'otp', ...clientInfo(req));
      return {
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        token_type: 'bearer',
        type: type!,
      };
    }).catch((err: unknown) => {
      // The new address was taken meanwhile: the browser is told so, like any link error.
      if (err instanceof AuthError) return { error: 'access_denied', error_code: err.code, error_description: err.message };
      throw err;
    });
    res.writeHead(303, { Location: `${redirect}#${new URLSearchParams(fragment)}` }).end();
  };
}
