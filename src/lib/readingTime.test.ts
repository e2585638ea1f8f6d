import { expect, it } from 'vitest';
import { countWords, formatReadingTime, readingMinutes, WORDS_PER_MINUTE } from './readingTime';

it('counts words as a reader does: elisions and compounds are one, punctuation and symbols none', () => {
  expect(countWords("L'année 2026 au Nord-Kivu : « une reprise », dit-on… — 35 %")).toBe(8);
  expect(countWords('')).toBe(0);
  expect(countWords(' \n— … ')).toBe(0);
});

it('rounds reading time up to whole minutes, one at least, none for no text', () => {
  expect(readingMinutes(0)).toBe(0);
  expect(readingMinutes(1)).toBe(1);
  expect(readingMinutes(WORDS_PER_MINUTE)).toBe(1);
  expect(readingMinutes(WORDS_PER_MINUTE + 1)).toBe(2);
  expect(readingMinutes(1000)).toBe(5);
  expect(formatReadingTime(5)).toBe('5 min');
});
