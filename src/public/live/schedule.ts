import type { LiveCoverage } from '@/lib/live';

/** The interval when an answer names none (the contract's default). */
export const DEFAULT_POLL_SECONDS = 30;
/** A hidden tab asks this many times less often (the reader is not looking; the crowd's cost drops). */
export const HIDDEN_TAB_FACTOR = 4;
/** After failures the wait doubles, up to this (never below the interval the server named). */
export const MAX_BACKOFF_MS = 5 * 60_000;

export interface PollPlan {
  /** coverage.pollSeconds of the last answer (or of the page's data). */
  pollSeconds: number;
  /** The coverage is closed: nothing will change any more. */
  closed: boolean;
  /** The tab is hidden (document.visibilityState). */
  hidden: boolean;
  /** Failed checks in a row since the last answer. */
  errors: number;
}

/** What the poller knows from an answer: its interval and whether it is over. */
export const planFrom = (coverage: Pick<LiveCoverage, 'pollSeconds' | 'state'>): Pick<PollPlan, 'pollSeconds' | 'closed'> => ({
  pollSeconds: Number.isFinite(coverage.pollSeconds) ? coverage.pollSeconds : DEFAULT_POLL_SECONDS,
  closed: coverage.state === 'closed',
});

/**
 * Milliseconds until the next check, or null to stop: a closed coverage, or an interval of 0 (the
 * newsroom or the server stopping every reader). A hidden tab waits HIDDEN_TAB_FACTOR times
 * longer; each failure in a row doubles the wait, capped at MAX_BACKOFF_MS unless the interval
 * itself is longer.
 */
export function nextPollDelay({ pollSeconds, closed, hidden, errors }: PollPlan): number | null {
  if (closed || !(pollSeconds > 0)) return null;
  const interval = pollSeconds * 1000 * (hidden ? HIDDEN_TAB_FACTOR : 1);
  if (errors <= 0) return interval;
  return Math.max(interval, Math.min(interval * 2 ** Math.min(errors, 20), MAX_BACKOFF_MS));
}
