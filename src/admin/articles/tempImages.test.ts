import { describe, expect, it, vi } from 'vitest';
import { coverAfterRemoval, createWithImages, isTempImage, recordUploads, toTempImages } from './tempImages';
import type { ArticleWrite } from './types';

const WRITE: ArticleWrite = {
  slug: 's', title: 't', excerpt: null, content: 'c', category_id: null, status: 'published', published_at: '2026-01-01T00:00:00.000Z', author_id: 'u1',
};

function recorder() {
  const calls: string[] = [];
  let n = 0;
  return {
    calls,
    insertImage: vi.fn(async (articleId: string, url: string) => {
      calls.push(`insert ${articleId} ${url}`);
      return { id: `row-${++n}`, image_url: url };
    }),
  };
}

describe('temporary images of a new article', () => {
  it('get temp- ids', () => {
    const images = toTempImages(['https://x/1.webp', 'https://x/2.webp']);
    expect(images.every(isTempImage)).toBe(true);
    expect(new Set(images.map((i) => i.id)).size).toBe(2);
  });

  it('are committed on save: first one as image_url, then one row each, in order', async () => {
    const r = recorder();
    const createArticle = vi.fn(async (data: ArticleWrite) => {
      r.calls.push(`create ${data.image_url}`);
      return { id: 'a1', ...data };
    });
    const images = toTempImages(['https://x/1.webp', 'https://x/2.webp']);
    const article = await createWithImages(WRITE, images, { createArticle, insertImage: r.insertImage });
    expect(article.id).toBe('a1');
    expect(r.calls).toEqual(['create https://x/1.webp', 'insert a1 https://x/1.webp', 'insert a1 https://x/2.webp']);
  });

  it('without images, create the article with no image_url', async () => {
    const r = recorder();
    const createArticle = vi.fn(async (data: ArticleWrite) => ({ id: 'a2', ...data }));
    await createWithImages(WRITE, [], { createArticle, insertImage: r.insertImage });
    expect(createArticle).toHaveBeenCalledWith({ ...WRITE, image_url: null });
    expect(r.insertImage).not.toHaveBeenCalled();
  });
});

describe('uploads to an existing article', () => {
  it('are recorded at once, the first becoming image_url when there was none', async () => {
    const r = recorder();
    const setCover = vi.fn(async () => {});
    const out = await recordUploads({ id: 'a1', image_url: null }, ['https://x/1.webp', 'https://x/2.webp'], { ...r, setCover });
    expect(out.images.map((i) => i.id)).toEqual(['row-1', 'row-2']);
    expect(setCover).toHaveBeenCalledWith('a1', 'https://x/1.webp');
    expect(out.cover).toBe('https://x/1.webp');
  });
  it('leave an existing image_url alone', async () => {
    const r = recorder();
    const setCover = vi.fn(async () => {});
    const out = await recordUploads({ id: 'a1', image_url: 'https://x/0.webp' }, ['https://x/1.webp'], { ...r, setCover });
    expect(setCover).not.toHaveBeenCalled();
    expect(out.cover).toBe('https://x/0.webp');
  });
});

describe('coverAfterRemoval', () => {
  const imgs = [
    { id: '1', image_url: 'u1' },
    { id: '2', image_url: 'u2' },
  ];
  it('moves image_url to the next image, or clears it', () => {
    expect(coverAfterRemoval(imgs.slice(1), 'u1', 'u1')).toBe('u2');
    expect(coverAfterRemoval([], 'u1', 'u1')).toBeNull();
  });
  it('keeps image_url when another image is removed', () => {
    expect(coverAfterRemoval(imgs.slice(0, 1), 'u2', 'u1')).toBe('u1');
  });
});
