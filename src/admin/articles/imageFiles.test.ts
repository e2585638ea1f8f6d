import { describe, expect, it } from 'vitest';
import { fileExtension, isImageFile, needsCompression, randomToken, storageObjectName, storagePathFromUrl } from './imageFiles';

const MB = 1024 * 1024;

describe('image file rules', () => {
  it('accepts image types only', () => {
    expect(isImageFile({ type: 'image/png' })).toBe(true);
    expect(isImageFile({ type: 'application/pdf' })).toBe(false);
    expect(isImageFile({ type: '' })).toBe(false);
  });
  it('compresses strictly above 5 MB', () => {
    expect(needsCompression({ size: 5 * MB })).toBe(false);
    expect(needsCompression({ size: 5 * MB + 1 })).toBe(true);
  });
  it('keeps the extension, else takes the image type, else webp', () => {
    expect(fileExtension({ name: 'Photo été.JPG', type: 'image/jpeg' })).toBe('jpg');
    expect(fileExtension({ name: 'collé', type: 'image/png' })).toBe('png');
    expect(fileExtension({ name: 'collé', type: 'image/x-unknown' })).toBe('webp');
  });
});

describe('storageObjectName', () => {
  it('is a timestamped random ASCII name with the extension', () => {
    const name = storageObjectName({ name: 'Récolte à Kaolack (1).PNG' }, 1_700_000_000_000, () => 'k3x9q');
    expect(name).toBe('1700000000000-k3x9q.png');
  });
  it('never repeats and never leaves ASCII or contains ..', () => {
    const names = new Set(Array.from({ length: 200 }, () => storageObjectName({ name: 'a.webp' })));
    expect(names.size).toBe(200);
    for (const n of names) expect(n).toMatch(/^\d+-[a-z0-9]{10}\.webp$/);
    expect(randomToken()).toMatch(/^[a-z0-9]{10}$/);
  });
});

describe('storagePathFromUrl', () => {
  it('is the path inside the bucket for our public URLs', () => {
    expect(storagePathFromUrl('http://127.0.0.1:54321/storage/v1/object/public/article-images/1700-abc.webp')).toBe('1700-abc.webp');
    expect(storagePathFromUrl('https://p.supabase.co/storage/v1/object/public/article-images/seed/un-1.webp')).toBe('seed/un-1.webp');
  });
  it('is the last path segment otherwise', () => {
    expect(storagePathFromUrl('https://cdn.example.org/img/photo%201.png')).toBe('photo 1.png');
  });
});
