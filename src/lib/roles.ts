import { callRpc } from './supabaseClients';

/** The roles that open the back office (docs/product.md#roles), administrator first: it wins. */
export const NEWSROOM_ROLES = ['admin', 'journalist'] as const;

/** Administrators and journalists. */
export type NewsroomRole = (typeof NEWSROOM_ROLES)[number];

/** An account's place in the newsroom from its roles: administrator wins, null for a reader. */
export function newsroomRoleOf(roles: readonly string[]): NewsroomRole | null {
  return NEWSROOM_ROLES.find((role) => roles.includes(role)) ?? null;
}

// A plain call, not the data client: the reader's header asks it without downloading PostgREST.
async function hasRole(userId: string, role: NewsroomRole): Promise<boolean> {
  const response = await callRpc('has_role', { _user_id: userId, _role: role });
  const body = (await response.json().catch(() => null)) as unknown;
  if (!response.ok)
    throw new Error(`Vérification du rôle impossible : ${(body as { message?: string } | null)?.message ?? response.status}`);
  return body === true;
}

/**
 * The signed-in user's newsroom role (the spec's role lookup, RPC has_role, asked for both roles
 * at once), for the reader's header and /auth and for the back office's gate and permissions.
 * The database, not this check, is what enforces access.
 */
export async function fetchNewsroomRole(userId: string): Promise<NewsroomRole | null> {
  const held = await Promise.all(NEWSROOM_ROLES.map((role) => hasRole(userId, role)));
  return newsroomRoleOf(NEWSROOM_ROLES.filter((_, i) => held[i]));
}
