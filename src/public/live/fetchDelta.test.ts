import { describe, expect, it } from 'vitest';
import { answerBytes } from './fetchDelta';

const timings = (entries: Partial<PerformanceResourceTiming>[]) => ({
  getEntriesByName: () => entries as PerformanceEntryList,
});

describe('the delta check', () => {
  it('counts the bytes on the wire where the browser gives them, else the body', () => {
    expect(answerBytes('u', 300, timings([{ transferSize: 900, encodedBodySize: 200 }]))).toBe(900);
    // The latest request for that address is the one just made.
    expect(
      answerBytes(
        'u',
        300,
        timings([
          { transferSize: 900, encodedBodySize: 200 },
          { transferSize: 640, encodedBodySize: 120 },
        ]),
      ),
    ).toBe(640);
    // From the browser's cache: nothing on the wire.
    expect(answerBytes('u', 300, timings([{ transferSize: 0, encodedBodySize: 200 }]))).toBe(0);
    // No timing (an older browser, a full buffer, or one that hides sizes): the body's length.
    expect(answerBytes('u', 300, timings([]))).toBe(300);
    expect(answerBytes('u', 300, timings([{ transferSize: 0, encodedBodySize: 0 }]))).toBe(300);
    expect(answerBytes('u', 300, undefined)).toBe(300);
  });
});
