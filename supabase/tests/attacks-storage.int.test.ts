import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient } from '@afriqueactu/supabase-local/testing';
import { sessions, uid, type Role, type Session } from './helpers.ts';

// The bucket is public and served from the site's storage origin: a page or an SVG stored there
// would run script for anyone opening its URL, and a loosened bucket would let one in later.

const BUCKET = 'article-images';
const FOLDER = `attaque-${uid()}`;
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

let who: Record<Role, Session>;
let target: string; // an image the service role puts in place, which attacks try to remove
const svc = serviceClient();
const statusOf = (error: unknown) => (error as { statusCode?: string } | null)?.statusCode;

beforeAll(async () => {
  who = await sessions();
  target = `${FOLDER}/cible.png`;
  const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#f1c40f' } })
    .png()
    .toBuffer();
  const { error } = await svc.storage.from(BUCKET).upload(target, png, { contentType: 'image/png' });
  if (error) throw new Error(`service role puts the target image in place: ${error.message}`);
});

afterAll(async () => {
  const { data } = await svc.storage.from(BUCKET).list(FOLDER);
  if (data?.length) await svc.storage.from(BUCKET).remove(data.map((o) => `${FOLDER}/${o.name}`));
});

describe('attack: script files in article-images, even from an admin', () => {
  it.each([
    ['an HTML page declared as text/html', 'page.html', HTML, 'text/html'],
    ['an SVG with a script', 'dessin.svg', SVG, 'image/svg+xml'],
  ])('%s is refused with 415', async (_what, name, body, contentType) => {
    const path = `${FOLDER}/${uid()}-${name}`;
    const { error } = await who.admin.sb.storage.from(BUCKET).upload(path, body, { contentType });
    expect(statusOf(error), `upload of ${name} as ${contentType} must be refused: ${error?.message}`).toBe('415');
    const { data } = await svc.storage.from(BUCKET).download(path);
    expect(data, 'nothing was stored').toBeNull();
  });

  it('an HTML page declared as image/png is stored, as on hosted Supabase, but never served as HTML', async () => {
    // storage-api checks the declared type only; the editor refuses such a file before it is
    // sent (src/admin/articles/images/imageSignature.ts). Stored, it is only ever an image/png.
    const path = `${FOLDER}/${uid()}-page.png`;
    const { error } = await who.admin.sb.storage.from(BUCKET).upload(path, HTML, { contentType: 'image/png' });
    expect(error).toBeNull();
    const res = await fetch(svc.storage.from(BUCKET).getPublicUrl(path).data.publicUrl);
    expect(res.headers.get('content-type')).toBe('image/png');
  });
});

describe('attack: changing the bucket itself', () => {
  const bucketRow = async () => (await svc.storage.getBucket(BUCKET)).data;

  it.each(['reader', 'admin'] as const)('%s cannot loosen its settings (public, mime types, size)', async (role) => {
    const before = await bucketRow();
    const { error } = await who[role].sb.storage.updateBucket(BUCKET, {
      public: true,
      allowedMimeTypes: ['text/html'],
      fileSizeLimit: 1_000_000_000,
    });
    expect(error, `${role} updateBucket must be refused`).not.toBeNull();
    expect(await bucketRow(), 'bucket settings unchanged').toEqual(before);
    expect(before?.allowed_mime_types).not.toContain('text/html');
  });

  it.each(['anon', 'reader'] as const)('%s cannot create a bucket', async (role) => {
    const id = `pirate-${uid()}`;
    const { error } = await who[role].sb.storage.createBucket(id, { public: true });
    expect(statusOf(error), `${role} createBucket must be refused by RLS: ${error?.message}`).toBe('403');
    expect((await svc.storage.getBucket(id)).data, 'no bucket created').toBeNull();
  });

  it.each(['anon', 'reader'] as const)('%s cannot empty or delete the bucket', async (role) => {
    await who[role].sb.storage.emptyBucket(BUCKET);
    const del = await who[role].sb.storage.deleteBucket(BUCKET);
    expect(del.error, `${role} deleteBucket must be refused`).not.toBeNull();
    expect(await bucketRow(), 'the bucket is still there').not.toBeNull();
    const { data } = await svc.storage.from(BUCKET).download(target);
    expect(data, `${role} emptying the bucket must not remove the admin's image`).not.toBeNull();
  });
});
