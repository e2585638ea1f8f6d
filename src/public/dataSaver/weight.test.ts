import { describe, expect, it } from 'vitest';
import { formatKo, pageWeightText } from './weight';

describe('page weight', () => {
  it('speaks French kilobytes: one decimal under 10 Ko, whole above', () => {
    expect(formatKo(0)).toBe('0,0 Ko');
    expect(formatKo(1536)).toBe('1,5 Ko');
    expect(formatKo(38 * 1024 + 300)).toBe('38 Ko');
    expect(pageWeightText(41 * 1024)).toBe('Cette page : 41 Ko');
  });
});
