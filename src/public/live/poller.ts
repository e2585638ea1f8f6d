import type { DeltaAnswer } from './fetchDelta';
import { nextPollDelay, planFrom, type PollPlan } from './schedule';
import type { LiveCoverage } from '@/lib/live';

export interface PollerOptions {
  /** The coverage as the page's data (or the last answer) has it: its revision, interval and state. */
  coverage: LiveCoverage;
  /** Asks the delta address with the revision given. */
  check: (revision: number, signal: AbortSignal) => Promise<DeltaAnswer>;
  /** Each answer, in order. The poller moves its cursor to the answer's coverage.revision itself. */
  onAnswer: (answer: DeltaAnswer) => void;
  /** The page's document: its visibility decides the pace. */
  doc?: VisibilitySource;
}

/** What the poller reads of the document. */
export interface VisibilitySource {
  visibilityState: DocumentVisibilityState;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

/**
 * Checks the delta address, then waits the interval the answer named (nextPollDelay: longer in a
 * hidden tab, doubling after failures), and again, until the coverage closes or the interval is 0.
 * The first check comes one interval after the page's data. The wait counts from the last check,
 * so a tab that goes hidden waits the longer interval from then, and a tab shown again checks at
 * once if the visible interval has passed meanwhile. Returns stop().
 */
export function startLivePoller({ coverage, check, onAnswer, doc = document }: PollerOptions): () => void {
  let revision = coverage.revision;
  let plan: PollPlan = { ...planFrom(coverage), hidden: doc.visibilityState === 'hidden', errors: 0 };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: AbortController | null = null;
  let stopped = false;
  let lastCheck = Date.now();

  const schedule = () => {
    clearTimeout(timer);
    const delay = nextPollDelay(plan);
    if (delay === null || stopped) return stop();
    timer = setTimeout(() => void poll(), Math.max(0, lastCheck + delay - Date.now()));
  };

  const poll = async () => {
    if (stopped || running) return;
    clearTimeout(timer);
    running = new AbortController();
    try {
      const answer = await check(revision, running.signal);
      if (stopped) return;
      revision = Math.max(revision, answer.delta.coverage.revision);
      plan = { ...plan, ...planFrom(answer.delta.coverage), errors: 0 };
      onAnswer(answer);
    } catch {
      // Backing off is the answer to a failure; nothing is shown to the reader for one missed check.
      if (stopped) return;
      plan = { ...plan, errors: plan.errors + 1 };
    } finally {
      running = null;
      lastCheck = Date.now();
    }
    schedule();
  };

  const onVisibility = () => {
    const hidden = doc.visibilityState === 'hidden';
    if (hidden === plan.hidden) return;
    plan = { ...plan, hidden };
    if (!running) schedule();
  };

  function stop() {
    stopped = true;
    clearTimeout(timer);
    running?.abort();
    doc.removeEventListener('visibilitychange', onVisibility);
  }

  doc.addEventListener('visibilitychange', onVisibility);
  schedule();
  return stop;
}
