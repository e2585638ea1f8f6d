import type { Tables } from '@/lib/database';
import { NEWSROOM_ROLES } from '@/lib/roles';

/** A newsroom member as the byline choice reads them from the accounts view. */
export type BylineMember = Pick<Tables<'accounts'>, 'user_id' | 'full_name' | 'email'>;

export interface BylineChoice {
  id: string;
  name: string;
}

/** The accounts view's filter for the newsroom: anyone holding the admin or journalist role. */
export const NEWSROOM_FILTER = { 'roles@ov': `{${NEWSROOM_ROLES.join(',')}}` };

/**
 * The « Auteur » choices: the newsroom's members by name (their e-mail beside a name two share, or
 * in place of a missing one). An article signed by someone who has left the newsroom keeps that
 * byline as a choice, so opening and saving it changes nothing (the database accepts an unchanged
 * author, and refuses to give an article to a non-member).
 */
export function bylineChoices(members: readonly BylineMember[], currentAuthorId?: string | null): BylineChoice[] {
  const named = (m: BylineMember) => m.full_name?.trim() || '';
  const counts = new Map<string, number>();
  for (const m of members) counts.set(named(m), (counts.get(named(m)) ?? 0) + 1);
  const choices = members.map((m) => {
    const name = named(m);
    const label = !name ? (m.email ?? 'Utilisateur') : (counts.get(name) ?? 0) > 1 && m.email ? `${name} (${m.email})` : name;
    return { id: m.user_id, name: label };
  });
  choices.sort((a, b) => a.name.localeCompare(b.name, 'fr'));
  if (currentAuthorId && !choices.some((c) => c.id === currentAuthorId))
    choices.push({ id: currentAuthorId, name: 'Auteur actuel (hors rédaction)' });
  return choices;
}
