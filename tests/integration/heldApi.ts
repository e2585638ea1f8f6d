import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inject } from 'vitest';

/**
 * The stack's API as the site server sees it during a flood: in front of the real one, answering
 * nothing while `hold` is on for the requests `held` picks (all of them by default): they wait,
 * then go through when it is lifted. `asked` lists the paths asked so far; `close` ends it and
 * whatever still waits.
 */
export async function heldApi(
  held: (path: string) => boolean = () => true,
): Promise<{ url: string; hold: (on: boolean) => void; asked: string[]; close: () => Promise<void> }> {
  const api = new URL(inject('apiUrl'));
  let holding = false;
  let waiting: (() => void)[] = [];
  const asked: string[] = [];
  const server: Server = createServer((req, res) => {
    asked.push(req.url ?? '');
    const forward = () =>
      req.pipe(
        request(
          { host: api.hostname, port: api.port, path: req.url, method: req.method, headers: { ...req.headers, host: api.host } },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        ).on('error', () => res.destroy()),
      );
    if (holding && held(req.url ?? '')) waiting.push(forward);
    else forward();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    asked,
    hold: (on) => {
      holding = on;
      if (!on) for (const forward of waiting.splice(0)) forward();
      waiting = on ? waiting : [];
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
