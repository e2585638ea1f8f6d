import type { RaRecord } from 'react-admin';
import type { Tables } from '@/lib/database';
import type { NewsroomRole } from '@/lib/roles';

/** A row of the `accounts` view (administrators only): the profile, its e-mail and its roles. */
export type Account = RaRecord & Tables<'accounts'>;

/** The roles this screen grants and revokes; an account with neither is a reader (« Client »). */
export type GrantableRole = NewsroomRole;

export const hasRole = (account: Pick<Account, 'roles'>, role: GrantableRole): boolean => account.roles?.includes(role) ?? false;

export const displayName = (account: Pick<Account, 'full_name'>): string => account.full_name?.trim() || 'Utilisateur';
