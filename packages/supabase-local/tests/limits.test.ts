import http from 'node:http';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fetchFrom } from '../src/testing/addresses.ts';
import { anonClient, serviceClient, signedUpClient, postgresDb, waitForSchemaCache } from '../src/testing/clients.ts';
import { API_BODY_LIMIT } from '../src/requestLimits.ts';

// Issue 12 §4: an 80 MB JSON body went through the gateway into PostgREST (37 MB -> 588 MB of
// memory), and anonymous queries held connections for 8 s. Also: services must see the client's
// address as the socket gave it, whatever the client writes in X-Forwarded-For.

const FIXTURES = `
  create function public.lim_sleep(seconds double precision) returns boolean language sql as $$ select pg_sleep(seconds) is not null $$;
  create function public.lim_headers() returns jsonb language sql stable as $$
    select jsonb_build_object(
      'xff', current_setting('request.headers', true)::jsonb ->> 'x-forwarded-for',
      'real', current_setting('request.headers', true)::jsonb ->> 'x-real-ip',
      'cf', current_setting('request.headers', true)::jsonb ->> 'cf-connecting-ip')
  $$;
  grant execute on function public.lim_sleep(double precision), public.lim_headers() to anon, authenticated;
`;

let db: pg.Client;
beforeAll(async () => {
  db = await postgresDb();
  await db.query(FIXTURES);
  await db.query(`notify pgrst, 'reload schema'`);
  await waitForSchemaCache(() => anonClient().rpc('lim_headers'));
});
afterAll(async () => {
  await db.query('drop function public.lim_sleep(double precision); drop function public.lim_headers()');
  await db.end();
});

interface Answer {
  status: number;
  body: string;
}

/** A raw POST through the gateway: with Content-Length, or chunked (none announced). */
function post(path: string, body: Buffer, opts: { chunked?: boolean; key?: string } = {}): Promise<Answer> {
  const url = new URL(`${inject('apiUrl')}${path}`);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: 'POST',
        headers: {
          apikey: opts.key ?? inject('anonKey'),
          'content-type': 'application/json',
          ...(opts.chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': body.length }),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    if (opts.chunked) {
      for (let i = 0; i < body.length; i += 64 * 1024) req.write(body.subarray(i, i + 64 * 1024));
      req.end();
    } else req.end(body);
  });
}

/** A JSON body of about `bytes` bytes: a search whose words the function cuts to 200 characters. */
const searchBody = (bytes: number) => Buffer.from(JSON.stringify({ q: 'a'.repeat(bytes - 10) }));
const TOO_LARGE = { status: 413, body: JSON.stringify({ message: 'Request size limit exceeded' }) };

describe('gateway: request body limit', () => {
  it(`refuses a REST body announcing more than ${API_BODY_LIMIT} bytes with 413`, async () => {
    expect(await post('/rest/v1/rpc/search_articles', searchBody(8 * 1024 * 1024))).toEqual(TOO_LARGE);
  });

  it('refuses a chunked REST body once more than the limit has streamed by', async () => {
    expect(await post('/rest/v1/rpc/search_articles', searchBody(3 * 1024 * 1024), { chunked: true })).toEqual(TOO_LARGE);
  });

  it('refuses an oversized auth body with 413', async () => {
    const body = Buffer.from(
      JSON.stringify({ email: 'x@example.test', password: 'secret-password', data: { bio: 'x'.repeat(2 * 1024 * 1024) } }),
    );
    expect(await post('/auth/v1/signup', body)).toEqual(TOO_LARGE);
  });

  it('lets bodies under the limit through, announced or chunked, and PostgREST still answers (controls)', async () => {
    for (const chunked of [false, true]) {
      const res = await post('/rest/v1/rpc/search_articles', searchBody(API_BODY_LIMIT - 1024), { chunked });
      expect(res.status, res.body).toBe(200);
      expect(JSON.parse(res.body)).toEqual([]);
    }
    const { data, error } = await anonClient().from('categories').select('slug').limit(1);
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
  });

  it('leaves uploads to the bucket’s own limit: a 2 MB image goes into article-images', async () => {
    const png = Buffer.concat([
      Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64'),
      Buffer.alloc(2 * 1024 * 1024),
    ]);
    const name = `limits/${Date.now()}.png`;
    const storage = serviceClient().storage.from('article-images');
    const { error } = await storage.upload(name, png, { contentType: 'image/png' });
    expect(error).toBeNull();
    await storage.remove([name]);
  });
});

describe('statement timeouts per API role', () => {
  it('anon statements stop after 3 s', async () => {
    const res = await anonClient().rpc('lim_sleep', { seconds: 4 });
    expect(res.error?.code).toBe('57014');
    expect(res.error?.message).toMatch(/statement timeout/);
    expect((await anonClient().rpc('lim_sleep', { seconds: 0.2 })).data).toBe(true);
  });

  // The role's 8 s; the migrations hold a signed-in reader to 3 s and leave the newsroom 8 s
  // (db-pre-request: supabase/tests/attacks-signed-in-readers.int.test.ts).
  it('authenticated statements stop after 8 s', async () => {
    const me = await signedUpClient('Lecteur patient');
    expect((await me.sb.rpc('lim_sleep', { seconds: 9 })).error?.code).toBe('57014');
  }, 20_000);
});

describe('gateway: client address', () => {
  it('services see the socket’s address, never the forwarding headers the client wrote', async () => {
    const res = await fetchFrom('127.0.0.71')(`${inject('apiUrl')}/rest/v1/rpc/lim_headers`, {
      method: 'POST',
      headers: {
        apikey: inject('anonKey'),
        'content-type': 'application/json',
        'x-forwarded-for': '198.51.100.7, 127.0.0.99',
        'x-real-ip': '198.51.100.7',
        'cf-connecting-ip': '198.51.100.7',
      },
      body: '{}',
    });
    expect(await res.json()).toEqual({ xff: '127.0.0.71', real: '127.0.0.71', cf: null });
  });
});
