import type { SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { imageFamily } from '@/lib/renditions';
import { LOCAL_ACCOUNTS } from '../../../supabase/seed/accounts.ts';
import { serviceClient } from '@afriqueactu/supabase-local/testing';
import { ARTICLE_IMAGES_BUCKET as BUCKET } from '../articles/images/constants';
import { isStaleVersion } from '../articles/saveErrors';
import { publicImagePrefix } from '../articles/images/imageFiles';
import { imagesLeftInStorage } from './articleCallbacks';
import type { NewsroomDataProvider } from './newsroomDataProvider';
import { signedInProvider, stackProvider } from '../../../tests/integration/stackProvider';

// The back office's data provider as the browser runs it (ra-supabase's REST calls, the lifecycle
// callbacks), against the real stack, signed in as the seeded administrator.
const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let admin: SupabaseClient;
let provider: NewsroomDataProvider;
let prefix: string;
const made: string[] = [];

/** Stores one image as the editor does (master `<stem>.<W>x<H>.webp` and its renditions); returns its public URL. */
async function storeImage(stem: string, width = 800, height = 450): Promise<string> {
  const master = `${stem}.${width}x${height}.webp`;
  const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a7' } })
    .webp()
    .toBuffer();
  for (const name of imageFamily(master)) {
    const { error } = await admin.storage.from(BUCKET).upload(name, webp, { contentType: 'image/webp', upsert: false });
    if (error) throw error;
  }
  return prefix + master;
}

/** The names of this run's files still in the bucket. */
async function stored(): Promise<string[]> {
  const { data, error } = await admin.storage.from(BUCKET).list('', { search: RUN, limit: 1000 });
  if (error) throw error;
  return data.map((f) => f.name).sort();
}

const familyOf = (url: string) => imageFamily(url.slice(prefix.length));
const article = (n: number, extra: Record<string, unknown> = {}) => ({
  title: `Suppression ${RUN} ${n}`,
  slug: `suppression-${RUN}-${n}`,
  content: 'Un texte.',
  status: 'draft',
  ...extra,
});

beforeAll(async () => {
  // The files are removed for real: these tests store their own.
  ({ client: admin, provider } = await signedInProvider(undefined, {}));
  prefix = publicImagePrefix(inject('apiUrl'));
});

afterAll(async () => {
  const svc = serviceClient();
  if (made.length) await svc.from('articles').delete().in('id', made);
  const { data } = await svc.storage.from(BUCKET).list('', { search: RUN, limit: 1000 });
  if (data?.length) await svc.storage.from(BUCKET).remove(data.map((f) => f.name));
});

describe('creating an article with images held locally', () => {
  it('records them after the article exists, in order, the first as its main image', async () => {
    const first = await storeImage(`${RUN}-create-1`);
    const second = await storeImage(`${RUN}-create-2`);
    const { data } = await provider.create('articles', {
      data: article(0),
      meta: { columns: ['id', 'image_url', 'version'], images: [first, second] },
    });
    made.push(String(data.id));
    expect(data.image_url).toBe(first);
    const { data: rows } = await admin.from('article_images').select('image_url, created_at').eq('article_id', data.id).order('created_at');
    expect(rows!.map((r) => r.image_url)).toEqual([first, second]);
  });
});

describe('updating an article', () => {
  it('must carry the version it was based on, and a stale one is refused by the database', async () => {
    const { data: created } = await provider.create('articles', { data: article(1), meta: { columns: ['id', 'title', 'version'] } });
    made.push(String(created.id));
    expect(created.version).toBe(1);
    const meta = { columns: ['id', 'title', 'version'] };

    await expect(
      provider.update('articles', { id: created.id, data: { title: 'Sans version' }, previousData: created, meta }),
    ).rejects.toThrow(/version/);
    // The byline may change, to a member of the newsroom only: the database decides, not the provider.
    await expect(
      provider.update('articles', { id: created.id, data: { version: 1, author_id: created.id }, previousData: created, meta }),
    ).rejects.toMatchObject({ body: { code: '23514', details: 'author_not_newsroom' } });

    // The version is sent even though it equals the loaded record's (the REST provider only sends changes).
    const { data: saved } = await provider.update('articles', {
      id: created.id,
      data: { title: 'Première', version: 1 },
      previousData: created,
      meta,
    });
    expect(saved).toMatchObject({ title: 'Première', version: 2 });
    // A second save right after, based on what the first returned, passes.
    const { data: again } = await provider.update('articles', {
      id: created.id,
      data: { title: 'Deuxième', version: 2 },
      previousData: saved,
      meta,
    });
    expect(again.version).toBe(3);

    // A colleague's tab still holds version 1: refused, and nothing of the saved text is lost.
    const refused = await provider
      .update('articles', { id: created.id, data: { title: 'Écrasement', version: 1 }, previousData: created, meta })
      .catch((e: unknown) => e);
    expect(isStaleVersion(refused)).toBe(true);
    expect((refused as { status?: number }).status).toBe(409);
    const { data: row } = await admin.from('articles').select('title, version').eq('id', created.id).single();
    expect(row).toEqual({ title: 'Deuxième', version: 3 });
  });
});

describe('deleting an article', () => {
  it('removes its image files, every rendition included, and keeps those another article shows', async () => {
    const cover = await storeImage(`${RUN}-cover`);
    const gallery = await storeImage(`${RUN}-gallery`, 1700, 1600);
    const inText = await storeImage(`${RUN}-text`);
    const sharedCover = await storeImage(`${RUN}-shared-cover`);
    const sharedInText = await storeImage(`${RUN}-shared-text`);
    // An outside picture whose last segment is also the name of one of our files: never ours to remove.
    const lookalike = await storeImage(`${RUN}-outside`);
    const outside = `https://images.example.org/photos/${lookalike.slice(prefix.length)}`;

    const content = [
      `<p>Texte.</p>`,
      `<p><img src="${inText}" alt=""></p>`,
      `<p><img src="${sharedInText}" alt=""></p>`,
      `<p><img src="${outside}" alt=""></p>`,
    ].join('\n');
    const { data: doomed } = await provider.create('articles', {
      data: article(2, { content }),
      meta: { columns: ['id', 'image_url'], images: [cover, gallery, sharedCover] },
    });
    made.push(String(doomed.id));
    // Another article shows one of its gallery images as its main image, and one of its pictures in its text.
    const { data: other } = await provider.create('articles', {
      data: article(3, { image_url: sharedCover, content: `<p><img src="${sharedInText}" alt=""></p>` }),
      meta: { columns: ['id'] },
    });
    made.push(String(other.id));

    const before = await stored();
    for (const url of [cover, gallery, inText, sharedCover, sharedInText, lookalike])
      for (const name of familyOf(url)) expect(before).toContain(name);
    // The master, its 5 renditions and its share picture.
    expect(familyOf(gallery)).toHaveLength(7);

    const { data: deleted } = await provider.delete('articles', { id: doomed.id, previousData: doomed });
    expect(imagesLeftInStorage(deleted)).toBe(false);
    const { data: gone } = await admin.from('articles').select('id').eq('id', doomed.id);
    expect(gone).toEqual([]);

    const after = await stored();
    for (const url of [cover, gallery, inText]) for (const name of familyOf(url)) expect(after).not.toContain(name);
    for (const url of [sharedCover, sharedInText, lookalike]) for (const name of familyOf(url)) expect(after).toContain(name);
    // The public address answers no more.
    expect((await fetch(cover)).ok).toBe(false);
    expect((await fetch(sharedCover)).ok).toBe(true);
  });

  it('keeps the files of an image another article shows through one of its renditions (main image or gallery)', async () => {
    const cover = await storeImage(`${RUN}-rendition-cover`, 1700, 1600);
    const gallery = await storeImage(`${RUN}-rendition-gallery`, 1700, 1600);
    const { data: doomed } = await provider.create('articles', { data: article(5), meta: { columns: ['id'], images: [cover, gallery] } });
    made.push(String(doomed.id));
    // Another article shows the 640 px copy of the cover as its main image, and the 320 px copy of the gallery image in its gallery.
    const [coverCopy, galleryCopy] = [familyOf(cover)[2], familyOf(gallery)[1]];
    expect([coverCopy, galleryCopy].map((name) => name.match(/\.w(\d+)\.webp$/)?.[1])).toEqual(['640', '320']);
    const { data: other } = await provider.create('articles', {
      data: article(6, { image_url: prefix + coverCopy }),
      meta: { columns: ['id'] },
    });
    made.push(String(other.id));
    const { error } = await admin.from('article_images').insert({ article_id: other.id, image_url: prefix + galleryCopy });
    if (error) throw error;

    const { data: deleted } = await provider.delete('articles', { id: doomed.id, previousData: doomed });
    expect(imagesLeftInStorage(deleted)).toBe(false);
    const after = await stored();
    for (const url of [cover, gallery]) for (const name of familyOf(url)) expect(after).toContain(name);
  });

  it('a storage failure after the delete does not fail it: the deleted record says files were left', async () => {
    const cover = await storeImage(`${RUN}-left`);
    const failing = stackProvider(admin, {
      remove: async () => {
        throw new Error('storage unavailable');
      },
    });
    const { data: doomed } = await failing.create('articles', { data: article(7), meta: { columns: ['id'], images: [cover] } });
    made.push(String(doomed.id));
    const { data: deleted } = await failing.delete('articles', { id: doomed.id, previousData: doomed });
    expect(deleted.id).toBe(doomed.id);
    expect(imagesLeftInStorage(deleted)).toBe(true);
    expect((await admin.from('articles').select('id').eq('id', doomed.id)).data).toEqual([]);
    for (const name of familyOf(cover)) expect(await stored()).toContain(name);
  });

  it('leaves every file in place when the delete fails', async () => {
    const cover = await storeImage(`${RUN}-kept`);
    const { data: kept } = await provider.create('articles', { data: article(4), meta: { columns: ['id'], images: [cover] } });
    made.push(String(kept.id));
    // A request PostgREST refuses (an unknown schema): the files were listed, the row stays, so must they.
    await expect(provider.delete('articles', { id: kept.id, previousData: kept, meta: { schema: 'nowhere' } })).rejects.toBeTruthy();
    const { data: still } = await admin.from('articles').select('id').eq('id', kept.id);
    expect(still).toHaveLength(1);
    for (const name of familyOf(cover)) expect(await stored()).toContain(name);
  });
});

describe('the back office’s RPCs and role change', () => {
  it('reads the dashboard figures, scheduled articles counted apart', async () => {
    const stats = await provider.dashboardStats();
    expect(stats).toMatchObject({
      total_articles: expect.any(Number),
      published: expect.any(Number),
      scheduled: expect.any(Number),
      drafts: expect.any(Number),
    });
    expect(stats.daily).toHaveLength(14);
    const week = await provider.analyticsSummary(7);
    expect(week.period_days).toBe(7);
  });

  it('grants and revokes either role; a grant made twice is the outcome asked for', async () => {
    const svc = serviceClient();
    const reader = LOCAL_ACCOUNTS.find((a) => a.role === 'reader')!;
    const { data: profile } = await svc.from('profiles').select('user_id').eq('full_name', reader.fullName).single();
    const roles = async () =>
      ((await svc.from('user_roles').select('role').eq('user_id', profile!.user_id)).data ?? []).map((r) => r.role as string).sort();
    try {
      await provider.setRole(profile!.user_id, 'admin', true);
      expect(await roles()).toContain('admin');
      await provider.setRole(profile!.user_id, 'admin', true);
      await provider.setRole(profile!.user_id, 'admin', false);
      expect(await roles()).not.toContain('admin');
      await provider.setRole(profile!.user_id, 'journalist', true);
      expect(await roles()).toContain('journalist');
      await provider.setRole(profile!.user_id, 'journalist', false);
      expect(await roles()).not.toContain('journalist');
    } finally {
      await svc.from('user_roles').delete().eq('user_id', profile!.user_id).in('role', ['admin', 'journalist']);
    }
  });
});
