import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import ws from 'ws';
import type { Database } from '@/lib/database';
import { serviceClient } from '@afriqueactu/supabase-local/testing';
import { signIn, uid } from '../../../supabase/tests/helpers.ts';
import { ARTICLE_IMAGES_BUCKET } from '../articles/images/constants';
import * as fr from './frenchErrors';
import { describeError, isTransientError } from './frenchErrors';
import { createNewsroomDataProvider, type NewsroomDataProvider } from './newsroomDataProvider';
import { stackProvider } from '../../../tests/integration/stackProvider';

// The failures a journalist meets, produced by the real stack (PostgREST, storage, a dead
// connection), through supabase-js and through the back office's data provider (react-admin's
// HttpError): each must come out as its French sentence, and only the transient ones be retried.
const RUN = uid();
let admin: SupabaseClient;
let journalist: SupabaseClient;
let provider: NewsroomDataProvider;
const made: string[] = [];

const article = (n: number, extra: Record<string, unknown> = {}) => ({
  title: `Erreurs ${RUN} ${n}`,
  slug: `erreurs-${RUN}-${n}`,
  content: 'Un texte.',
  status: 'draft',
  ...extra,
});

beforeAll(async () => {
  admin = (await signIn('admin')).sb;
  journalist = (await signIn('journalist')).sb;
  provider = stackProvider(admin);
  const { data, error } = await admin.from('articles').insert(article(0)).select('id').single();
  if (error) throw error;
  made.push(data.id as string);
});

afterAll(async () => {
  const svc = serviceClient();
  if (made.length) await svc.from('articles').delete().in('id', made);
  const { data } = await svc.storage.from(ARTICLE_IMAGES_BUCKET).list('', { search: RUN });
  if (data?.length) await svc.storage.from(ARTICLE_IMAGES_BUCKET).remove(data.map((f) => f.name));
});

/** The rejection of `run`, which must fail. */
const failure = (run: () => Promise<unknown>) =>
  run().then(
    () => expect.unreachable('the request was expected to fail'),
    (error: unknown) => error,
  );
/** A supabase-js call's error, which must be there. */
const refusal = async (call: PromiseLike<{ error: unknown }>) => {
  const { error } = await call;
  expect(error).toBeTruthy();
  return error;
};

describe('database refusals', () => {
  it('a title over 150 characters', async () => {
    const long = 'T'.repeat(151);
    expect(describeError(await refusal(admin.from('articles').insert(article(1, { title: long }))))).toBe(fr.TITLE_TOO_LONG);
    const viaProvider = await failure(() => provider.create('articles', { data: article(2, { title: long }) }));
    expect(describeError(viaProvider)).toBe('Le titre ne peut pas dépasser 150 caractères : raccourcissez-le.');
    expect(isTransientError(viaProvider)).toBe(false);
  });

  it('a slug already taken', async () => {
    const taken = await failure(() => provider.create('articles', { data: article(3, { slug: `erreurs-${RUN}-0` }) }));
    expect(describeError(taken)).toBe(fr.SLUG_TAKEN);
  });

  it('a save based on an old version', async () => {
    const id = made[0];
    const stale = await failure(() =>
      provider.update('articles', { id, data: { title: `Erreurs ${RUN} bis`, version: 99 }, previousData: { id, version: 99 } }),
    );
    expect(describeError(stale)).toBe(fr.STALE_VERSION);
  });

  it('a journalist publishing', async () => {
    const error = await refusal(journalist.from('articles').insert(article(4, { status: 'published', author_id: undefined })));
    expect(describeError(error, 'article')).toBe(
      "Vous n'avez pas le droit de faire cela : seul un administrateur peut publier ou supprimer cet article.",
    );
  });

  it('a journalist pinning a story', async () => {
    const error = await refusal(journalist.from('front_page').insert({ rank: 4, article_id: made[0] }));
    expect(describeError(error, 'frontPage')).toMatch(/seul un administrateur peut choisir la une/);
  });
});

describe('storage refusals', () => {
  const bucket = () => admin.storage.from(ARTICLE_IMAGES_BUCKET);

  it('a file type the bucket refuses, not tried again', async () => {
    const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/svg+xml' });
    const error = await refusal(bucket().upload(`${RUN}-dessin.svg`, svg, { contentType: 'image/svg+xml' }));
    expect(describeError(error, 'image')).toBe(fr.FILE_TYPE_REFUSED);
    expect(isTransientError(error)).toBe(false);
  });

  it('a file over the bucket limit, not tried again', async () => {
    const huge = new Blob([new Uint8Array(10 * 1024 * 1024 + 1)], { type: 'image/jpeg' });
    const error = await refusal(bucket().upload(`${RUN}-enorme.jpg`, huge, { contentType: 'image/jpeg' }));
    expect(describeError(error, 'image')).toBe(fr.FILE_TOO_LARGE);
    expect(isTransientError(error)).toBe(false);
  });

  it('a reader uploading', async () => {
    const reader = (await signIn('reader')).sb;
    const png = new Blob([new Uint8Array(8)], { type: 'image/png' });
    const error = await refusal(reader.storage.from(ARTICLE_IMAGES_BUCKET).upload(`${RUN}-lecteur.png`, png, { contentType: 'image/png' }));
    expect(describeError(error, 'image')).toMatch(/^Vous n'avez pas le droit de faire cela/);
  });
});

describe('a lost connection', () => {
  it('is told as such and tried again, through supabase-js and the data provider', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // Nothing listens on port 9 of this machine: the connection is refused at once.
    const dead = createClient<Database>('http://127.0.0.1:9', inject('anonKey'), {
      auth: { persistSession: false },
      realtime: { transport: ws as never },
    });
    // A write: postgrest-js itself retries reads a few times on a lost connection before answering.
    const rest = await refusal(dead.from('articles').insert(article(5)));
    expect(describeError(rest)).toBe(fr.NETWORK_LOST);
    expect(isTransientError(rest)).toBe(true);
    const storage = await refusal(dead.storage.from(ARTICLE_IMAGES_BUCKET).upload('x.png', new Blob(['x'], { type: 'image/png' })));
    expect(describeError(storage)).toBe(fr.NETWORK_LOST);
    expect(isTransientError(storage)).toBe(true);

    const offline = createNewsroomDataProvider({
      supabaseUrl: 'http://127.0.0.1:9',
      anonKey: inject('anonKey'),
      client: dead,
      imageFiles: { store: async () => '', remove: async () => {} },
    });
    const list = await failure(() =>
      offline.getList('articles', { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' }, filter: {} }),
    );
    expect(describeError(list)).toBe(fr.NETWORK_LOST);
    expect(isTransientError(list)).toBe(true);
    vi.restoreAllMocks();
  });
});
