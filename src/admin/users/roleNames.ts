import type { GrantableRole } from './types';

/** Each role's French names: its badge, and the actions and outcomes of the users screen. */
export const ROLE_TEXTS: Record<
  GrantableRole,
  { badge: string; grant: string; revoke: string; granted: (name: string) => string; revoked: (name: string) => string }
> = {
  admin: {
    badge: 'Administrateur',
    grant: 'Nommer administrateur',
    revoke: 'Retirer le rôle admin',
    granted: (name) => `${name} est désormais administrateur.`,
    revoked: (name) => `${name} n'est plus administrateur.`,
  },
  journalist: {
    badge: 'Journaliste',
    grant: 'Nommer journaliste',
    revoke: 'Retirer le rôle journaliste',
    granted: (name) => `${name} est désormais journaliste.`,
    revoked: (name) => `${name} n'est plus journaliste.`,
  },
};
