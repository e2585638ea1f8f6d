import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import ws from 'ws';
import { signToken } from '../src/jwt.ts';
import { anonClient, serviceClient, postgresDb } from '../src/testing/clients.ts';
import { expiredToken, forgedToken, noneToken } from './tokens.ts';

// Fixture buckets and policies of our own, created as a migration would create them.
const FIXTURES = `
  insert into storage.buckets (id, name, public) values ('cf-public', 'cf-public', true), ('cf-private', 'cf-private', false);
  insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
    values ('cf-images', 'cf-images', true, 1024, array['image/png', 'image/jpeg']);

  -- cf-public: readable by signed-in users, writable by any user whose JWT carries a sub,
  -- changed or removed only by its owner. Anon may not list or write.
  create policy cf_public_read on storage.objects for select to authenticated using (bucket_id = 'cf-public');
  create policy cf_public_insert on storage.objects for insert to authenticated
    with check (bucket_id = 'cf-public' and auth.uid() is not null);
  create policy cf_public_update on storage.objects for update to authenticated
    using (bucket_id = 'cf-public' and owner = auth.uid());
  create policy cf_public_delete on storage.objects for delete to authenticated
    using (bucket_id = 'cf-public' and owner = auth.uid());

  create policy cf_images_write on storage.objects for insert to authenticated with check (bucket_id = 'cf-images');
  create policy cf_images_read on storage.objects for select to authenticated using (bucket_id = 'cf-images');

  -- cf-private: every user owns the folder named after their id, and sees nothing else.
  create policy cf_private_own on storage.objects for all to authenticated
    using (bucket_id = 'cf-private' and (storage.foldername(name))[1] = auth.uid()::text)
    with check (bucket_id = 'cf-private' and (storage.foldername(name))[1] = auth.uid()::text);
`;

// A real 1×1 PNG, so content sniffing sees an actual image.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const HTML = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';

interface User {
  id: string;
  token: string;
  sb: SupabaseClient;
}

/** supabase-js carrying a given access token, as a signed-in browser would. */
function tokenClient(token: string): SupabaseClient {
  return createClient(inject('apiUrl'), inject('anonKey'), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
    realtime: { transport: ws as never },
  });
}

/** A user row plus a token with GoTrue's claims, independent of the auth endpoints. */
async function newUser(label: string): Promise<User> {
  const id = randomUUID();
  const email = `${label}-${id.slice(0, 8)}@example.test`;
  const db = await postgresDb();
  await db.query(
    `insert into auth.users (id, email, aud, role, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values ($1, $2, 'authenticated', 'authenticated', '{}', '{}', now(), now())`,
    [id, email],
  );
  await db.end();
  const token = await signToken(
    { sub: id, role: 'authenticated', aud: 'authenticated', email, app_metadata: {}, user_metadata: {} },
    Math.floor(Date.now() / 1000) + 3600,
  );
  return { id, token, sb: tokenClient(token) };
}

const storageUrl = (p: string) => `${inject('apiUrl')}/storage/v1${p}`;
const storageDir = () => path.join(inject('dataDir'), 'storage');
const unique = (name: string) => `${randomUUID().slice(0, 8)}-${name}`;

/** A request without supabase-js, to see the raw status, headers and body. */
async function raw(p: string, init: RequestInit & { token?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set('apikey', inject('anonKey'));
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  const res = await fetch(storageUrl(p), { ...init, headers });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: the object's bytes
  }
  return { res, body, text };
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name));
}

let alice: User;
let bob: User;

beforeAll(async () => {
  const db = await postgresDb();
  await db.query(FIXTURES);
  await db.end();
  [alice, bob] = await Promise.all([newUser('alice'), newUser('bob')]);
});

afterAll(async () => {
  const db = await postgresDb();
  await db.query(`delete from storage.objects where bucket_id like 'cf-%'`);
  await db.end();
});

describe('storage: uploads and public files', () => {
  it('uploads a Blob as multipart and serves it publicly with its type and cache-control', async () => {
    const name = unique('bonjour.txt');
    const { data, error } = await alice.sb.storage
      .from('cf-public')
      .upload(name, new Blob(['Bonjour Dakar'], { type: 'text/plain' }), { cacheControl: '31536000', metadata: { credit: 'AFP' } });
    expect(error).toBeNull();
    expect(data).toMatchObject({ path: name, fullPath: `cf-public/${name}` });
    expect(data!.id).toMatch(/^[0-9a-f-]{36}$/);

    const url = alice.sb.storage.from('cf-public').getPublicUrl(name).data.publicUrl;
    const res = await fetch(url); // no key, no token: as a reader's browser loads an image
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('Bonjour Dakar');
    expect(res.headers.get('content-type')).toBe('text/plain');
    expect(res.headers.get('cache-control')).toBe('max-age=31536000');
    expect(res.headers.get('content-length')).toBe('13');
    expect(res.headers.get('etag')).toMatch(/^".+"$/);

    const again = await fetch(url, { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);

    const db = await postgresDb();
    const { rows } = await db.query(`select owner, owner_id, metadata from storage.objects where bucket_id = 'cf-public' and name = $1`, [
      name,
    ]);
    await db.end();
    expect(rows[0].owner).toBe(alice.id);
    expect(rows[0].owner_id).toBe(alice.id);
    expect(rows[0].metadata).toMatchObject({
      size: 13,
      mimetype: 'text/plain',
      cacheControl: 'max-age=31536000',
      contentLength: 13,
      httpStatusCode: 200,
    });
    expect(rows[0].metadata.eTag).toBe(res.headers.get('etag'));

    const info = await alice.sb.storage.from('cf-public').info(name);
    expect(info.data).toMatchObject({
      name,
      size: 13,
      contentType: 'text/plain',
      cacheControl: 'max-age=31536000',
      metadata: { credit: 'AFP' },
    });
  });

  it('uploads a Buffer as a raw body; the owner downloads the same bytes', async () => {
    const name = unique('pixel.png');
    const { error } = await alice.sb.storage.from('cf-public').upload(name, PNG, { contentType: 'image/png' });
    expect(error).toBeNull();

    const res = await fetch(alice.sb.storage.from('cf-public').getPublicUrl(name).data.publicUrl);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('max-age=3600'); // storage-js's default
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);

    const download = await alice.sb.storage.from('cf-public').download(name);
    expect(download.error).toBeNull();
    expect(Buffer.from(await download.data!.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await alice.sb.storage.from('cf-public').exists(name)).data).toBe(true);
    expect((await alice.sb.storage.from('cf-public').exists(unique('absent.png'))).data).toBe(false);
  });

  it('refuses a second upload to the same path unless upsert, and only the owner may overwrite', async () => {
    const name = unique('edition.txt');
    const bucket = alice.sb.storage.from('cf-public');
    const publicText = async () => (await fetch(bucket.getPublicUrl(name).data.publicUrl)).text();
    expect((await bucket.upload(name, new Blob(['v1']))).error).toBeNull();

    const dup = await bucket.upload(name, new Blob(['v2']));
    expect(dup.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });
    const rawDup = await raw(`/object/cf-public/${name}`, {
      method: 'POST',
      token: alice.token,
      body: 'v2',
      headers: { 'content-type': 'text/plain' },
    });
    expect(rawDup.body).toMatchObject({ statusCode: '409', error: 'Duplicate', message: 'The resource already exists' });
    expect(await publicText()).toBe('v1');

    const up = await bucket.upload(name, new Blob(['v2']), { upsert: true });
    expect(up.error).toBeNull();
    expect(await publicText()).toBe('v2');

    const hijack = await bob.sb.storage.from('cf-public').upload(name, new Blob(['defaced']), { upsert: true });
    expect(hijack.error?.statusCode).toBe('403');
    const hijackPut = await bob.sb.storage.from('cf-public').update(name, new Blob(['defaced']));
    expect(hijackPut.error?.statusCode).toBe('403');
    expect(await publicText()).toBe('v2');

    expect((await bucket.update(name, new Blob(['v3']))).error).toBeNull();
    expect(await publicText()).toBe('v3');
  });

  it('removes what the owner asks, not what another user asks; then the public URL is 404', async () => {
    const name = unique('to-remove.txt');
    const bucket = alice.sb.storage.from('cf-public');
    await bucket.upload(name, new Blob(['bientôt supprimé']));
    const url = bucket.getPublicUrl(name).data.publicUrl;

    const byBob = await bob.sb.storage.from('cf-public').remove([name]);
    expect(byBob).toEqual({ data: [], error: null });
    expect((await fetch(url)).status).toBe(200);

    const byAlice = await bucket.remove([name]);
    expect(byAlice.error).toBeNull();
    expect(byAlice.data).toHaveLength(1);
    expect(byAlice.data![0]).toMatchObject({ name, bucket_id: 'cf-public', owner: alice.id });

    const gone = await raw(`/object/public/cf-public/${name}`);
    expect(gone.res.status).toBe(400); // storage-api answers 4xx as HTTP 400, the code is in the body
    expect(gone.body).toMatchObject({ statusCode: '404', error: 'not_found', message: 'Object not found' });
    expect(fs.existsSync(path.join(storageDir(), 'cf-public', name))).toBe(false);
  });
});

describe('storage: what RLS and bucket rules refuse', () => {
  it('an upload RLS forbids (anon) gets 403 in storage-api shape and stores nothing', async () => {
    const name = unique('anon.txt');
    const { data, error } = await anonClient()
      .storage.from('cf-public')
      .upload(name, new Blob(['spam']));
    expect(data).toBeNull();
    expect(error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });

    const rawTry = await raw(`/object/cf-public/${name}`, { method: 'POST', body: 'spam', headers: { 'content-type': 'text/plain' } });
    expect(rawTry.body).toEqual({
      statusCode: '403',
      code: 'AccessDenied',
      error: 'Unauthorized',
      message: 'new row violates row-level security policy',
    });
    expect((await raw(`/object/public/cf-public/${name}`)).body).toMatchObject({ statusCode: '404' });
    expect(fs.existsSync(path.join(storageDir(), 'cf-public', name))).toBe(false);

    const intoBobsFolder = await alice.sb.storage.from('cf-private').upload(`${bob.id}/${unique('x.txt')}`, new Blob(['x']));
    expect(intoBobsFolder.error?.statusCode).toBe('403');
  });

  it('refuses object names that climb out of the bucket or carry backslashes and control characters', async () => {
    const bucket = alice.sb.storage.from('cf-public');
    for (const name of ['a/..%2F..%2F..%2Fpwned.txt', 'bell\u0007.txt', 'double..dot.txt']) {
      const { error } = await bucket.upload(name, new Blob(['x']));
      expect(error, name).toMatchObject({ statusCode: '400' });
    }
    // URL parsing turns a literal backslash into `/` and resolves `../` before any server sees
    // them; percent-encoded, they reach the server intact and must be refused there.
    for (const encoded of ['%2E%2E%2F%2E%2E%2Fpwned.txt', 'a%5C..%5C..%5Cpwned.txt', 'a%5Cpwned.txt']) {
      const res = await raw(`/object/cf-public/${encoded}`, { method: 'POST', token: alice.token, body: 'x' });
      expect(res.body, encoded).toMatchObject({ statusCode: '400', code: 'InvalidKey' });
    }

    await bucket.upload(unique('src.txt'), new Blob(['x']));
    const move = await bucket.move('nope.txt', '../../pwned.txt');
    expect(move.error).toMatchObject({ statusCode: '400' });

    const everywhere = filesUnder(inject('dataDir')).filter((f) => f.includes('pwned'));
    expect(everywhere).toEqual([]);
  });

  it('refuses a type the bucket does not allow; like storage-api it reads the declared type, never the bytes', async () => {
    const images = alice.sb.storage.from('cf-images');
    expect((await images.upload(unique('ok.png'), PNG, { contentType: 'image/png' })).error).toBeNull();

    const declared = await images.upload(unique('page.html'), new Blob([HTML], { type: 'text/html' }));
    expect(declared.error).toMatchObject({ statusCode: '415', message: 'mime type text/html is not supported' });
    const rawDeclared = await raw(`/object/cf-images/${unique('page.html')}`, {
      method: 'POST',
      token: alice.token,
      body: HTML,
      headers: { 'content-type': 'text/html' },
    });
    expect(rawDeclared.body).toMatchObject({ statusCode: '415', error: 'invalid_mime_type' });

    // HTML declared as PNG is stored, as on hosted Supabase, and only ever served as a PNG: what a
    // file really is has to be checked before the upload (the editor does, imageSignature.ts).
    const disguised = unique('fake.png');
    expect((await images.upload(disguised, new Blob([HTML], { type: 'image/png' }))).error).toBeNull();
    const served = await raw(`/object/public/cf-images/${disguised}`);
    expect(served.res.headers.get('content-type')).toBe('image/png');
  });

  it("refuses a file over the bucket's size limit, multipart or raw, and leaves no temp file", async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2000)]);
    const images = alice.sb.storage.from('cf-images');
    const multipart = await images.upload(unique('big.png'), new Blob([big], { type: 'image/png' }));
    expect(multipart.error).toMatchObject({ statusCode: '413' });
    const rawBody = await raw(`/object/cf-images/${unique('big.png')}`, {
      method: 'POST',
      token: alice.token,
      body: big,
      headers: { 'content-type': 'image/png' },
    });
    expect(rawBody.body).toMatchObject({ statusCode: '413', error: 'Payload too large' });

    expect(filesUnder(path.join(storageDir(), '#uploads'))).toEqual([]);
    expect(filesUnder(path.join(storageDir(), 'cf-images')).some((f) => f.includes('big.png'))).toBe(false);
  });

  it('refuses forged, unsigned and expired tokens, and serves nothing on them', async () => {
    const secret = `${alice.id}/${unique('secret.txt')}`;
    expect((await alice.sb.storage.from('cf-private').upload(secret, new Blob(['confidentiel']))).error).toBeNull();

    const tokens = {
      forged: await forgedToken({ role: 'service_role', sub: alice.id }),
      unsigned: noneToken({ role: 'service_role', sub: alice.id, exp: Math.floor(Date.now() / 1000) + 3600 }),
      expired: await expiredToken({ role: 'authenticated', sub: alice.id, aud: 'authenticated' }),
    };
    for (const [kind, token] of Object.entries(tokens)) {
      const sb = tokenClient(token);
      const download = await sb.storage.from('cf-private').download(secret);
      expect(download.data, kind).toBeNull();
      expect(download.error?.statusCode, kind).toBe('403');
      const upload = await sb.storage.from('cf-public').upload(unique('evil.txt'), new Blob(['x']));
      expect(upload.error?.statusCode, kind).toBe('403');
      const buckets = await sb.storage.listBuckets();
      expect(buckets.data, kind).toBeNull();
      const direct = await raw(`/object/authenticated/cf-private/${secret}`, { token });
      expect(direct.text, kind).not.toContain('confidentiel');
      expect(direct.body, kind).toMatchObject({ statusCode: '403', error: 'Unauthorized' });
    }
  });

  it('keeps private files private: other users and the public URL get nothing', async () => {
    const secret = `${alice.id}/${unique('notes.txt')}`;
    await alice.sb.storage.from('cf-private').upload(secret, new Blob(['brouillon']));
    const mine = await alice.sb.storage.from('cf-private').download(secret);
    expect(await mine.data?.text()).toBe('brouillon');

    const theirs = await bob.sb.storage.from('cf-private').download(secret);
    expect(theirs.error?.statusCode).toBe('404');
    const publicTry = await raw(`/object/public/cf-private/${secret}`);
    expect(publicTry.body).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
    expect(publicTry.text).not.toContain('brouillon');
  });
});

describe('storage: signed URLs', () => {
  it('signs only what the signer can read; a token opens its own object only, until it expires', async () => {
    const secret = `${alice.id}/${unique('contrat.txt')}`;
    const other = `${alice.id}/${unique('autre.txt')}`;
    const privateBucket = alice.sb.storage.from('cf-private');
    await privateBucket.upload(secret, new Blob(['signé']));
    await privateBucket.upload(other, new Blob(['autre']));

    const signed = await privateBucket.createSignedUrl(secret, 60, { download: true });
    expect(signed.error).toBeNull();
    // No user token and no project key: a link shared by e-mail.
    const res = await fetch(signed.data!.signedUrl);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('signé');
    expect(res.headers.get('content-disposition')).toContain('attachment');

    const token = new URL(signed.data!.signedUrl).searchParams.get('token')!;
    const reused = await raw(`/object/sign/cf-private/${other}?token=${token}`);
    expect(reused.body).toMatchObject({ statusCode: '400', code: 'InvalidSignature' });
    expect(reused.text).not.toContain('autre');

    const stale = await signToken({ url: `cf-private/${secret}` }, Math.floor(Date.now() / 1000) - 10);
    expect((await raw(`/object/sign/cf-private/${secret}?token=${stale}`)).body).toMatchObject({ statusCode: '400', code: 'ExpiredToken' });
    // An API token (here alice's own) is not a signed-URL token.
    expect((await raw(`/object/sign/cf-private/${secret}?token=${alice.token}`)).body).toMatchObject({ code: 'InvalidSignature' });

    expect((await bob.sb.storage.from('cf-private').createSignedUrl(secret, 60)).error?.statusCode).toBe('404');
    const many = await bob.sb.storage.from('cf-private').createSignedUrls([secret], 60);
    expect(many.data).toEqual([expect.objectContaining({ path: secret, signedUrl: null })]);
    const mine = await privateBucket.createSignedUrls([secret, other], 60);
    expect(mine.data!.map((d) => d.error)).toEqual([null, null]);
  });
});

describe('storage: listing, moving, buckets', () => {
  it('lists one folder level for an allowed role; anon and other users see nothing', async () => {
    const folder = unique('list');
    const bucket = alice.sb.storage.from('cf-public');
    for (const name of ['one.txt', 'two.txt', 'sub/three.txt']) await bucket.upload(`${folder}/${name}`, new Blob([name]));

    const { data, error } = await bucket.list(folder);
    expect(error).toBeNull();
    // By name, as storage-api's search: a folder (id and dates null) where its objects would sort.
    expect(data!.map((o) => [o.name, o.id === null])).toEqual([
      ['one.txt', false],
      ['sub', true],
      ['two.txt', false],
    ]);
    expect(data![0]!.metadata).toMatchObject({ size: 7, mimetype: 'application/octet-stream' });

    expect((await bucket.list(folder, { search: 'tw' })).data!.map((o) => o.name)).toEqual(['two.txt']);
    expect((await bucket.list(folder, { limit: 1, offset: 1 })).data!.map((o) => o.name)).toEqual(['sub']);
    expect((await bucket.list(folder, { sortBy: { column: 'name', order: 'desc' } })).data!.map((o) => o.name)).toEqual([
      'two.txt',
      'sub',
      'one.txt',
    ]);
    expect((await bucket.list(`${folder}/sub`)).data!.map((o) => o.name)).toEqual(['three.txt']);

    expect(await anonClient().storage.from('cf-public').list(folder)).toEqual({ data: [], error: null });

    const privateFile = `${alice.id}/${unique('mine.txt')}`;
    await alice.sb.storage.from('cf-private').upload(privateFile, new Blob(['x']));
    expect((await alice.sb.storage.from('cf-private').list(alice.id)).data!.map((o) => o.name)).toContain(privateFile.split('/')[1]);
    expect((await bob.sb.storage.from('cf-private').list(alice.id)).data).toEqual([]);
    expect((await bob.sb.storage.from('cf-private').list()).data).toEqual([]);
  });

  it('moves and copies under RLS: the owner may, another user may not move it', async () => {
    const bucket = alice.sb.storage.from('cf-public');
    const from = unique('draft.txt');
    const to = unique('final.txt');
    await bucket.upload(from, new Blob(['texte']));

    const stolen = await bob.sb.storage.from('cf-public').move(from, unique('stolen.txt'));
    expect(stolen.error?.statusCode).toBe('404'); // the update policy hides it from bob

    expect((await bucket.move(from, to)).error).toBeNull();
    expect((await raw(`/object/public/cf-public/${from}`)).body).toMatchObject({ statusCode: '404' });
    expect((await raw(`/object/public/cf-public/${to}`)).text).toBe('texte');

    const copy = unique('copy.txt');
    const copied = await bob.sb.storage.from('cf-public').copy(to, copy);
    expect(copied).toEqual({ data: { path: `cf-public/${copy}` }, error: null });
    expect((await raw(`/object/public/cf-public/${copy}`)).text).toBe('texte');
    const info = await bob.sb.storage.from('cf-public').info(copy);
    expect(info.data).toMatchObject({ name: copy, size: 5, contentType: 'application/octet-stream' });
    const db = await postgresDb();
    const { rows } = await db.query(`select owner from storage.objects where bucket_id = 'cf-public' and name = $1`, [copy]);
    await db.end();
    expect(rows[0].owner).toBe(bob.id);

    // Into another bucket, storage-api checks neither its types nor its size limit.
    const intoImages = await bucket.copy(to, unique('text.png'), { destinationBucket: 'cf-images' });
    expect(intoImages.error).toBeNull();
  });

  it('shows buckets to the service role only, as with no bucket policies on hosted', async () => {
    const service = await serviceClient().storage.listBuckets();
    expect(service.error).toBeNull();
    expect(service.data!.find((b) => b.id === 'cf-images')).toMatchObject({
      name: 'cf-images',
      public: true,
      file_size_limit: 1024,
      allowed_mime_types: ['image/png', 'image/jpeg'],
    });
    expect((await serviceClient().storage.getBucket('cf-private')).data).toMatchObject({ id: 'cf-private', public: false });

    expect(await alice.sb.storage.listBuckets()).toEqual({ data: [], error: null });
    expect((await anonClient().storage.getBucket('cf-public')).error?.statusCode).toBe('404');
    const create = await alice.sb.storage.createBucket(unique('mine'));
    expect(create.error?.statusCode).toBe('403');
  });
});
