/**
 * What each editor tab announces on the article's presence channel: its account only. Whatever
 * else a payload carries (a name, from an older editor or a forged one) is never shown.
 */
export interface EditorPresence {
  user_id: string;
}

/** realtime-js's presence state: per key (one per tab here), the metas that key tracked. */
export type PresenceState = Record<string, ReadonlyArray<Partial<EditorPresence> & Record<string, unknown>>>;

/** The newsroom's own names of the members among the announced accounts (newsroom_member_names). */
export type MemberNames = ReadonlyMap<string, string | null>;

export interface OtherEditors {
  /** Other people with the article open, each once however many tabs they use, by name. */
  names: string[];
  /** The same account has the article open in another tab (or another browser). */
  selfElsewhere: boolean;
}

/** The presence channel of an article's edit page; the migration lets administrators only join it. */
export const presenceTopic = (articleId: string) => `article-edit:${articleId}`;

/** Names a member whose profile has none. */
export const UNNAMED_MEMBER = 'Un autre membre de la rédaction';

/** The accounts announced on the channel, each once: the ones whose names the editor looks up. */
export function announcedUserIds(state: PresenceState): string[] {
  const ids = new Set<string>();
  for (const metas of Object.values(state))
    for (const meta of metas) if (typeof meta.user_id === 'string' && meta.user_id) ids.add(meta.user_id);
  return [...ids].sort();
}

/**
 * Who else has the article open, from the channel's state: this tab (its own key) is left out;
 * the same user in another tab is reported apart, never as a colleague. Each colleague is named
 * from `members` (the newsroom's records), never from the payload, which is the tracking tab's
 * word; an account that is not a newsroom member (absent from `members`) is not shown.
 */
export function otherEditors(state: PresenceState, self: { key: string; userId: string }, members: MemberNames): OtherEditors {
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
      if (!members.has(meta.user_id) || byUser.has(meta.user_id)) continue;
      byUser.set(meta.user_id, members.get(meta.user_id)?.trim() || UNNAMED_MEMBER);
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
