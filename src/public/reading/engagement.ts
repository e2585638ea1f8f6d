/**
 * One engagement reading per article page, sent once when the page is hidden or left (issue 41):
 * the seconds the page was visible and focused (capped), whether the marker after the article's
 * text came into view, the reader class worked out from a 16-day record that stays on the phone
 * (localStorage: the days this browser read the site, never sent) and the page's kilobytes.
 * No identifier: the body is the article, the channel and these figures, ≤ 300 bytes.
 */
import type { ChannelId } from '@/lib/channels';

export type ReaderClass = 'nouveau' | 'regulier' | 'fidele';
export type PageKind = 'full' | 'lite';

/** Engaged time counted at most this long: a tab left open all night is not read all night. */
export const ENGAGED_CAP_SECONDS = 1800;
/** Chartbeat's loyal reader: 8 of the last 16 days. */
const RECORD_DAYS = 16;
const LOYAL_DAYS = 8;
const DAYS_KEY = 'aa-jours';
/** The marker ArticlePage puts right after the article's text. */
export const ARTICLE_END_ATTRIBUTE = 'data-article-end';

/**
 * The days kept (today added, the 16 last only) and the class they give: 8 or more of the last
 * 16 days « fidèle », 2 or more « régulier », else « nouveau ». Days are numbered (UTC days since 1970).
 */
export function readerClass(record: unknown, today: number): { days: number[]; readerClass: ReaderClass } {
  const earlier = Array.isArray(record)
    ? record.filter((d): d is number => Number.isInteger(d) && d > today - RECORD_DAYS && d < today)
    : [];
  const days = [...new Set(earlier)].sort((a, b) => a - b).concat(today);
  return { days, readerClass: days.length >= LOYAL_DAYS ? 'fidele' : days.length >= 2 ? 'regulier' : 'nouveau' };
}

/** This browser's class today; its record updated on the phone, where it stays. */
function todaysClass(): ReaderClass | null {
  try {
    const { days, readerClass: found } = readerClass(
      JSON.parse(localStorage.getItem(DAYS_KEY) ?? '[]'),
      Math.floor(Date.now() / 86_400_000),
    );
    localStorage.setItem(DAYS_KEY, JSON.stringify(days));
    return found;
  } catch {
    return null;
  }
}

export interface Reading {
  articleId: string;
  channel: ChannelId;
  kind: PageKind;
  engagedSeconds: number;
  completed: boolean;
  readerClass: ReaderClass | null;
  kilobytes: number | null;
}

/** record_reading's arguments, as the beacon's body carries them. */
export const readingArgs = (r: Reading) => ({
  p_article_id: r.articleId,
  p_channel: r.channel,
  p_kind: r.kind,
  p_engaged_seconds: Math.min(Math.round(r.engagedSeconds), ENGAGED_CAP_SECONDS),
  p_completed: r.completed,
  p_reader_class: r.readerClass,
  p_kilobytes: r.kilobytes === null ? null : Math.round(r.kilobytes),
});

/**
 * Follows this article page until it is hidden, left, or `stop` is called (an in-app move to
 * another page), then sends its reading once with `send`.
 */
export function followReading(
  start: Pick<Reading, 'articleId' | 'channel' | 'kind'>,
  send: (args: ReturnType<typeof readingArgs>) => void,
  kilobytes: () => number | null = () => null,
): () => void {
  const klass = todaysClass();
  let engagedMs = 0;
  let since: number | null = null;
  let completed = false;
  let sent = false;
  const active = () => document.visibilityState === 'visible' && document.hasFocus();
  const tick = () => {
    const now = performance.now();
    if (since !== null) engagedMs += now - since;
    since = active() ? now : null;
  };
  const end = document.querySelector(`[${ARTICLE_END_ATTRIBUTE}]`);
  const seen =
    end && 'IntersectionObserver' in window
      ? new IntersectionObserver((entries) => {
          if (entries.some((e) => e.isIntersecting)) completed = true;
        })
      : null;
  if (end) seen?.observe(end);
  const events: [EventTarget, string, () => void][] = [];
  const finish = () => {
    tick();
    if (sent) return;
    sent = true;
    seen?.disconnect();
    for (const [target, name, listener] of events) target.removeEventListener(name, listener);
    send(readingArgs({ ...start, engagedSeconds: engagedMs / 1000, completed, readerClass: klass, kilobytes: kilobytes() }));
  };
  const onVisibility = () => (document.visibilityState === 'hidden' ? finish() : tick());
  events.push([document, 'visibilitychange', onVisibility], [window, 'focus', tick], [window, 'blur', tick], [window, 'pagehide', finish]);
  for (const [target, name, listener] of events) target.addEventListener(name, listener);
  tick();
  return finish;
}
