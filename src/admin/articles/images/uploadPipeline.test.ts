import { StorageApiError } from '@supabase/storage-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FILE_TOO_LARGE } from '../../providers/frenchErrors';
import { planFamily, uploadImages, type UploadDeps } from './uploadPipeline';
import type { RenderedImage } from './types';

const blob = (type = 'image/webp', size = 10) => new Blob([new Uint8Array(size)], { type });
/** A file that starts as a JPEG does (what the signature check reads); the fake render does the rest. */
const JPEG_START = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const fileOf = (name: string) => new File([JPEG_START], name, { type: 'image/jpeg' });

/** What the worker hands back for a photo whose master is `width` × `height`. */
function rendered(width: number, height: number, extra: Partial<RenderedImage> = {}): RenderedImage {
  const widths = [320, 640, 960, 1200, 1600].filter((w) => w < width);
  return { master: blob(), width, height, renditions: widths.map((w) => ({ width: w, blob: blob() })), firstFrameOnly: false, ...extra };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('planFamily', () => {
  it('names renditions smallest first and the master last, by the rule of renditions.ts', () => {
    const names = planFamily(rendered(2400, 1600), '1700-abc').map((f) => f.name);
    expect(names).toEqual([
      '1700-abc.2400x1600.w320.webp',
      '1700-abc.2400x1600.w640.webp',
      '1700-abc.2400x1600.w960.webp',
      '1700-abc.2400x1600.w1200.webp',
      '1700-abc.2400x1600.w1600.webp',
      '1700-abc.2400x1600.webp',
    ]);
  });
  it('stores the share picture before the master, so a recorded image always has its share card', () => {
    const names = planFamily(rendered(960, 540, { share: blob('image/jpeg') }), 's').map((f) => f.name);
    expect(names).toEqual(['s.960x540.w320.webp', 's.960x540.w640.webp', 's.960x540.share.jpg', 's.960x540.webp']);
  });
  it('never upscales: a small image is its master alone', () => {
    expect(planFamily(rendered(300, 200), 's').map((f) => f.name)).toEqual(['s.300x200.webp']);
    expect(planFamily(rendered(960, 540), 's').map((f) => f.name)).toEqual([
      's.960x540.w320.webp',
      's.960x540.w640.webp',
      's.960x540.webp',
    ]);
  });
  it('refuses a family with a missing rendition rather than store a master readers would miss', () => {
    expect(() => planFamily({ ...rendered(1000, 500), renditions: [{ width: 320, blob: blob() }] }, 's')).toThrow('640');
  });
  it('stores a JPEG master (no WebP encoder) alone under a plain name', () => {
    expect(planFamily({ ...rendered(1000, 500), master: blob('image/jpeg'), renditions: [] }, 's').map((f) => f.name)).toEqual(['s.jpg']);
  });
});

function deps(overrides: Partial<UploadDeps> = {}) {
  const progress: number[] = [];
  const stored: string[] = [];
  const removed: string[][] = [];
  let n = 0;
  const d: UploadDeps = {
    render: async () => rendered(1000, 500),
    store: async (name) => {
      stored.push(name);
      return `https://cdn.test/${name}`;
    },
    remove: async (names) => void removed.push(names),
    onProgress: (p) => progress.push(p),
    now: () => 1700,
    random: () => `r${++n}`,
    ...overrides,
  };
  return { d, progress, stored, removed };
}

describe('uploadImages', () => {
  it('stores each image renditions first, master last, under one stem, and returns the master URL', async () => {
    const { d, stored, progress } = deps();
    const { urls, errors } = await uploadImages([fileOf('photo.jpg')], d);
    expect(stored).toEqual([
      '1700-r1.1000x500.w320.webp',
      '1700-r1.1000x500.w640.webp',
      '1700-r1.1000x500.w960.webp',
      '1700-r1.1000x500.webp',
    ]);
    expect(urls).toEqual(['https://cdn.test/1700-r1.1000x500.webp']);
    expect(errors).toEqual([]);
    expect(progress).toEqual([0, 25, 50, 75, 100]);
  });

  it('runs 3 images at a time, decodes one at a time, and keeps the order of the files', async () => {
    let decoding = 0;
    let maxDecoding = 0;
    const active = new Set<string>();
    let maxActive = 0;
    const { d } = deps({
      render: async (file) => {
        maxDecoding = Math.max(maxDecoding, ++decoding);
        await new Promise((r) => setTimeout(r, 10));
        decoding--;
        return rendered(file.name === 'b.jpg' ? 200 : 400, 100);
      },
      store: async (name) => {
        active.add(name);
        maxActive = Math.max(maxActive, active.size);
        await new Promise((r) => setTimeout(r, 100));
        active.delete(name);
        return `https://cdn.test/${name}`;
      },
    });
    const run = uploadImages(['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg'].map(fileOf), d);
    await vi.advanceTimersByTimeAsync(2000);
    const { urls } = await run;
    expect(maxDecoding).toBe(1);
    expect(maxActive).toBe(3);
    expect(urls).toEqual([
      'https://cdn.test/1700-r1.400x100.webp',
      'https://cdn.test/1700-r2.200x100.webp',
      'https://cdn.test/1700-r3.400x100.webp',
      'https://cdn.test/1700-r4.400x100.webp',
    ]);
  });

  it('retries a failing file after 1 s then 2 s under the same name, the family keeping its stem', async () => {
    const attempts: { name: string; at: number }[] = [];
    const start = Date.now();
    const { d } = deps({
      render: async () => rendered(300, 200),
      store: async (name) => {
        attempts.push({ name, at: Date.now() - start });
        if (attempts.length < 3) throw new Error('Network request failed');
        return `https://cdn.test/${name}`;
      },
    });
    const run = uploadImages([fileOf('a.jpg')], d);
    await vi.advanceTimersByTimeAsync(3000);
    expect((await run).urls).toEqual(['https://cdn.test/1700-r1.300x200.webp']);
    expect(attempts.map((a) => a.at)).toEqual([0, 1000, 3000]);
    expect(new Set(attempts.map((a) => a.name))).toEqual(new Set(['1700-r1.300x200.webp']));
  });

  it('after 3 lost connections on one file, removes every file of that image already sent and reports it by name, in French', async () => {
    const { d, removed, progress } = deps({
      store: async (name) => {
        if (name.includes('.w960.')) throw new TypeError('Failed to fetch');
        return `https://cdn.test/${name}`;
      },
    });
    const run = uploadImages([fileOf('bon.jpg'), fileOf('mauvais.jpg')], d);
    await vi.advanceTimersByTimeAsync(3000);
    const { urls, errors } = await run;
    expect(urls).toEqual([]);
    expect(errors.map((e) => e.message)).toEqual([
      "Échec de l'upload de « bon.jpg ». Connexion perdue : vérifiez votre connexion puis réessayez.",
      "Échec de l'upload de « mauvais.jpg ». Connexion perdue : vérifiez votre connexion puis réessayez.",
    ]);
    // The master is never sent; the failing rendition is removed too, in case a lost answer stored it.
    expect(removed).toContainEqual(['1700-r1.1000x500.w320.webp', '1700-r1.1000x500.w640.webp', '1700-r1.1000x500.w960.webp']);
    expect(removed.flat().some((n) => n === '1700-r1.1000x500.webp')).toBe(false);
    expect(progress.at(-1)).toBe(100);
    expect(console.error).toHaveBeenCalledWith(expect.any(String), expect.any(TypeError));
  });

  it('does not retry a file storage refused (type, size): one attempt, the reason in French', async () => {
    const attempts: string[] = [];
    const { d } = deps({
      render: async () => rendered(300, 200),
      store: async (name) => {
        attempts.push(name);
        throw new StorageApiError('The object exceeded the maximum allowed size', 400, '413');
      },
    });
    const { errors } = await uploadImages([fileOf('lourde.jpg')], d);
    expect(attempts).toEqual(['1700-r1.300x200.webp']);
    expect(errors.map((e) => e.message)).toEqual([`Échec de l'upload de « lourde.jpg ». ${FILE_TOO_LARGE}`]);
  });

  it("reports an image the browser cannot read with the worker's message, stores nothing, and goes on with the others", async () => {
    const message = "Format d'image non pris en charge : enregistrez-la en JPEG ou PNG (« x.heic »).";
    const { d, stored, removed } = deps({
      render: async (file) => {
        if (file.name === 'x.heic') throw new Error(message);
        return rendered(300, 200, { firstFrameOnly: file.name.endsWith('.gif') });
      },
    });
    const { urls, errors, stills } = await uploadImages([fileOf('x.heic'), fileOf('anim.gif')], d);
    expect(errors.map((e) => e.message)).toEqual([message]);
    expect(urls).toHaveLength(1);
    expect(stored).toHaveLength(1);
    expect(removed).toEqual([]);
    expect(stills).toEqual(['anim.gif']);
  });

  it('refuses a file declared as a JPEG whose bytes are no image, in French, without preparing or sending it', async () => {
    const rendered_: string[] = [];
    const { d, stored } = deps({
      render: async (file) => {
        rendered_.push(file.name);
        return rendered(300, 200);
      },
    });
    const page = new File(['<!doctype html><script>alert(1)</script>'], 'photo.jpg', { type: 'image/jpeg' });
    const { urls, errors } = await uploadImages([page, fileOf('vraie.jpg')], d);
    expect(errors.map((e) => e.message)).toEqual([
      "« photo.jpg » n'est pas une image : son contenu ne correspond à aucun format d'image, malgré son nom. Il n'a pas été envoyé.",
    ]);
    expect(rendered_).toEqual(['vraie.jpg']);
    expect(urls).toHaveLength(1);
    expect(stored).toEqual(['1700-r1.300x200.webp']);
  });
});
