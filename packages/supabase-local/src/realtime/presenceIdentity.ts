import type { Claims } from '../db.ts';

/**
 * Whether a `track` on a private channel speaks only for its sender: a `user_id` in the payload,
 * when there is one, must be the token's `sub`. Hosted Realtime authorizes the topic (RLS on
 * realtime.messages) and never reads a presence payload, so there a member may track any user id;
 * here that track is refused, so the tests show what a client that trusts `user_id` relies on
 * (README, "Presence identity"). Payloads without `user_id` are left alone, as on hosted.
 */
export function tracksItself(payload: unknown, claims: Claims): boolean {
  if (payload === null || typeof payload !== 'object' || !('user_id' in payload)) return true;
  const claimed = (payload as { user_id: unknown }).user_id;
  return typeof claims.sub === 'string' && claimed === claims.sub;
}
