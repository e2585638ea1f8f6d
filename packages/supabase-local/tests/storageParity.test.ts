import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { anonClient, serviceClient, signedUpClient, postgresDb } from '../src/testing/clients.ts';

// What hosted storage-api answers, where the local storage server used to answer otherwise
// (issue 13): each expectation is read from storage-api's source (routes, storage.ts, uploader,
// renderers, its `storage.search`).

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const HTML = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';
const RUN = randomUUID().slice(0, 8);
const svc = () => serviceClient().storage;
const made: string[] = [];

/** A bucket of this run, made through the API as the service role. */
async function bucket(label: string, options: Parameters<ReturnType<typeof svc>['createBucket']>[1] = { public: true }) {
  const id = `sp-${label}-${RUN}`;
  const { error } = await svc().createBucket(id, options);
  if (error) throw new Error(`createBucket ${id}: ${error.message}`);
  made.push(id);
  return id;
}

const keyHeaders = { apikey: inject('anonKey') };

afterAll(async () => {
  for (const id of made) {
    await svc().emptyBucket(id);
    await svc().deleteBucket(id);
  }
});

describe('buckets', () => {
  it('updateBucket changes only the settings it names; null clears one, [] keeps an empty list; updated_at stays', async () => {
    const id = await bucket('update', { public: false, fileSizeLimit: 2048, allowedMimeTypes: ['image/png', 'image/webp'] });
    const before = (await svc().getBucket(id)).data!;

    expect((await svc().updateBucket(id, { public: true })).error).toBeNull();
    const after = (await svc().getBucket(id)).data!;
    expect(after).toMatchObject({ public: true, file_size_limit: 2048, allowed_mime_types: ['image/png', 'image/webp'] });
    expect(after.updated_at).toBe(before.updated_at);

    expect((await svc().updateBucket(id, { public: true, fileSizeLimit: '3KB' })).error).toBeNull();
    expect((await svc().getBucket(id)).data).toMatchObject({ file_size_limit: 3000, allowed_mime_types: ['image/png', 'image/webp'] });

    expect((await svc().updateBucket(id, { public: true, allowedMimeTypes: ['', 'image/*'] })).error).toBeNull();
    expect((await svc().getBucket(id)).data).toMatchObject({ file_size_limit: 3000, allowed_mime_types: ['image/*'] });

    expect((await svc().updateBucket(id, { public: true, allowedMimeTypes: [] })).error).toBeNull();
    expect((await svc().getBucket(id)).data).toMatchObject({ file_size_limit: 3000, allowed_mime_types: [] });

    expect((await svc().updateBucket(id, { public: false, fileSizeLimit: null, allowedMimeTypes: null })).error).toBeNull();
    expect((await svc().getBucket(id)).data).toMatchObject({ public: false, file_size_limit: null, allowed_mime_types: null });
  });

  it('refuses a malformed allowed type, a limit over the server’s and a size without unit, changing nothing', async () => {
    const id = await bucket('refuse', { public: false, fileSizeLimit: 1000, allowedMimeTypes: ['image/png'] });
    const before = (await svc().getBucket(id)).data;

    const badType = await svc().updateBucket(id, { public: true, allowedMimeTypes: ['image/png', 'pas un type'] });
    expect(badType.error).toMatchObject({ statusCode: '415', message: 'mime type pas un type is not supported' });
    const tooBig = await svc().updateBucket(id, { public: true, fileSizeLimit: '1GB' });
    expect(tooBig.error).toMatchObject({ statusCode: '413', message: 'The object exceeded the maximum allowed size' });
    const noUnit = await svc().updateBucket(id, { public: true, fileSizeLimit: '20 MB' });
    expect(noUnit.error).toMatchObject({ statusCode: '400', message: 'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B' });
    expect((await svc().getBucket(id)).data).toEqual(before);
  });

  it('names no bucket in the message for an invalid bucket name', async () => {
    const { error } = await svc().createBucket('pas/valide');
    expect(error).toMatchObject({ statusCode: '400', message: 'Bucket name invalid' });
  });
});

describe('objects', () => {
  let files: string;
  beforeAll(async () => {
    files = await bucket('objects');
  });

  it('info() gives storage-api’s fields, with the user metadata {} when none was sent', async () => {
    const name = `info-${RUN}.png`;
    expect((await svc().from(files).upload(name, PNG, { contentType: 'image/png' })).error).toBeNull();
    const { data, error } = await svc().from(files).info(name);
    expect(error).toBeNull();
    expect(Object.keys(data!).sort()).toEqual([
      'bucketId',
      'cacheControl',
      'contentType',
      'createdAt',
      'etag',
      'id',
      'lastModified',
      'metadata',
      'name',
      'size',
      'version',
    ]);
    expect(data).toMatchObject({ name, bucketId: files, size: PNG.length, contentType: 'image/png', metadata: {} });

    const described = `decrit-${RUN}.png`;
    await svc()
      .from(files)
      .upload(described, new Blob([PNG], { type: 'image/png' }), { metadata: { legende: 'Dakar' } });
    expect((await svc().from(files).info(described)).data?.metadata).toEqual({ legende: 'Dakar' });
  });

  it('list() orders folders among files by name, as storage-api’s search does, with nulls in folder entries', async () => {
    const folder = `liste-${RUN}`;
    for (const name of ['b.txt', 'a/un.txt', 'c/deux.txt', 'B-majuscule.txt', 'a.txt']) {
      expect(
        (
          await svc()
            .from(files)
            .upload(`${folder}/${name}`, new Blob([name]))
        ).error,
      ).toBeNull();
    }
    const names = async (order: 'asc' | 'desc') =>
      (
        await svc()
          .from(files)
          .list(folder, { sortBy: { column: 'name', order } })
      ).data!.map((o) => o.name);
    // Lower-cased full names in byte order: "a.txt" < "a/…" < "b-majuscule.txt" < "b.txt" < "c/…".
    expect(await names('asc')).toEqual(['a.txt', 'a', 'B-majuscule.txt', 'b.txt', 'c']);
    expect(await names('desc')).toEqual(['c', 'b.txt', 'B-majuscule.txt', 'a', 'a.txt']);

    const { data } = await svc().from(files).list(folder);
    expect(data![1]).toEqual({ name: 'a', id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
    expect(Object.keys(data![0]!).sort()).toEqual(['created_at', 'id', 'last_accessed_at', 'metadata', 'name', 'updated_at']);
    expect(data![0]!.metadata).toMatchObject({ size: 5, mimetype: 'application/octet-stream' });

    // Sorted by a date, folders come first.
    const byDate = await svc()
      .from(files)
      .list(folder, { sortBy: { column: 'created_at', order: 'asc' } });
    expect(byDate.data!.map((o) => o.name)).toEqual(['a', 'c', 'b.txt', 'B-majuscule.txt', 'a.txt']);
  });

  it('list() answers at most 1500 entries a page', async () => {
    const folder = `beaucoup-${RUN}`;
    const db = await postgresDb();
    await db.query(
      `insert into storage.objects (bucket_id, name, metadata, user_metadata)
       select $1, $2 || '/' || lpad(i::text, 4, '0') || '.txt', '{}', '{}' from generate_series(1, 1501) i`,
      [files, folder],
    );
    await db.end();
    const { data, error } = await svc().from(files).list(folder, { limit: 2000 });
    expect(error).toBeNull();
    expect(data).toHaveLength(1500);
  });
});

describe('types: the declared one only, as storage-api checks', () => {
  let images: string;
  beforeAll(async () => {
    images = await bucket('images', { public: true, allowedMimeTypes: ['image/png', 'image/jpeg'] });
  });

  it('stores bytes that are not an image when the declared type is allowed, and serves them as that type', async () => {
    const name = `faux-${RUN}.png`;
    const { error } = await svc()
      .from(images)
      .upload(name, new Blob([HTML], { type: 'image/png' }));
    expect(error).toBeNull();
    const res = await fetch(svc().from(images).getPublicUrl(name).data.publicUrl);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(await res.text()).toBe(HTML);
  });

  it('compares the declared type to the letter: another case or a parameter is refused', async () => {
    for (const contentType of ['image/PNG', 'image/png; charset=binary', 'text/html']) {
      const { error } = await svc().from(images).upload(`casse-${randomUUID()}.png`, PNG, { contentType });
      expect(error, contentType).toMatchObject({ statusCode: '415', message: `mime type ${contentType} is not supported` });
    }
  });

  it('serves a stored text/html object as text/plain, whatever the case or parameters of its declared type', async () => {
    const open = await bucket('html');
    // Types are stored as declared (to the letter), so a browser must never get one of these back as HTML.
    for (const contentType of ['text/html', 'Text/HTML', 'TEXT/HTML; charset=utf-8']) {
      const name = `page-${randomUUID()}.html`;
      expect((await svc().from(open).upload(name, Buffer.from(HTML), { contentType })).error, contentType).toBeNull();
      const res = await fetch(svc().from(open).getPublicUrl(name).data.publicUrl);
      expect(res.headers.get('content-type'), contentType).toBe('text/plain');
    }
  });

  it('holds a copy or a move into a bucket with rules to none of them', async () => {
    const open = await bucket('source');
    await svc()
      .from(open)
      .upload(`texte-${RUN}.txt`, new Blob(['du texte']));
    await svc()
      .from(open)
      .upload(`autre-${RUN}.txt`, new Blob(['encore du texte']));
    const copied = await svc().from(open).copy(`texte-${RUN}.txt`, `copie-${RUN}.png`, { destinationBucket: images });
    expect(copied.error).toBeNull();
    const moved = await svc().from(open).move(`autre-${RUN}.txt`, `deplace-${RUN}.png`, { destinationBucket: images });
    expect(moved.error).toBeNull();
    const res = await fetch(svc().from(images).getPublicUrl(`deplace-${RUN}.png`).data.publicUrl);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
  });
});

describe('uploads: RLS is asked after the type check, with the declared type and size', () => {
  let typed: string;
  beforeAll(async () => {
    typed = await bucket('typed', { public: true, allowedMimeTypes: ['image/png', 'text/plain'] });
    const db = await postgresDb();
    await db.query(`
      create policy sp_typed_read on storage.objects for select to authenticated using (bucket_id = '${typed}');
      create policy sp_typed_insert on storage.objects for insert to authenticated
        with check (bucket_id = '${typed}' and metadata ->> 'mimetype' = 'image/png' and (metadata ->> 'contentLength')::int < 200);
    `);
    await db.end();
  });

  it('lets a policy read metadata->>mimetype and ->>contentLength, as storage-api hands them to it', async () => {
    const { sb } = await signedUpClient('Typée');
    const bucketApi = sb.storage.from(typed);
    expect((await bucketApi.upload(`ok-${RUN}.png`, PNG, { contentType: 'image/png' })).error).toBeNull();
    const asText = await bucketApi.upload(`texte-${RUN}.png`, PNG, { contentType: 'text/plain' });
    expect(asText.error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
    const heavy = await bucketApi.upload(`lourd-${RUN}.png`, Buffer.concat([PNG, Buffer.alloc(300)]), { contentType: 'image/png' });
    expect(heavy.error).toMatchObject({ statusCode: '403' });
  });

  it('answers a refused type before a refused caller', async () => {
    const { error } = await anonClient()
      .storage.from(typed)
      .upload(`anon-${RUN}.html`, new Blob([HTML], { type: 'text/html' }));
    expect(error).toMatchObject({ statusCode: '415' });
  });
});

describe('downloads', () => {
  it('writes Content-Disposition as storage-api does', async () => {
    const open = await bucket('download');
    const name = `fiche-${RUN}.txt`;
    await svc()
      .from(open)
      .upload(name, new Blob(['fiche']));
    const url = svc().from(open).getPublicUrl(name).data.publicUrl;
    const disposition = async (query: string) =>
      (await fetch(`${url}${query}`, { headers: keyHeaders })).headers.get('content-disposition');
    expect(await disposition('?download')).toBe('attachment;');
    expect(await disposition('?download=été 2026.txt')).toBe(
      "attachment; filename=%C3%A9t%C3%A9%202026.txt; filename*=UTF-8''%C3%A9t%C3%A9%202026.txt;",
    );
    expect(await disposition('')).toBeNull();
  });
});
