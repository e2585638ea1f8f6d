import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { ERRORS } from './errors.ts';
import type { FileStore } from './files.ts';

/** An uploaded body, written to a temp file and not yet visible to anyone. */
export interface IncomingFile {
  tmp: string;
  size: number;
  md5: string;
  mimetype: string;
  cacheControl: string;
  userMetadata: Record<string, unknown>;
}

export interface ReceiveOptions {
  /** Bytes allowed: the bucket's file_size_limit capped by the server's own limit. */
  limit: number;
  /** Called with the declared type before any byte is written, to refuse early. */
  checkMime: (mime: string) => void;
  /**
   * Called once the type, the declared size and the user metadata are known and accepted, before
   * any byte is written: where RLS is asked, as storage-api asks it at that point.
   */
  authorize: (upload: { mimetype: string; userMetadata: Record<string, unknown> }) => Promise<void>;
}

// A header value must never carry CR/LF or odd bytes: it is replayed verbatim on every download.
const SAFE_CACHE_CONTROL = /^[\w\-=,. ]{1,200}$/;

function cacheControlFrom(value: string | undefined, prefix: string): string {
  if (value === undefined || value === '') return 'no-cache';
  if (!SAFE_CACHE_CONTROL.test(value)) throw ERRORS.invalidRequest('Invalid cache-control value');
  return `${prefix}${value}`;
}

// Likewise for the type, which a multipart `contentType` field could otherwise smuggle in.
function mimeFrom(value: string | undefined): string {
  const mime = value || 'application/octet-stream';
  if (mime.length > 200 || !/^[\w.+-]+\/[\w.+-]+(\s*;[\x20-\x7e]*)?$/.test(mime)) throw ERRORS.invalidRequest('Invalid content type');
  return mime;
}

/** The object's user metadata: `{}` when none (or no JSON object) was sent, as storage-api stores it. */
function parseUserMetadata(json: string | undefined): Record<string, unknown> {
  if (!json) return {};
  if (json.length > 1024 * 1024) throw ERRORS.tooLarge('user_metadata');
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Streams `source` to a temp file while hashing it. Past the limit it keeps reading but stops
 * writing, so the client still gets a readable 413 instead of a reset connection.
 */
async function writeTemp(source: Readable, store: FileStore, limit: number) {
  const tmp = store.tempPath();
  const hash = createHash('md5');
  let size = 0;
  let over = false;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > limit) over = true;
      if (over) return done();
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(source, meter, fs.createWriteStream(tmp));
    if (over) throw ERRORS.tooLarge();
  } catch (err) {
    await store.discard(tmp);
    throw err;
  }
  return { tmp, size, md5: hash.digest('hex') };
}

/** A raw body (Buffer, ArrayBuffer, stream): type, cache-control and metadata come in headers. */
async function receiveRaw(req: IncomingMessage, store: FileStore, opts: ReceiveOptions): Promise<IncomingFile> {
  const mimetype = mimeFrom(req.headers['content-type']);
  const cacheControl = cacheControlFrom(req.headers['cache-control'], '');
  opts.checkMime(mimetype);
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > opts.limit) throw ERRORS.tooLarge();
  const header = req.headers['x-metadata'];
  const userMetadata = parseUserMetadata(typeof header === 'string' ? Buffer.from(header, 'base64').toString('utf8') : undefined);
  await opts.authorize({ mimetype, userMetadata });
  const written = await writeTemp(req, store, opts.limit);
  return { ...written, mimetype, cacheControl, userMetadata };
}

/**
 * A multipart body as storage-js builds it from a Blob or File: a `cacheControl` field, maybe a
 * `metadata` field, then one file part whose field name is empty.
 */
function receiveMultipart(req: IncomingMessage, store: FileStore, opts: ReceiveOptions): Promise<IncomingFile> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      // fileSize: one byte more than allowed, so "exactly at the limit" is told apart from "over".
      parser = busboy({ headers: req.headers, limits: { files: 1, fields: 20, fieldSize: 1024 * 1024 + 1, fileSize: opts.limit + 1 } });
    } catch {
      return reject(ERRORS.invalidRequest('Malformed multipart body'));
    }
    const fields: Record<string, string> = {};
    let file: Promise<IncomingFile> | null = null;

    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (_name, stream, info) => {
      if (file) return stream.resume();
      file = (async () => {
        let accepted: { mimetype: string; cacheControl: string; userMetadata: Record<string, unknown> };
        try {
          const mimetype = mimeFrom(fields.contentType || info.mimeType);
          opts.checkMime(mimetype);
          accepted = {
            mimetype,
            cacheControl: cacheControlFrom(fields.cacheControl, 'max-age='),
            userMetadata: parseUserMetadata(fields.metadata ?? fields.userMetadata),
          };
          // The file part waits, unread, while RLS is asked.
          await opts.authorize(accepted);
        } catch (err) {
          stream.resume();
          throw err;
        }
        return { ...(await writeTemp(stream, store, opts.limit)), ...accepted };
      })();
      file.catch(() => undefined); // settled in 'close'
    });
    parser.on('error', (err: Error) => {
      req.unpipe(parser);
      req.resume();
      reject(ERRORS.invalidRequest(`Malformed multipart body: ${err.message}`));
    });
    parser.on('close', () => {
      if (!file) reject(ERRORS.noContent());
      else file.then(resolve, reject);
    });
    // A client that goes away mid-upload must not leave the request (and its temp file) pending.
    req.on('close', () => {
      if (!req.complete) parser.destroy(new Error('client aborted the upload'));
    });
    req.pipe(parser);
  });
}

export function receiveUpload(req: IncomingMessage, store: FileStore, opts: ReceiveOptions): Promise<IncomingFile> {
  const type = req.headers['content-type'] ?? '';
  return /^multipart\/form-data/i.test(type) ? receiveMultipart(req, store, opts) : receiveRaw(req, store, opts);
}
