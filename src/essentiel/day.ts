import { toWallClock } from '@/lib/newsroomTime';

/** An edition's day as the server and its addresses write it. */
export const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `day` is a real calendar date written YYYY-MM-DD (no 2026-02-30). */
export const isDay = (day: string) => DAY.test(day) && new Date(`${day}T12:00:00Z`).toISOString().slice(0, 10) === day;

/** The day it is at `at` in the newsroom's zone: YYYY-MM-DD. */
export const newsroomDay = (at: Date, timeZone: string) => toWallClock(at, timeZone).slice(0, 10);

/** « samedi 29 novembre » (with the year: « samedi 29 novembre 2026 »), a day written in French. */
export function frenchDay(day: string, withYear = false): string {
  return new Intl.DateTimeFormat('fr-FR', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(withYear && { year: 'numeric' }),
  }).format(new Date(`${day}T12:00:00Z`));
}

/** Where a day's edition lives on the site. */
export const editionPagePath = (day: string) => `/edition/${day}`;
