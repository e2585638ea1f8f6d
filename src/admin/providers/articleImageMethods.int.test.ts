import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { imageFamily } from '@/lib/renditions';
import { LOCAL_ACCOUNTS } from '../../../supabase/seed/accounts.ts';
import { serviceClient } from '@afriqueactu/supabase-local/testing';
import { signedInProvider } from '../../../tests/integration/stackProvider';
import { altTextRefusal } from '../articles/images/altText';
import { ARTICLE_IMAGES_BUCKET as BUCKET } from '../articles/images/constants';
import { publicImagePrefix } from '../articles/images/imageFiles';
import { ImageNotSaved } from './articleImageRows';
import { describeError, FORBIDDEN } from './frenchErrors';
import type { NewsroomDataProvider } from './newsroomDataProvider';

// The image panel's one write path: the data provider's image methods (ArticleImageMethods) as
// the panel calls them, against the real stack, signed in as the seeded administrator, files
// stored and removed in the real bucket. The database and the bucket's policies decide.
const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const READER = LOCAL_ACCOUNTS.find((a) => a.role === 'reader')!;
let provider: NewsroomDataProvider;
let prefix: string;
let webp: Blob;
const made: string[] = [];

/** Stores one image's family (renditions, then the master) through the provider, as the upload pipeline does. */
async function upload(stem: string): Promise<string> {
  const master = `${RUN}-${stem}.800x450.webp`;
  const urls = new Map<string, string>();
  for (const name of imageFamily(master)) urls.set(name, await provider.storeImageFile(name, webp));
  expect(urls.size).toBeGreaterThan(1);
  return urls.get(master)!;
}

/** The names of this run's files in the bucket. */
async function stored(): Promise<string[]> {
  const { data, error } = await serviceClient().storage.from(BUCKET).list('', { search: RUN, limit: 1000 });
  if (error) throw error;
  return data.map((f) => f.name);
}

async function newArticle(n: number, extra: Record<string, unknown> = {}) {
  const { data } = await provider.create('articles', {
    data: { title: `Images du panneau ${RUN} ${n}`, slug: `panneau-${RUN}-${n}`, content: 'Un texte.', status: 'draft', ...extra },
    meta: { columns: ['id', 'image_url', 'version'] },
  });
  made.push(String(data.id));
  return data as { id: string; image_url: string | null; version: number };
}

beforeAll(async () => {
  // `{}`: the provider removes files for real.
  ({ provider } = await signedInProvider(undefined, {}));
  prefix = publicImagePrefix(inject('apiUrl'));
  const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a7' } })
    .webp()
    .toBuffer();
  webp = new Blob([new Uint8Array(bytes)], { type: 'image/webp' });
});

afterAll(async () => {
  const svc = serviceClient();
  if (made.length) await svc.from('articles').delete().in('id', made);
  const left = await stored();
  if (left.length) await svc.storage.from(BUCKET).remove(left);
});

describe('storeImageFile', () => {
  it('stores a file under its name and answers its public URL; a retry that finds it stored counts as stored', async () => {
    const name = `${RUN}-retry.800x450.webp`;
    expect(await provider.storeImageFile(name, webp)).toBe(`${prefix}${name}`);
    expect(await provider.storeImageFile(name, webp)).toBe(`${prefix}${name}`);
    expect(await stored()).toContain(name);
  });
});

describe('addImages, getArticleImages and setCover', () => {
  it('records uploads after the images the article has, the first as its main image when it had none', async () => {
    const created = await newArticle(1);
    const [a, b] = [await upload('a'), await upload('b')];

    const first = await provider.addImages({ id: created.id, image_url: null }, [a, b], 0);
    expect(first.cover).toBe(a);
    expect(first.version).toBe(created.version + 1);
    expect(first.images.map(({ image_url, position }) => ({ image_url, position }))).toEqual([
      { image_url: a, position: 0 },
      { image_url: b, position: 1 },
    ]);

    // An article that has its main image keeps it, and its version.
    const c = await upload('c');
    const second = await provider.addImages({ id: created.id, image_url: a }, [c], 2);
    expect(second).toMatchObject({ cover: a, version: undefined });

    const listed = await provider.getArticleImages(created.id);
    expect(listed.cover).toBe(a);
    expect(listed.out).toBe(false);
    expect(listed.images.map((i) => i.image_url)).toEqual([a, b, c]);

    // The main image changes without a version (no text changed), and answers the new one.
    const version = await provider.setCover(created.id, c);
    expect(version).toBe(first.version! + 1);
    expect((await provider.getArticleImages(created.id)).cover).toBe(c);
  });

  it('on an article that is out, refuses an image without alternative text, naming it, and records nothing', async () => {
    const published = await newArticle(2, { status: 'published' });
    const url = await upload('out');
    const refusal = await provider.addImages({ id: published.id, image_url: null }, [url], 0).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ImageNotSaved);
    expect(altTextRefusal(refusal)).toBe("Ajoutez un texte alternatif à l'image 1 avant de publier l'article.");
    const listed = await provider.getArticleImages(published.id);
    expect(listed).toMatchObject({ out: true, cover: null, images: [] });
  });

  it("is refused to a reader, in French, and writes nothing, while the newsroom's call above went through", async () => {
    const created = await newArticle(3);
    const { provider: asReader } = await signedInProvider(READER, {});
    const storing = await asReader.storeImageFile(`${RUN}-reader.webp`, webp).catch((e: unknown) => e);
    expect(describeError(storing, 'image')).toBe(FORBIDDEN.image);
    const recording = await asReader
      .addImages({ id: created.id, image_url: null }, [`${prefix}${RUN}-reader.webp`], 0)
      .catch((e: unknown) => e);
    expect(recording).toBeInstanceOf(ImageNotSaved);
    expect((await provider.getArticleImages(created.id)).images).toEqual([]);
    expect(await stored()).not.toContain(`${RUN}-reader.webp`);
  });
});

describe('removeImage and discardImages', () => {
  it('removeImage deletes the row, then every file of the image; the other images stay', async () => {
    const created = await newArticle(4);
    const [gone, kept] = [await upload('gone'), await upload('kept')];
    const { images } = await provider.addImages({ id: created.id, image_url: null }, [gone, kept], 0);

    await provider.removeImage(images[0]);
    expect((await provider.getArticleImages(created.id)).images.map((i) => i.image_url)).toEqual([kept]);
    const after = await stored();
    for (const name of imageFamily(gone.slice(prefix.length))) expect(after).not.toContain(name);
    for (const name of imageFamily(kept.slice(prefix.length))) expect(after).toContain(name);
  });

  it('discardImages removes the files of uploads never recorded, leaves any other address alone, and never rejects', async () => {
    const held = await upload('held');
    // An outside picture whose name is also one of our files': never ours to remove.
    const ours = (await upload('elsewhere')).slice(prefix.length);
    await expect(provider.discardImages([held, `https://cdn.example.org/${ours}`])).resolves.toBeUndefined();
    const after = await stored();
    for (const name of imageFamily(held.slice(prefix.length))) expect(after).not.toContain(name);
    for (const name of imageFamily(ours)) expect(after).toContain(name);

    // Storage failing: the file stays, the journalist's work goes on.
    const failing = await upload('failing');
    const { provider: broken } = await signedInProvider(undefined, {
      remove: async () => {
        throw new Error('storage unavailable');
      },
    });
    await expect(broken.discardImages([failing])).resolves.toBeUndefined();
    for (const name of imageFamily(failing.slice(prefix.length))) expect(await stored()).toContain(name);
  });
});
