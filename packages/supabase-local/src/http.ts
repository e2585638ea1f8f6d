import type { IncomingMessage, ServerResponse } from 'node:http';

/** Reads a whole request body, refusing bodies over `limit` bytes. */
export async function readBody(req: IncomingMessage, limit = 1024 * 1024): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new BodyTooLargeError(limit);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`request body larger than ${limit} bytes`);
  }
}

export async function readJson<T = Record<string, unknown>>(req: IncomingMessage): Promise<T> {
  const body = await readBody(req);
  if (body.length === 0) return {} as T;
  try {
    return JSON.parse(body.toString('utf8')) as T;
  } catch {
    throw new BadJsonError();
  }
}

export class BadJsonError extends Error {
  constructor() {
    super('request body is not valid JSON');
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export type RouteHandler = (req: IncomingMessage, res: ServerResponse, path: string, url: URL) => Promise<void>;
