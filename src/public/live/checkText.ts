import { formatNewsroomClock } from '@/lib/newsroomTime';
import { formatKo } from '../dataSaver/weight';

/** « 1 nouveau message », « 3 nouveaux messages ». */
export const newMessagesText = (count: number): string => (count === 1 ? '1 nouveau message' : `${count} nouveaux messages`);

/** The tab's title with the count of unseen entries in front: « (3) Titre ». */
export function titleWithCount(title: string, count: number): string {
  const bare = title.replace(/^\(\d+\) /, '');
  return count > 0 ? `(${count}) ${bare}` : bare;
}

export interface CheckOutcome {
  /** Entries new to the page. */
  added: number;
  /** Other changes (edits, removals, marks) the check brought. */
  changed: boolean;
  /** What the answer cost on the wire. */
  bytes: number;
}

/**
 * What « Vérifier les nouveautés » says after a check: « 3 nouveaux messages · 1,4 Ko »,
 * « Messages mis à jour · 0,9 Ko » (edits or removals only), or « Rien de nouveau depuis 21:42 »
 * (`since`: the newest entry's time, or the coverage's start, in the newsroom's time zone).
 */
export function checkText({ added, changed, bytes }: CheckOutcome, since: string, timeZone: string): string {
  if (added > 0) return `${newMessagesText(added)} · ${formatKo(bytes)}`;
  if (changed) return `Messages mis à jour · ${formatKo(bytes)}`;
  return `Rien de nouveau depuis ${formatNewsroomClock(since, timeZone)}`;
}
