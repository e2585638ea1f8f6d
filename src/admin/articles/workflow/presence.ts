/** What each editor tab announces on the article's presence channel. */
export interface EditorPresence {
  user_id: string;
  name: string;
}

/** realtime-js's presence state: per key (one per tab here), the metas that key tracked. */
export type PresenceState = Record<string, ReadonlyArray<Partial<EditorPresence>>>;

export interface OtherEditors {
  /** Other people with the article open, each once however many tabs they use, by name. */
  names: string[];
  /** The same account has the article open in another tab (or another browser). */
  selfElsewhere: boolean;
}

/** The presence channel of an article's edit page; the migration lets administrators only join it. */
export const presenceTopic = (articleId: string) => `article-edit:${articleId}`;

/**
 * Who else has the article open, from the channel's state: this tab (its own key) is left out;
 * the same user in another tab is reported apart, never as a colleague.
 */
export function otherEditors(state: PresenceState, self: { key: string; userId: string }): OtherEditors {
  const byUser = new Map<string, string>();
  let selfElsewhere = false;
  for (const [key, metas] of Object.entries(state)) {
    if (key === self.key) continue;
    for (const meta of metas) {
      if (typeof meta.user_id !== 'string' || !meta.user_id) continue;
      if (meta.user_id === self.userId) {
        selfElsewhere = true;
        continue;
      }
      if (!byUser.has(meta.user_id)) byUser.set(meta.user_id, meta.name?.trim() || 'Un autre administrateur');
    }
  }
  const names = [...byUser.values()].sort((a, b) => a.localeCompare(b, 'fr'));
  return { names, selfElsewhere };
}

const list = new Intl.ListFormat('fr', { style: 'long', type: 'conjunction' });

/** "Aminata Diallo modifie aussi cet article"; "A, B et C modifient aussi cet article"; null for nobody. */
export function othersSentence(names: string[]): string | null {
  if (names.length === 0) return null;
  return `${list.format(names)} ${names.length > 1 ? 'modifient' : 'modifie'} aussi cet article`;
}

export const SELF_ELSEWHERE = 'Vous modifiez aussi cet article dans un autre onglet';

/** The name a tab announces: the profile's full name, else the account's e-mail. */
export function presenceName(fullName: string | null | undefined, email: string | null | undefined): string {
  return fullName?.trim() || email?.trim() || 'Administrateur';
}
