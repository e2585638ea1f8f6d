import { useMemo, type ReactNode } from 'react';
import type { LiveFrontItem } from '@/lib/live';
import { CardMarks } from '../ArticleCard';

/** The live coverages not closed (live_front), for the cards under it to mark theirs « En direct ». */
export function LiveMarksProvider({ coverages = [], children }: { coverages?: readonly LiveFrontItem[]; children: ReactNode }) {
  const mark = useMemo(() => {
    const marks = new Map(coverages.map((c) => [c.articleId, c]));
    return (articleId: string, compact: boolean) => <LiveMark live={marks.get(articleId)} compact={compact} />;
  }, [coverages]);
  return <CardMarks.Provider value={mark}>{children}</CardMarks.Provider>;
}

/**
 * « En direct » on the card of an article whose coverage is open or paused, with its latest key
 * event; nothing on other cards (and everywhere but the front page, which alone reads live_front).
 * `compact`: the mark alone, inline (a headline row keeps its height: the first screen's count).
 */
function LiveMark({ live, compact }: { live: LiveFrontItem | undefined; compact: boolean }) {
  if (!live) return null;
  const mark = <span className="card__live-mark">En direct</span>;
  if (compact) return mark;
  return (
    <p className="card__live">
      {mark}
      {live.latestKeyEvent && <span className="card__live-event"> {live.latestKeyEvent.body}</span>}
    </p>
  );
}
