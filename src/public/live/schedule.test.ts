import { describe, expect, it } from 'vitest';
import { HIDDEN_TAB_FACTOR, MAX_BACKOFF_MS, nextPollDelay, planFrom } from './schedule';
import { coverage } from './testEntries';

const plan = { pollSeconds: 30, closed: false, hidden: false, errors: 0 };

describe('when the live page checks again', () => {
  it('waits the interval the last answer named', () => {
    expect(nextPollDelay(plan)).toBe(30_000);
    expect(nextPollDelay({ ...plan, pollSeconds: 10 })).toBe(10_000);
    expect(planFrom(coverage(4, { pollSeconds: 5 }))).toEqual({ pollSeconds: 5, closed: false });
  });

  it('waits four times longer in a hidden tab', () => {
    expect(HIDDEN_TAB_FACTOR).toBe(4);
    expect(nextPollDelay({ ...plan, hidden: true })).toBe(120_000);
  });

  it('doubles the wait after each failure, up to 5 minutes, never below the interval', () => {
    expect([1, 2, 3, 4, 10, 100].map((errors) => nextPollDelay({ ...plan, errors }))).toEqual([
      60_000,
      120_000,
      240_000,
      MAX_BACKOFF_MS,
      MAX_BACKOFF_MS,
      MAX_BACKOFF_MS,
    ]);
    expect(MAX_BACKOFF_MS).toBe(300_000);
    // An interval the server set above the cap is kept: backing off never speeds a reader up.
    expect(nextPollDelay({ ...plan, pollSeconds: 600, errors: 3 })).toBe(600_000);
  });

  it('stops when the interval is 0 or the coverage is closed', () => {
    expect(nextPollDelay({ ...plan, pollSeconds: 0 })).toBeNull();
    expect(nextPollDelay({ ...plan, closed: true })).toBeNull();
    expect(planFrom(coverage(9, { state: 'closed', pollSeconds: 0 }))).toEqual({ pollSeconds: 0, closed: true });
    // Paused goes on asking: the newsroom may reopen it.
    expect(nextPollDelay({ ...plan, ...planFrom(coverage(9, { state: 'paused' })) })).toBe(30_000);
  });
});
