// A pass-through HTTP proxy that counts what reaches the origin, per address: bench:spike puts it
// between Varnish and the site server to see how many requests the edge let through.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CountingProxy {
  port: number;
  /** Requests forwarded per path (query kept), the edge's health probes apart. */
  counts: Map<string, number>;
  probes: () => number;
  close: () => Promise<void>;
}

export async function startCountingProxy(target: { port: number; probePath: string }): Promise<CountingProxy> {
  const counts = new Map<string, number>();
  let probes = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });
  const server = http.createServer((req, res) => {
    if (req.url === target.probePath) probes++;
    else counts.set(req.url ?? '', (counts.get(req.url ?? '') ?? 0) + 1);
    const upstream = http.request(
      { host: '127.0.0.1', port: target.port, method: req.method, path: req.url, headers: req.headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    // The origin stopped or reset: the edge sees what a dead origin gives it.
    upstream.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    counts,
    probes: () => probes,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
