import { describe, expect, it } from 'vitest';
import { isImageFile, ownObjectPath, publicImagePrefix, randomToken, storageStem } from './imageFiles';

describe('image file rules', () => {
  it('accepts image types only', () => {
    expect(isImageFile({ type: 'image/png' })).toBe(true);
    expect(isImageFile({ type: 'application/pdf' })).toBe(false);
    expect(isImageFile({ type: '' })).toBe(false);
  });
});

describe('storageStem', () => {
  it('is a timestamp and a random ASCII part', () => {
    expect(storageStem(1_700_000_000_000, () => 'k3x9q')).toBe('1700000000000-k3x9q');
  });
  it('never repeats and never leaves ASCII or contains ..', () => {
    const stems = new Set(Array.from({ length: 200 }, () => storageStem()));
    expect(stems.size).toBe(200);
    for (const n of stems) expect(n).toMatch(/^\d+-[a-z0-9]{10}$/);
    expect(randomToken()).toMatch(/^[a-z0-9]{10}$/);
  });
});

describe('ownObjectPath', () => {
  const prefix = publicImagePrefix('http://127.0.0.1:54321/');
  it('is the object name for a URL under our prefix, decoded, without its query', () => {
    expect(prefix).toBe('http://127.0.0.1:54321/storage/v1/object/public/article-images/');
    expect(ownObjectPath(`${prefix}1700-abc.webp`, prefix)).toBe('1700-abc.webp');
    expect(ownObjectPath(`${prefix}seed/un%201.1200x675.webp?v=2`, prefix)).toBe('seed/un 1.1200x675.webp');
  });
  it('is null for another address, a look-alike elsewhere, or a path out of the bucket', () => {
    expect(ownObjectPath('https://cdn.example.org/storage/v1/object/public/article-images/a.webp', prefix)).toBeNull();
    expect(ownObjectPath(`${prefix}../avatars/a.webp`, prefix)).toBeNull();
    expect(ownObjectPath(`${prefix}%E0%A4%A`, prefix)).toBeNull();
  });
});
