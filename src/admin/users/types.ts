import type { RaRecord } from 'react-admin';

/** A row of `profiles?select=*,user_roles(role)`: the profile with its roles embedded. */
export interface Profile extends RaRecord {
  id: string;
  user_id: string;
  full_name: string | null;
  avatar_url: string | null;
  bio: string | null;
  created_at: string;
  user_roles?: { role: 'admin' | 'client' }[];
}

/** A user without a user_roles row of role admin is a client (docs/product.md#roles). */
export const isAdminProfile = (p: Profile): boolean => p.user_roles?.some((r) => r.role === 'admin') ?? false;

export const displayName = (p: Pick<Profile, 'full_name'>): string => p.full_name?.trim() || 'Utilisateur';
