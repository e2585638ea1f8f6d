import { spawnSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite } from '../../tests/integration/site';
import { EDGE } from '../../src/server/headers';
import { findVarnishd, startEdge, VARNISH_MISSING, VarnishMissingError, type RunningEdge } from './varnish';

// The shipped VCL (deploy/varnish/default.vcl) in Debian's real varnishd. Most tests put it in front
// of a small origin that answers with the headers the site's cacheable answers carry (Surrogate-
// Control, Surrogate-Key, Cache-Tag: docs/deployment.md), so they test the edge's side of that
// contract; the data-saver test puts it in front of the site's real handler.

const varnishd = findVarnishd();
const SKIPPED = `EDGE TESTS SKIPPED: ${VARNISH_MISSING} (CI=true requires it).`;
if (!varnishd && process.env.CI !== 'true') console.warn(`\n!!!!!!!! ${SKIPPED} !!!!!!!!\n`);
const withVarnish = varnishd || process.env.CI === 'true' ? describe : describe.skip;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request over a fresh connection, from `from` (a loopback address) when given. */
function send(url: string, options: { method?: string; headers?: Record<string, string>; from?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, localAddress: options.from, agent: false },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

const WEEK = 'max-age=604800, stale-while-revalidate=30, stale-if-error=86400';

/**
 * An origin answering /page/<name> with `Surrogate-Key: <keys>` from its table, a browser max-age of
 * one second, and a body naming how many times it answered that address (what it received: `seen`).
 */
async function startOrigin(pages: Record<string, { keys: string; surrogate?: string }>) {
  const seen: { url: string; headers: http.IncomingHttpHeaders }[] = [];
  const served = new Map<string, number>();
  const server = http.createServer((req, res) => {
    if (req.url === '/robots.txt') return res.end('User-agent: *\n');
    seen.push({ url: req.url ?? '', headers: req.headers });
    const name = new URL(req.url ?? '/', 'http://origin').pathname.replace('/page/', '');
    const page = pages[name];
    if (!page) return res.writeHead(404).end();
    const count = (served.get(req.url ?? '') ?? 0) + 1;
    served.set(req.url ?? '', count);
    res.writeHead(200, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'public, max-age=1',
      'Surrogate-Control': page.surrogate ?? WEEK,
      'CDN-Cache-Control': page.surrogate ?? WEEK,
      'Surrogate-Key': page.keys,
      'Cache-Tag': page.keys.split(' ').join(','),
    });
    res.end(`${name} answer ${count}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    seen,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

withVarnish('the shipped VCL in varnishd, in front of an origin with the cache headers', () => {
  const pages = {
    a: { keys: 'all front article-1' },
    b: { keys: 'all article-2' },
    c: { keys: 'all article-10 category-1' },
    t: { keys: 'all article-3' },
    p: { keys: 'all article-4' },
  };
  let origin: Awaited<ReturnType<typeof startOrigin>>;
  let edge: RunningEdge;
  beforeAll(async () => {
    if (!varnishd) throw new VarnishMissingError();
    origin = await startOrigin(pages);
    edge = await startEdge({ originPort: origin.port, purgeFrom: ['127.0.0.1'] });
  });
  afterAll(async () => {
    await edge?.stop();
    await origin?.close();
  });
  const get = (name: string, headers?: Record<string, string>) => send(`${edge.url}/page/${name}`, { headers });

  it('keeps a page for its Surrogate-Control time, past the browser max-age, and shows clients none of its edge headers', async () => {
    const first = await get('a');
    expect(first.headers['x-cache']).toBe('MISS');
    await sleep(1500); // past Cache-Control's max-age=1
    const again = await get('a');
    expect(again.headers['x-cache']).toBe('HIT');
    expect(again.body).toBe('a answer 1');
    // What browsers keep is still the origin's minute-or-less; the edge's hours and keys stay there.
    expect(again.headers['cache-control']).toBe('public, max-age=1');
    expect(again.headers['age']).toBe('0');
    for (const header of ['surrogate-control', 'surrogate-key', 'cache-tag']) expect(again.headers).not.toHaveProperty(header);
  });

  it('BAN with keys removes exactly the objects holding one of them (whole keys, not parts)', async () => {
    for (const name of ['a', 'b', 'c']) await get(name);
    const refused = await send(edge.url, { method: 'BAN', headers: { 'Surrogate-Key': 'article-.*' } });
    expect(refused.status).toBe(400);
    expect((await get('b')).headers['x-cache']).toBe('HIT');

    const banned = await send(edge.url, { method: 'BAN', headers: { 'Surrogate-Key': 'article-1 nothing-else' } });
    expect(banned.status).toBe(200);
    const a = await get('a');
    expect(a.headers['x-cache']).toBe('MISS');
    expect(a.body).toMatch(/^a answer [2-9]/);
    // article-10 holds "article-1" as a prefix only; article-2 not at all.
    expect((await get('b')).headers['x-cache']).toBe('HIT');
    expect((await get('c')).headers['x-cache']).toBe('HIT');
  });

  it('refuses BAN and PURGE from an address outside the ACL, and takes them from the origin', async () => {
    await get('b');
    const outsider = { from: '127.0.0.2' };
    expect((await send(edge.url, { method: 'BAN', headers: { 'Surrogate-Key': 'all' }, ...outsider })).status).toBe(403);
    expect((await send(`${edge.url}/page/b`, { method: 'PURGE', ...outsider })).status).toBe(403);
    expect((await get('b')).headers['x-cache']).toBe('HIT');
    // Readers from that address are served as any other.
    expect((await send(`${edge.url}/page/b`, outsider)).headers['x-cache']).toBe('HIT');

    expect((await send(`${edge.url}/page/b`, { method: 'PURGE', from: '127.0.0.1' })).status).toBe(200);
    expect((await get('b')).headers['x-cache']).toBe('MISS');
  });

  it('passes requests with Authorization, a signed-in session cookie or a write; other cookies are dropped', async () => {
    await get('p');
    const before = origin.seen.length;
    const asked = [
      await get('p', { Authorization: 'Bearer token' }),
      await get('p', { Cookie: 'data-saver=off; sb-project-auth-token=base64-abc' }),
      await get('p', { Cookie: 'sb-project-auth-token.0=base64-abc' }),
      await send(`${edge.url}/page/p`, { method: 'POST' }),
    ];
    expect(asked.map((a) => a.headers['x-cache'])).toEqual(['MISS', 'MISS', 'MISS', 'MISS']);
    const received = origin.seen.slice(before);
    expect(received).toHaveLength(4);
    expect(received[0].headers.authorization).toBe('Bearer token');
    expect(received[1].headers.cookie).toContain('sb-project-auth-token=');

    const tracked = await get('p', { Cookie: '_ga=GA1.2.3; other=1' });
    expect(tracked.headers['x-cache']).toBe('HIT');
    expect(origin.seen).toHaveLength(before + 4);
  });

  it('serves one object for an address however it was shared (s, utm_*, ref, fbclid dropped)', async () => {
    const before = origin.seen.length;
    const shared = await get('t?utm_source=whatsapp&s=tw&utm_medium=social&ref=home&fbclid=IwAR0');
    expect(shared.headers['x-cache']).toBe('MISS');
    expect(origin.seen[before].url).toBe('/page/t');
    for (const address of ['t', 't?fbclid=x', 't?ref=abc&utm_campaign=vote']) expect((await get(address)).headers['x-cache']).toBe('HIT');
    // Other parameters stay, and only whole names are dropped.
    await get('t?sort=new&utm_source=x&reference=1');
    expect(origin.seen.at(-1)?.url).toBe('/page/t?sort=new&reference=1');
  });

  it('passes a short link to the origin with its channel tag, which its redirect carries on, and keeps none', async () => {
    const before = origin.seen.length;
    for (const tag of ['ed-wa', 'ed-tg', 'ed-wa']) await send(`${edge.url}/a/0AbC?s=${tag}`);
    expect(origin.seen.slice(before).map((r) => r.url)).toEqual(['/a/0AbC?s=ed-wa', '/a/0AbC?s=ed-tg', '/a/0AbC?s=ed-wa']);
  });
});

withVarnish('the edge while the origin is down', () => {
  it('never serves a live delta past its time: no grace while it is fetched again', async () => {
    if (!varnishd) throw new VarnishMissingError();
    // EDGE.live as the site sends it, its interval shortened to one second.
    const origin = await startOrigin({ delta: { keys: 'all article-7', surrogate: EDGE.live.replace(/max-age=\d+/, 'max-age=1') } });
    const edge = await startEdge({ originPort: origin.port });
    try {
      expect((await send(`${edge.url}/page/delta`)).body).toBe('delta answer 1');
      expect((await send(`${edge.url}/page/delta`)).body).toBe('delta answer 1');
      await sleep(1500);
      // With grace the edge would answer 1 again while it fetched 2 in the background.
      expect((await send(`${edge.url}/page/delta`)).body).toBe('delta answer 2');
    } finally {
      await edge.stop();
      await origin.close();
    }
  });

  it('serves the pages it kept (stale-if-error) but never a banned one', async () => {
    if (!varnishd) throw new VarnishMissingError();
    const short = 'max-age=1, stale-if-error=3600';
    const origin = await startOrigin({
      kept: { keys: 'all article-5', surrogate: short },
      withdrawn: { keys: 'all article-6', surrogate: short },
    });
    // No grace of varnishd's own (10 s by default): what is served stale is the answers' stale-if-error.
    const edge = await startEdge({ originPort: origin.port, params: { default_grace: '0' } });
    try {
      for (const name of ['kept', 'withdrawn']) expect((await send(`${edge.url}/page/${name}`)).status).toBe(200);
      await origin.close();
      // Past the objects' one-second TTL and three refused 1 s probes (three failures out of five).
      await sleep(4500);
      expect((await send(edge.url, { method: 'BAN', headers: { 'Surrogate-Key': 'article-6' } })).status).toBe(200);
      const kept = await send(`${edge.url}/page/kept`);
      expect(kept.status).toBe(200);
      expect(kept.body).toBe('kept answer 1');
      const withdrawn = await send(`${edge.url}/page/withdrawn`);
      expect(withdrawn.status).toBe(503);
      expect(withdrawn.body).not.toContain('withdrawn answer');
    } finally {
      await edge.stop();
    }
  });
});

/** An origin whose /robots.txt (the edge's probe) `probe` answers, or not; any other address a kept page. */
async function startProbedOrigin(probe: (res: http.ServerResponse) => void) {
  const origin = http.createServer((req, res) => {
    if (req.url === '/robots.txt') return probe(res);
    res.writeHead(200, { 'Cache-Control': 'public, max-age=60', 'Surrogate-Control': WEEK, 'Surrogate-Key': 'all front' });
    res.end('front page');
  });
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  return {
    port: (origin.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => (origin.closeAllConnections(), origin.close(() => resolve()))),
  };
}

withVarnish('the edge while the origin fails its probe', () => {
  it('keeps an origin slow under a crowd (its /robots.txt in 1.5 s) in service', { timeout: 20_000 }, async () => {
    if (!varnishd) throw new VarnishMissingError();
    const origin = await startProbedOrigin((res) => setTimeout(() => res.end('User-agent: *\n'), 1500));
    const edge = await startEdge({ originPort: origin.port });
    try {
      await sleep(6000); // past a window of probes, each answered in 1.5 s
      const answer = await send(`${edge.url}/page/new`);
      expect(answer.status).toBe(200);
      expect(answer.body).toBe('front page');
    } finally {
      await edge.stop();
      await origin.close();
    }
  });

  it('answers each reader its own 503 and never keeps one for the crowd, past the origin’s recovery', { timeout: 40_000 }, async () => {
    if (!varnishd) throw new VarnishMissingError();
    let sick = false;
    // The probe's /robots.txt left unanswered (an origin that answers nothing within the probe's 3 s).
    const origin = await startProbedOrigin((res) => void (sick || res.end('User-agent: *\n')));
    const edge = await startEdge({ originPort: origin.port });
    try {
      sick = true;
      await sleep(13_000); // three probes failed by their 3 s timeout: the origin is down for the edge
      // A crowd on a page the edge does not hold: one fetch, the others waiting on it.
      const crowd = await Promise.all(Array.from({ length: 20 }, () => send(`${edge.url}/page/new`)));
      expect(crowd.map((a) => a.status)).toEqual(Array(20).fill(503));
      expect(
        crowd.filter((a) => a.headers['x-cache'] === 'HIT'),
        'a 503 served from the cache',
      ).toEqual([]);
      sick = false;
      await sleep(7000); // the probe still waiting on its 3 s, then three good ones
      const back = await send(`${edge.url}/page/new`);
      expect(back.status).toBe(200);
      expect(back.body).toBe('front page');
    } finally {
      await edge.stop();
      await origin.close();
    }
  });
});

withVarnish("the edge in front of the site's handler", () => {
  let site: Awaited<ReturnType<typeof startTestSite>>;
  let edge: RunningEdge;
  beforeAll(async () => {
    site = await startTestSite();
    edge = await startEdge({ originPort: Number(new URL(site.url).port) });
  });
  afterAll(async () => {
    await edge?.stop();
    await site?.close();
  });

  it("never hands one reader's data-saver page to a reader in normal mode, and still keeps the normal one", async () => {
    const saver = await send(`${edge.url}/`, { headers: { Cookie: 'data-saver=on' } });
    expect(saver.status).toBe(200);
    expect(saver.body).toContain('"dataSaver":true');
    const normal = await send(`${edge.url}/`);
    expect(normal.body).not.toContain('"dataSaver":true');
    const renders = site.renders();
    const again = await send(`${edge.url}/`, { headers: { Cookie: '_ga=1' } });
    expect(again.headers['x-cache']).toBe('HIT');
    expect(again.body).not.toContain('"dataSaver":true');
    expect(site.renders()).toBe(renders);
    // The browser's Save-Data signal alone is data-saver too: its own answer, never the kept one.
    for (const headers of [{ 'Save-Data': 'on' }, { Cookie: 'data-saver=on' }] as Record<string, string>[]) {
      const asked = await send(`${edge.url}/`, { headers });
      expect(asked.headers['x-cache']).toBe('MISS');
      expect(asked.body).toContain('"dataSaver":true');
    }
  });
});

describe('without varnishd', () => {
  it('says how to install it, from startEdge and from npm run edge', async () => {
    const missing = { ...process.env, VARNISHD: '/nonexistent/varnishd' };
    expect(findVarnishd(missing)).toBeNull();
    const saved = process.env.VARNISHD;
    process.env.VARNISHD = missing.VARNISHD;
    try {
      await expect(startEdge({ originPort: 3000 })).rejects.toThrow(VARNISH_MISSING);
    } finally {
      if (saved === undefined) delete process.env.VARNISHD;
      else process.env.VARNISHD = saved;
    }
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '../edge.ts')], {
      env: missing,
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe('varnishd introuvable : apt-get install -y varnish');
  });
});
