import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient } from '@afriqueactu/supabase-local/testing';
import { newJournalist, sessions, uid, type Role, type Session } from './helpers.ts';

/**
 * What each caller may do in bucket article-images (public by URL, written by the newsroom).
 *   allowed — it happens; denied — storage answers 403 (RLS on storage.objects refused the row);
 *   hidden  — no error, but RLS filters silently: an empty listing, or nothing removed.
 * The object overwritten or deleted is someone else's (put in place by the service role): a
 * journalist uploads, lists only their own uploads and the files of articles they may edit or that
 * are public (storage-by-article.int.test.ts; this object is shown by none), overwrites nothing (only an
 * administrator does) and deletes only their own uploads (second matrix) that no article beyond
 * their reach shows (attacks-journalist.int.test.ts).
 */
const MATRIX: Record<Role, Record<Op, Outcome>> = {
  anon: { upload: 'denied', overwrite: 'denied', delete: 'hidden', list: 'hidden' },
  reader: { upload: 'denied', overwrite: 'denied', delete: 'hidden', list: 'hidden' },
  journalist: { upload: 'allowed', overwrite: 'denied', delete: 'hidden', list: 'hidden' },
  admin: { upload: 'allowed', overwrite: 'allowed', delete: 'allowed', list: 'allowed' },
};
type Op = 'upload' | 'overwrite' | 'delete' | 'list';
type Outcome = 'allowed' | 'denied' | 'hidden';

const CELLS = (Object.keys(MATRIX) as Role[]).flatMap((role) =>
  (Object.keys(MATRIX[role]) as Op[]).map((op): [Role, Op, Outcome] => [role, op, MATRIX[role][op]]),
);

/**
 * An object the seeded journalist uploaded, shown by no article, overwritten or deleted by each
 * caller (another journalist too): even its uploader may not overwrite it, since every upload of
 * the editor has a new name and a file in place may already be shown by a published article.
 */
type Caller = Role | 'other journalist';
const UPLOADER_MATRIX: Record<Caller, Record<'overwrite' | 'delete', Outcome>> = {
  anon: { overwrite: 'denied', delete: 'hidden' },
  reader: { overwrite: 'denied', delete: 'hidden' },
  journalist: { overwrite: 'denied', delete: 'allowed' }, // the uploader
  'other journalist': { overwrite: 'denied', delete: 'hidden' },
  admin: { overwrite: 'allowed', delete: 'allowed' },
};
const UPLOADER_CELLS = (Object.keys(UPLOADER_MATRIX) as Caller[]).flatMap((caller) =>
  (['overwrite', 'delete'] as const).map((op): [Caller, 'overwrite' | 'delete', Outcome] => [caller, op, UPLOADER_MATRIX[caller][op]]),
);

const BUCKET = 'article-images';
const FOLDER = `securite-${uid()}`;
let who: Record<Caller, Session>;
let original: Buffer; // what the service role puts in place before each cell
let replacement: Buffer; // what a caller tries to write

const bucket = (s: Session | 'service') => (s === 'service' ? serviceClient() : s.sb).storage.from(BUCKET);

/** Real image bytes, as the editor sends (the bucket, like hosted storage, reads only the declared type). */
const image = (colour: string, size: number, format: 'png' | 'webp') =>
  sharp({ create: { width: size, height: size, channels: 3, background: colour } })
    [format]()
    .toBuffer();

async function stored(path: string): Promise<Buffer | null> {
  const { data } = await bucket('service').download(path);
  return data ? Buffer.from(await data.arrayBuffer()) : null;
}

beforeAll(async () => {
  who = { ...(await sessions()), 'other journalist': await newJournalist('Autre journaliste') };
  original = await image('#c0392b', 2, 'png');
  replacement = await image('#27ae60', 3, 'webp');
});

afterAll(async () => {
  const { data } = await bucket('service').list(FOLDER);
  if (data?.length) await bucket('service').remove(data.map((o) => `${FOLDER}/${o.name}`));
});

/** One cell: the caller tries the operation on `path`, and the stored object tells what happened. */
async function attempt(caller: Caller, op: Op, path: string, outcome: Outcome): Promise<void> {
  const what = `${caller} ${op} in ${BUCKET}`;
  const sb = bucket(who[caller]);
  if (op === 'list') {
    const res = await sb.list(FOLDER);
    expect(res.error, `${what} should not error: ${res.error?.message}`).toBeNull();
    const names = (res.data ?? []).map((o) => o.name);
    if (outcome === 'allowed') expect(names, `${what} should show the object`).toContain(path.split('/')[1]);
    else expect(names, `${what} should not show the object`).not.toContain(path.split('/')[1]);
    return;
  }
  const res =
    op === 'delete'
      ? await sb.remove([path])
      : await sb.upload(path, replacement, { contentType: 'image/webp', upsert: op === 'overwrite' });
  const now = await stored(path);
  if (outcome === 'denied') {
    expect(res.error, `${what} must be refused`).not.toBeNull();
    expect((res.error as { statusCode?: string }).statusCode, `${what} must be a 403: ${res.error?.message}`).toBe('403');
  } else {
    expect(res.error, `${what} should not error: ${res.error?.message}`).toBeNull();
  }
  if (op === 'delete') {
    expect(res.data, `${what}: removed objects reported`).toHaveLength(outcome === 'allowed' ? 1 : 0);
    expect(now === null, `${what}: the object is ${now ? 'still there' : 'gone'}`).toBe(outcome === 'allowed');
  } else if (op === 'upload') {
    expect(now?.equals(replacement) ?? false, `${what}: the file was ${now ? '' : 'not '}stored`).toBe(outcome === 'allowed');
  } else {
    const expected = outcome === 'allowed' ? replacement : original;
    expect(now?.equals(expected), `${what}: the stored bytes are the ${outcome === 'allowed' ? 'new' : 'original'} ones`).toBe(true);
  }
}

describe('storage matrix: bucket article-images × anon/reader/journalist/admin', () => {
  it('covers 4 roles × 4 operations, and 5 callers × 2 operations on a journalist’s upload', () => {
    expect(CELLS).toHaveLength(16);
    expect(UPLOADER_CELLS).toHaveLength(10);
  });

  it.each(CELLS)('%s may %s → %s', async (role, op, outcome) => {
    const path = `${FOLDER}/${role}-${op}-${uid()}.${op === 'upload' ? 'webp' : 'png'}`;
    if (op !== 'upload') {
      const put = await bucket('service').upload(path, original, { contentType: 'image/png' });
      expect(put.error, `service role puts the target in place: ${put.error?.message}`).toBeNull();
    }
    await attempt(role, op, path, outcome);
  });

  it.each(UPLOADER_CELLS)('on a journalist’s upload, %s may %s → %s', async (caller, op, outcome) => {
    const path = `${FOLDER}/televerse-${caller.replace(' ', '-')}-${op}-${uid()}.png`;
    const put = await bucket(who.journalist).upload(path, original, { contentType: 'image/png' });
    expect(put.error, `the journalist uploads the target: ${put.error?.message}`).toBeNull();
    await attempt(caller, op, path, outcome);
  });
});
