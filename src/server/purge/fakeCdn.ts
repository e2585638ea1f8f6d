import { createServer, type AddressInfo } from 'node:net';

/** A request the fake CDN received. */
export interface Received {
  method: string;
  url: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
  /** When it arrived (Date.now()). */
  at: number;
}

/** An answer the fake CDN gives: status, body, headers. */
export interface Answer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

/**
 * A local server standing for a CDN's purge API in tests: records every request and answers from
 * `answers` in turn (the last one repeats). Plain TCP, not node:http, whose parser refuses the
 * `BAN` method Varnish takes. One request a connection (it answers `Connection: close`).
 */
export async function fakeCdn(answers: Answer[]) {
  const received: Received[] = [];
  const server = createServer((socket) => {
    let data = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      const end = data.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [requestLine, ...lines] = data.subarray(0, end).toString('latin1').split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      const length = Number(headers['content-length'] ?? 0);
      if (data.length < end + 4 + length) return;
      const [method, url] = requestLine.split(' ');
      received.push({ method, url, headers, body: data.subarray(end + 4, end + 4 + length).toString('utf8'), at: Date.now() });
      const answer = answers[Math.min(received.length - 1, answers.length - 1)];
      const body = Buffer.from(answer.body ?? '');
      const head = { 'Content-Type': 'application/json', 'Content-Length': String(body.length), Connection: 'close', ...answer.headers };
      socket.end(
        Buffer.concat([
          Buffer.from(
            `HTTP/1.1 ${answer.status} X\r\n${Object.entries(head)
              .map(([k, v]) => `${k}: ${v}\r\n`)
              .join('')}\r\n`,
          ),
          body,
        ]),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
