import type { ReactNode } from 'react';
import type { LiveFrontItem } from '@/lib/live';
import { CardMarks } from '../ArticleCard';

/**
 * The live coverages not closed (live_front), for the cards under it to mark theirs « En direct »
 * with its latest key event; nothing on other cards (and everywhere but the front page, which
 * alone reads live_front). A headline row (`compact`) gets the mark alone, inline: the row keeps
 * its height, and the first screen its count of headlines.
 */
export function LiveMarksProvider({ coverages = [], children }: { coverages?: readonly LiveFrontItem[]; children: ReactNode }) {
  const marks = new Map(coverages.map((c) => [c.articleId, c]));
  const mark = (articleId: string, compact: boolean) => {
    const live = marks.get(articleId);
    if (!live) return null;
    const label = <span className="card__live-mark">En direct</span>;
    if (compact) return label;
    return (
      <p className="card__live">
        {label}
        {live.latestKeyEvent && <span className="card__live-event"> {live.latestKeyEvent.body}</span>}
      </p>
    );
  };
  return <CardMarks.Provider value={mark}>{children}</CardMarks.Provider>;
}
