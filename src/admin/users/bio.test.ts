import { describe, expect, it } from 'vitest';
import { shortBio } from './bio';

describe('shortBio', () => {
  it("shows '-' for a missing or blank bio", () => {
    expect(shortBio(null)).toBe('-');
    expect(shortBio(undefined)).toBe('-');
    expect(shortBio('   ')).toBe('-');
  });

  it('keeps a short bio whole', () => {
    expect(shortBio('Rédactrice en chef.')).toBe('Rédactrice en chef.');
  });

  it('cuts a long bio at a word, without punctuation before the ellipsis', () => {
    const bio = 'Cheffe des rubriques Culture et Sport, basée à Casablanca. Passionnée de cinéma africain.';
    expect(shortBio(bio)).toBe('Cheffe des rubriques Culture et Sport, basée à Casablanca…');
    expect(shortBio(bio).length).toBeLessThanOrEqual(61);
  });

  it('cuts a bio without spaces at 60 characters', () => {
    expect(shortBio('x'.repeat(100))).toBe(`${'x'.repeat(60)}…`);
  });
});
