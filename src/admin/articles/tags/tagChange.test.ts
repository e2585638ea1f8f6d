import { describe, expect, it } from 'vitest';
import { tagChange } from './tagChange';

describe('tagChange', () => {
  it('adds the new ones and removes the dropped ones, leaving the kept ones alone', () => {
    expect(tagChange(['sn', 'ml'], ['ml', 'ci'])).toEqual({ add: ['ci'], remove: ['sn'] });
    expect(tagChange([], ['sn'])).toEqual({ add: ['sn'], remove: [] });
    expect(tagChange(['sn'], [])).toEqual({ add: [], remove: ['sn'] });
    expect(tagChange(['sn'], ['sn'])).toEqual({ add: [], remove: [] });
  });
});
