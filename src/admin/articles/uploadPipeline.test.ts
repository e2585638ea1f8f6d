import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prepareImage, uploadImages, type UploadDeps } from './uploadPipeline';

const MB = 1024 * 1024;
const fileOf = (name: string, size: number, type = 'image/png') => new File([new Uint8Array(size)], name, { type });
const webp = (from: File) => fileOf(from.name.replace(/\.\w+$/, '.webp'), 2 * MB, 'image/webp');

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('prepareImage', () => {
  it('leaves images of 5 MB or less alone', async () => {
    const compress = vi.fn();
    const file = fileOf('petit.png', 5 * MB);
    expect(await prepareImage(file, compress)).toBe(file);
    expect(compress).not.toHaveBeenCalled();
  });
  it('compresses images over 5 MB', async () => {
    const big = fileOf('grand.png', 5 * MB + 1);
    const out = await prepareImage(big, async (f) => webp(f));
    expect(out.name).toBe('grand.webp');
    expect(out.type).toBe('image/webp');
  });
  it('keeps the original when compression fails', async () => {
    const big = fileOf('grand.png', 6 * MB);
    expect(await prepareImage(big, () => Promise.reject(new Error('The file given is not an image')))).toBe(big);
  });
});

function deps(overrides: Partial<UploadDeps> = {}) {
  const progress: number[] = [];
  const stored: string[] = [];
  const d: UploadDeps = {
    compress: async (f) => webp(f),
    store: async (name) => {
      stored.push(name);
      return `https://cdn.test/${name}`;
    },
    onProgress: (p) => progress.push(p),
    now: () => 1_700_000_000_000,
    random: (() => {
      let n = 0;
      return () => `r${++n}`;
    })(),
    ...overrides,
  };
  return { d, progress, stored };
}

describe('uploadImages', () => {
  it('uploads in batches of 3 and reports progress by finished files', async () => {
    const active: string[] = [];
    const seen: string[][] = [];
    const { d, progress } = deps({
      store: async (name, file) => {
        active.push(file.name);
        seen.push([...active]);
        await new Promise((r) => setTimeout(r, 100));
        active.splice(active.indexOf(file.name), 1);
        return `https://cdn.test/${name}`;
      },
    });
    const files = ['1.png', '2.png', '3.png', '4.png'].map((n) => fileOf(n, 1000));
    const run = uploadImages(files, d);
    await vi.advanceTimersByTimeAsync(100);
    expect(progress).toEqual([0, 25, 50, 75]);
    await vi.advanceTimersByTimeAsync(100);
    const { urls, errors } = await run;
    expect(progress).toEqual([0, 25, 50, 75, 100]);
    expect(Math.max(...seen.map((s) => s.length))).toBe(3);
    expect(urls).toEqual(['https://cdn.test/1700000000000-r1.png', 'https://cdn.test/1700000000000-r2.png', 'https://cdn.test/1700000000000-r3.png', 'https://cdn.test/1700000000000-r4.png']);
    expect(errors).toEqual([]);
  });

  it('sends the compressed webp for a big image and the original for a small one', async () => {
    const { d, stored } = deps();
    const { urls } = await uploadImages([fileOf('grand.png', 6 * MB), fileOf('petit.jpg', 1000, 'image/jpeg')], d);
    expect(stored.map((n) => n.split('.').pop()).sort()).toEqual(['jpg', 'webp']);
    // URLs come back in the order of the files, whichever finished first.
    expect(urls.map((u) => u.split('.').pop())).toEqual(['webp', 'jpg']);
  });

  it('retries a failing upload after 1 s then 2 s, each time under a new name', async () => {
    const attempts: { name: string; at: number }[] = [];
    const start = Date.now();
    const { d } = deps({
      store: async (name) => {
        attempts.push({ name, at: Date.now() - start });
        if (attempts.length < 3) throw new Error('Network request failed');
        return `https://cdn.test/${name}`;
      },
    });
    const run = uploadImages([fileOf('a.png', 10)], d);
    await vi.advanceTimersByTimeAsync(3000);
    expect((await run).urls).toEqual(['https://cdn.test/1700000000000-r3.png']);
    expect(attempts.map((a) => a.at)).toEqual([0, 1000, 3000]);
    expect(new Set(attempts.map((a) => a.name)).size).toBe(3);
  });

  it('gives up on a file after 3 attempts, keeps the others, and still reaches 100 %', async () => {
    const { d, progress } = deps({
      store: async (name, file) => {
        if (file.name === 'mauvais.png') throw new Error('The object exceeded the maximum allowed size');
        return `https://cdn.test/${name}`;
      },
    });
    const run = uploadImages([fileOf('bon.png', 10), fileOf('mauvais.png', 10)], d);
    await vi.advanceTimersByTimeAsync(3000);
    const { urls, errors } = await run;
    expect(urls).toHaveLength(1);
    expect(errors.map((e) => e.message)).toEqual(['The object exceeded the maximum allowed size']);
    expect(progress.at(-1)).toBe(100);
  });
});
