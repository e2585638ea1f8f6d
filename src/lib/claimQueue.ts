/**
 * The send queues' shared loop (the newsletter's mails, the push alerts' deliveries): both keep
 * their queue in the database, where a claim function hands one due item to one sender
 * (`for update skip locked`, so several server instances share a queue and none sends what
 * another claimed) and a finish function records what became of it.
 */

/** What became of one claimed item, as its sender tells the finish function. */
export type Outcome = 'sent' | 'failed' | 'retried';

export interface DrainReport {
  sent: number;
  failed: number;
  retried: number;
}

export const emptyReport = (): DrainReport => ({ sent: 0, failed: 0, retried: 0 });

export const addReports = (a: DrainReport, b: DrainReport): DrainReport => ({
  sent: a.sent + b.sent,
  failed: a.failed + b.failed,
  retried: a.retried + b.retried,
});

/**
 * Claims and delivers items one at a time until nothing is due (or `limit` items were tried).
 * `deliver` sends one item and records its outcome (it must not throw for a refusal: only for a
 * broken database). When a claim finds nothing, `waitWhenEmpty` may hold the loop (the
 * newsletter's per-minute rate) by answering true after waiting; the loop then claims again.
 */
export async function drainClaims<C>(
  claim: () => Promise<C | null | undefined>,
  deliver: (claimed: C) => Promise<Outcome>,
  options: { limit?: number; waitWhenEmpty?: () => Promise<boolean> } = {},
): Promise<DrainReport> {
  const report = emptyReport();
  for (let tried = 0; tried < (options.limit ?? Infinity);) {
    const claimed = await claim();
    if (claimed == null) {
      if (options.waitWhenEmpty && (await options.waitWhenEmpty())) continue;
      break;
    }
    tried++;
    report[await deliver(claimed)]++;
  }
  return report;
}

/** A call's data (rows, or null for a function that returns nothing), or the error thrown. */
export const must = <T>(what: string, result: { data: T | null; error: unknown }): T => {
  if (result.error) throw new Error(`${what} failed: ${JSON.stringify(result.error)}`);
  return result.data as T;
};

/**
 * Runs `tick` now and every `everyMs` (never two at once; a failure is logged, the next tick
 * tries again): the schedulers the Node server starts in every instance. The timer does not keep
 * the process alive.
 */
export function startTicker(label: string, tick: () => Promise<void>, everyMs: number): { stop: () => void; tick: () => Promise<void> } {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= tick()
      .catch((error: unknown) => console.error(label, error))
      .finally(() => (running = null));
    return running;
  };
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  void run();
  return { stop: () => clearInterval(timer), tick: run };
}
