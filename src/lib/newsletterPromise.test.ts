import { describe, expect, it } from 'vitest';
import { clockLabel, parseClockTime } from './clockTime';
import { DEFAULT_SEND_TIME, newsletterPromise } from './newsletterPromise';

describe('newsletterPromise', () => {
  it('says the name, daily, and the settings’ time (a Postgres time or HH:MM), as the footer, the pages and the mail show it', () => {
    expect(newsletterPromise('06:30:00')).toEqual({
      name: 'La Matinale',
      when: 'chaque matin à 6 h 30',
      sentence: "La Matinale, la lettre quotidienne d'Afrique Actu : l'essentiel de l'actualité africaine, chaque matin à 6 h 30.",
    });
    expect(newsletterPromise('07:00').when).toBe('chaque matin à 7 h');
    expect(newsletterPromise('18:15').when).toBe('chaque jour à 18 h 15');
  });
  it('says the default time until the settings are read, and for a value that is no time', () => {
    expect(DEFAULT_SEND_TIME).toBe('06:30');
    expect(newsletterPromise().when).toBe('chaque matin à 6 h 30');
    expect(newsletterPromise(null).when).toBe('chaque matin à 6 h 30');
    expect(newsletterPromise('bientôt').when).toBe('chaque matin à 6 h 30');
  });
  it('words a time the French way', () => {
    expect(clockLabel('06:05')).toBe('6 h 05');
    expect(clockLabel('00:00')).toBe('0 h');
    expect(clockLabel('23:45:00')).toBe('23 h 45');
  });
  it('reads a time typed in 24 hours, and nothing else', () => {
    expect(parseClockTime('06:30')).toBe('06:30');
    expect(parseClockTime('6:30')).toBe('06:30');
    expect(parseClockTime(' 6 h 30 ')).toBe('06:30');
    expect(parseClockTime('18h05')).toBe('18:05');
    for (const bad of ['06:30 AM', '24:00', '6:3', '6', '', '12:60']) expect(parseClockTime(bad)).toBeNull();
  });
});
