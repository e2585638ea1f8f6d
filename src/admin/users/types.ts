import type { RaRecord } from 'react-admin';
import type { NonNullColumns, Tables } from '@/lib/database';
import type { NewsroomRole } from '@/lib/roles';

/**
 * A row of the `accounts` view (administrators only): the profile, its e-mail and its roles. The
 * view's columns are all nullable to the type checker; these come from profiles' NOT NULL ones.
 */
export type Account = RaRecord & NonNullColumns<Tables<'accounts'>, 'id' | 'user_id' | 'roles' | 'created_at'>;

/** The roles this screen grants and revokes; an account with neither is a reader (« Client »). */
export type GrantableRole = NewsroomRole;

export const hasRole = (account: Pick<Account, 'roles'>, role: GrantableRole): boolean => account.roles?.includes(role) ?? false;

export const displayName = (account: Pick<Account, 'full_name'>): string => account.full_name?.trim() || 'Utilisateur';
