import { describe, expect, it } from 'vitest';
import { BIO_LENGTH, truncatedBio } from './BioCell';

describe('truncatedBio', () => {
  it("shows '-' for a missing or blank bio", () => {
    expect(truncatedBio(null)).toBe('-');
    expect(truncatedBio('   ')).toBe('-');
  });
  it('keeps a short bio whole, on one line', () => {
    expect(truncatedBio('Correspondante à Dakar.\nÉconomie.')).toBe('Correspondante à Dakar. Économie.');
  });
  it('cuts a long bio with an ellipsis', () => {
    const cut = truncatedBio('a'.repeat(BIO_LENGTH + 20));
    expect(cut).toBe(`${'a'.repeat(BIO_LENGTH)}…`);
  });
});
