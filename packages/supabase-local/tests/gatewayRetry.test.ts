import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANON_KEY } from '../src/config.ts';
import { createGateway } from '../src/gateway.ts';

// A kept-alive connection PostgREST closes as the gateway reuses it ("socket hang up"): in front of
// a hosted project Kong sends such a read again; the local gateway did not, and a reader's page
// failed with a 503 under a whole test run's load. Here the upstream hangs up on the second request
// of every connection, deterministically.

let upstream: http.Server;
let gateway: http.Server;
let gatewayUrl: string;
const seen: string[] = [];

const listen = (server: http.Server) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

beforeAll(async () => {
  const requestsOn = new WeakMap<object, number>();
  upstream = http.createServer((req, res) => {
    const n = (requestsOn.get(req.socket) ?? 0) + 1;
    requestsOn.set(req.socket, n);
    if (n > 1) return req.socket.destroy();
    seen.push(`${req.method} ${req.url}`);
    req.resume();
    req.on('end', () => {
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ method: req.method }));
    });
  });
  const postgrestPort = await listen(upstream);
  const unused = async () => {};
  gateway = createGateway({ postgrestPort, auth: unused, storage: unused, realtime: () => {} });
  gatewayUrl = `http://127.0.0.1:${await listen(gateway)}`;
});
afterAll(async () => {
  upstream?.closeAllConnections();
  gateway?.closeAllConnections();
  await Promise.all([upstream, gateway].map((s) => new Promise((resolve) => s?.close(resolve))));
});

const call = (method: string, path: string, body?: string) =>
  fetch(`${gatewayUrl}/rest/v1${path}`, { method, headers: { apikey: ANON_KEY, 'Content-Type': 'application/json' }, body });

describe('the gateway in front of PostgREST', () => {
  it('sends a read again when PostgREST hung up on the kept-alive connection it reused', async () => {
    for (let i = 0; i < 4; i++) {
      const res = await call('GET', `/articles?n=${i}`);
      expect(res.status, `read ${i}`).toBe(200);
      expect(await res.json()).toEqual({ method: 'GET' });
    }
    expect(seen.filter((s) => s.startsWith('GET'))).toEqual([0, 1, 2, 3].map((i) => `GET /articles?n=${i}`));
  });

  it('never sends a write twice: a hang-up on a write is a 502', async () => {
    seen.length = 0;
    // The first request opens a connection; the write reuses it and is hung up on.
    expect((await call('GET', '/articles?warm')).status).toBe(200);
    const write = await call('POST', '/articles', '{"title":"x"}');
    expect(write.status).toBe(502);
    expect(seen).toEqual(['GET /articles?warm']);
  });
});
