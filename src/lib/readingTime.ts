/**
 * How long an article takes to read, from its words: the one rule for every screen that says it
 * (the editor's save bar today; a reader card that shows a real figure would use it too).
 */

/** Silent reading of news in French by adults: about 230 words a minute. */
export const WORDS_PER_MINUTE = 230;

/** Words as a reader counts them: "l'année", "Nord-Kivu" and "2026" are one each; punctuation none. */
export const countWords = (text: string): number => text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;

/** Whole minutes, rounded up, and at least one for any text at all. */
export function readingMinutes(words: number): number {
  return words > 0 ? Math.max(1, Math.ceil(words / WORDS_PER_MINUTE)) : 0;
}

/** "4 min", as the reader's cards write a read time. */
export const formatReadingTime = (minutes: number): string => `${minutes} min`;
