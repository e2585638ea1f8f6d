import { afterEach, describe, expect, it } from 'vitest';
import { PurgeError } from './adapter';
import { cloudflareAdapter } from './cloudflare';
import { fakeCdn } from './fakeCdn';
import { fastlyAdapter } from './fastly';
import { httpBanAdapter } from './http';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});
async function cdn(...answers: Parameters<typeof fakeCdn>[0]) {
  const fake = await fakeCdn(answers);
  close = fake.close;
  return fake;
}
const OK_CF = { status: 200, body: JSON.stringify({ success: true, errors: [], messages: [], result: { id: 'x' } }) };
const batch = (keys: string[]) => ({ keys, slugs: {} });

describe('HTTP BAN (Varnish)', () => {
  it('sends BAN with the keys space-separated in Surrogate-Key; 200 is done', async () => {
    const fake = await cdn({ status: 200 });
    await httpBanAdapter(fake.url).purge(batch(['article-1', 'front']));
    expect(fake.received).toMatchObject([{ method: 'BAN', url: '/', headers: { 'surrogate-key': 'article-1 front' } }]);
  });

  it('a refusal is a PurgeError with the status', async () => {
    const fake = await cdn({ status: 405, body: 'Not allowed.' });
    await expect(httpBanAdapter(fake.url).purge(batch(['front']))).rejects.toThrow(/BAN: HTTP 405 Not allowed/);
  });

  it('an unreachable cache is a PurgeError', async () => {
    await expect(httpBanAdapter('http://127.0.0.1:9').purge(batch(['front']))).rejects.toBeInstanceOf(PurgeError);
  });
});

describe('Cloudflare', () => {
  const urls = async () => ['https://example.org/article/a', 'https://example.org/'];

  it('tags: POST /zones/{zone}/purge_cache with Bearer and {"tags": […]}, 30 a call', async () => {
    const fake = await cdn(OK_CF);
    const keys = Array.from({ length: 31 }, (_, i) => `article-${i}`);
    await cloudflareAdapter('zone1', 'tok', 'tags', urls, fake.url).purge(batch(keys));
    expect(fake.received.map((r) => [r.method, r.url, r.headers.authorization, r.headers['content-type']])).toEqual([
      ['POST', '/zones/zone1/purge_cache', 'Bearer tok', 'application/json'],
      ['POST', '/zones/zone1/purge_cache', 'Bearer tok', 'application/json'],
    ]);
    expect(JSON.parse(fake.received[0].body)).toEqual({ tags: keys.slice(0, 30) });
    expect(JSON.parse(fake.received[1].body)).toEqual({ tags: ['article-30'] });
  });

  it('urls: {"files": […]} from the key mapping; a key with no address list purges everything', async () => {
    const fake = await cdn(OK_CF);
    await cloudflareAdapter('zone1', 'tok', 'urls', urls, fake.url).purge(batch(['article-a', 'front']));
    await cloudflareAdapter('zone1', 'tok', 'urls', async () => null, fake.url).purge(batch(['menu']));
    await cloudflareAdapter('zone1', 'tok', 'tags', urls, fake.url).purge(batch(['all']));
    expect(fake.received.map((r) => JSON.parse(r.body))).toEqual([
      { files: ['https://example.org/article/a', 'https://example.org/'] },
      { purge_everything: true },
      { purge_everything: true },
    ]);
  });

  it('an error body ({"success":false}) is a PurgeError with its message', async () => {
    const fake = await cdn({
      status: 400,
      body: JSON.stringify({
        success: false,
        errors: [{ code: 1012, message: 'Request must contain one of "purge_everything", "files", "tags"' }],
      }),
    });
    await expect(cloudflareAdapter('zone1', 'tok', 'tags', urls, fake.url).purge(batch(['front']))).rejects.toThrow(/HTTP 400.*1012/);
    const refused = await cdn({
      status: 200,
      body: JSON.stringify({ success: false, errors: [{ code: 10000, message: 'Authentication error' }] }),
    });
    await expect(cloudflareAdapter('zone1', 'bad', 'tags', urls, refused.url).purge(batch(['front']))).rejects.toThrow(
      'Cloudflare: purge refused (10000 Authentication error)',
    );
  });

  it('429 with Retry-After: a PurgeError that says when to come back', async () => {
    const fake = await cdn({
      status: 429,
      headers: { 'Retry-After': '7' },
      body: JSON.stringify({ success: false, errors: [{ code: 971, message: 'Please wait' }] }),
    });
    const error = await cloudflareAdapter('zone1', 'tok', 'tags', urls, fake.url)
      .purge(batch(['front']))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PurgeError);
    expect((error as PurgeError).retryAfterMs).toBe(7000);
  });
});

describe('Fastly', () => {
  it('POST /service/{id}/purge with Fastly-Key and Surrogate-Key, 256 keys a call; 200 JSON is done', async () => {
    const fake = await cdn({ status: 200, body: JSON.stringify({ 'article-0': '108-1391560174-974124' }) });
    const keys = Array.from({ length: 257 }, (_, i) => `article-${i}`);
    await fastlyAdapter('svc', 'ftok', fake.url).purge(batch(keys));
    expect(fake.received.map((r) => [r.method, r.url, r.headers['fastly-key']])).toEqual([
      ['POST', '/service/svc/purge', 'ftok'],
      ['POST', '/service/svc/purge', 'ftok'],
    ]);
    expect(fake.received[0].headers['surrogate-key']).toBe(keys.slice(0, 256).join(' '));
    expect(fake.received[1].headers['surrogate-key']).toBe('article-256');
  });

  it('`all` is purge_all; a refusal is a PurgeError', async () => {
    const fake = await cdn(
      { status: 200, body: '{"status":"ok"}' },
      { status: 401, body: '{"msg":"Provided credentials are missing or invalid"}' },
    );
    await fastlyAdapter('svc', 'ftok', fake.url).purge(batch(['all', 'front']));
    expect(fake.received[0].url).toBe('/service/svc/purge_all');
    await expect(fastlyAdapter('svc', 'bad', fake.url).purge(batch(['front']))).rejects.toThrow(/Fastly: HTTP 401/);
  });
});
