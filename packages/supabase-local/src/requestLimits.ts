import type { IncomingMessage, ServerResponse } from 'node:http';
import { Transform, type TransformCallback } from 'node:stream';

/**
 * Largest request body the gateway lets through to PostgREST and auth: 1 MiB, far above any JSON
 * this product sends (an article is capped at 200,000 characters). Storage uploads are not
 * subject to it: the storage server enforces each bucket's own file_size_limit (and its 50 MB
 * default) while streaming to disk.
 */
export const API_BODY_LIMIT = 1024 * 1024;

/** Kong's answer (request-size-limiting plugin) for a body over the limit. */
const TOO_LARGE_MESSAGE = 'Request size limit exceeded';

export class BodyLimitError extends Error {
  constructor(readonly limit: number) {
    super(`request body larger than ${limit} bytes`);
  }
}

/** The socket's peer address, IPv4-mapped IPv6 written as plain IPv4. */
export function socketAddress(req: IncomingMessage): string {
  return (req.socket.remoteAddress ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
}

/**
 * Like Kong in front of a hosted project: the client address services see is the socket's, never
 * what the client wrote. X-Forwarded-For and X-Real-IP are overwritten, and CF-Connecting-IP (set
 * by Cloudflare on hosted, so trusted first by the database) is dropped: locally no proxy sets it.
 */
export function forwardClientAddress(req: IncomingMessage): string {
  const address = socketAddress(req);
  req.headers['x-forwarded-for'] = address;
  req.headers['x-real-ip'] = address;
  delete req.headers['cf-connecting-ip'];
  return address;
}

/** True when the request announces a body over `limit` bytes. */
export function declaresTooLarge(req: IncomingMessage, limit: number): boolean {
  const declared = Number(req.headers['content-length']);
  return Number.isFinite(declared) && declared > limit;
}

/** How long a refused body may go on streaming in before the answer is sent anyway (nginx's lingering_timeout is 5 s). */
const LINGER_MS = 5_000;

/**
 * Answers 413 and closes the connection, once the client has finished sending: the rest of the
 * body is read and thrown away (never kept), so the client reads the answer instead of a reset
 * while it is still writing (answering at once made Node close the socket under a client
 * mid-write: EPIPE). A client still sending after LINGER_MS gets the answer and the cut then.
 */
export function refuseTooLarge(req: IncomingMessage, res: ServerResponse): void {
  if (res.headersSent) {
    res.destroy();
    req.resume();
    return;
  }
  const answer = () => {
    clearTimeout(cutOff);
    if (res.headersSent) return;
    const body = JSON.stringify({ message: TOO_LARGE_MESSAGE });
    res.writeHead(413, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      connection: 'close',
    });
    res.end(body);
  };
  const cutOff = setTimeout(answer, LINGER_MS);
  cutOff.unref();
  if (req.complete) return answer();
  req
    .once('end', answer)
    .once('close', () => clearTimeout(cutOff))
    .resume();
}

/** Passes bytes through until more than `limit` went by, then fails with BodyLimitError. */
export class ByteLimit extends Transform {
  private seen = 0;

  constructor(private readonly limit: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.limit) return done(new BodyLimitError(this.limit));
    done(null, chunk);
  }
}
