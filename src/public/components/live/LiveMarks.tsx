import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { LiveFrontItem } from '@/lib/live';

const NONE = new Map<string, LiveFrontItem>();
const LiveMarks = createContext<ReadonlyMap<string, LiveFrontItem>>(NONE);

/** The live coverages not closed (live_front), for the cards under it to mark theirs « En direct ». */
export function LiveMarksProvider({ coverages = [], children }: { coverages?: readonly LiveFrontItem[]; children: ReactNode }) {
  const marks = useMemo(() => new Map(coverages.map((c) => [c.articleId, c])), [coverages]);
  return <LiveMarks.Provider value={marks}>{children}</LiveMarks.Provider>;
}

/**
 * « En direct » on the card of an article whose coverage is open or paused, with its latest key
 * event; nothing on other cards (and everywhere but the front page, which alone reads live_front).
 * `compact`: the mark alone, inline (a headline row keeps its height: the first screen's count).
 */
export function LiveMark({ articleId, compact = false }: { articleId: string; compact?: boolean }) {
  const live = useContext(LiveMarks).get(articleId);
  if (!live) return null;
  if (compact) return <span className="card__live-mark">En direct</span>;
  return (
    <p className="card__live">
      <span className="card__live-mark">En direct</span>
      {live.latestKeyEvent && <span className="card__live-event"> {live.latestKeyEvent.body}</span>}
    </p>
  );
}
