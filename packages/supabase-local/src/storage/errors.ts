import type { IncomingMessage, ServerResponse } from 'node:http';
import { BadJsonError, BodyTooLargeError } from '../http.ts';

/**
 * An error rendered the way storage-api renders it: `{statusCode, code, error, message}` with the
 * status code as a string. storage-js reads `statusCode` (else `code`) and `message` from it.
 */
export class StorageApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }

  /**
   * storage-api answers every 4xx with HTTP 400 and puts the real code in the body ("a legacy
   * decision to force the user to branch error handling", its maintainers say). Matching it means
   * an app that works against this stack handles errors the way hosted Supabase reports them.
   */
  get httpStatus(): number {
    return this.statusCode >= 500 ? this.statusCode : 400;
  }

  render() {
    return { statusCode: String(this.statusCode), code: this.code, error: this.error, message: this.message };
  }
}

const make = (status: number, code: string, error: string) => (message: string) => new StorageApiError(status, code, error, message);

export const ERRORS = {
  accessDenied: (message = 'Access denied') => make(403, 'AccessDenied', 'Unauthorized')(message),
  rlsDenied: () => make(403, 'AccessDenied', 'Unauthorized')('new row violates row-level security policy'),
  noSuchBucket: () => make(404, 'NoSuchBucket', 'Bucket not found')('Bucket not found'),
  noSuchKey: () => make(404, 'NoSuchKey', 'not_found')('Object not found'),
  duplicate: () => make(409, 'KeyAlreadyExists', 'Duplicate')('The resource already exists'),
  bucketExists: () => make(409, 'BucketAlreadyExists', 'Duplicate')('The resource already exists'),
  bucketNotEmpty: () => make(409, 'ResourceNotEmpty', 'ResourceNotEmpty')('The bucket you tried to delete is not empty'),
  tooLarge: (entity = 'object') => make(413, 'EntityTooLarge', 'Payload too large')(`The ${entity} exceeded the maximum allowed size`),
  invalidMime: (mime: string) => make(415, 'InvalidMimeType', 'invalid_mime_type')(`mime type ${mime} is not supported`),
  invalidKey: (key: string) => make(400, 'InvalidKey', 'InvalidKey')(`Invalid key: ${key}`),
  invalidBucketName: () => make(400, 'InvalidBucketName', 'Invalid Input')('Bucket name invalid'),
  invalidRequest: (message: string) => make(400, 'InvalidRequest', 'InvalidRequest')(message),
  noContent: () => make(400, 'InvalidRequest', 'InvalidRequest')('No content provided'),
  notFound: () => make(404, 'NotFound', 'not_found')('Route not found'),
  internal: () => make(500, 'InternalError', 'internal')('Internal server error'),
};

interface PgLikeError {
  code?: string;
  message: string;
  detail?: string;
}

/** Postgres errors as storage-api's DBError.fromDBError maps them; anything else is not ours. */
export function fromPgError(err: unknown): StorageApiError | null {
  const pg = err as PgLikeError;
  if (!pg || typeof pg.code !== 'string' || !/^[0-9A-Z]{5}$/.test(pg.code)) return null;
  switch (pg.code) {
    case '42501':
      return pg.message.includes('row-level security') ? ERRORS.rlsDenied() : ERRORS.accessDenied(pg.message);
    case '23505':
      return ERRORS.duplicate();
    case '23503':
      return pg.detail?.includes('is still referenced') ? ERRORS.bucketNotEmpty() : ERRORS.noSuchBucket();
    case '22P02':
    case '23514':
    case '22001':
      return ERRORS.invalidRequest(pg.message);
    default:
      return null;
  }
}

export function toStorageError(err: unknown): StorageApiError | null {
  if (err instanceof StorageApiError) return err;
  if (err instanceof BadJsonError) return ERRORS.invalidRequest(err.message);
  if (err instanceof BodyTooLargeError) return ERRORS.tooLarge('request body');
  return fromPgError(err);
}

const MAX_DRAIN_BYTES = 64 * 1024 * 1024;

export function sendError(req: IncomingMessage, res: ServerResponse, err: StorageApiError): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify(err.render());
  const headers: Record<string, string | number> = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  };
  // A refused upload may still be streaming its body. A body of known, bounded size is drained
  // so the client reads the error on a healthy connection; anything else is cut off once answered.
  const declared = Number(req.headers['content-length'] ?? 0);
  const chunked = req.headers['transfer-encoding'] !== undefined;
  const pending = !req.complete && (chunked || declared > 0);
  if (pending && (chunked || declared > MAX_DRAIN_BYTES)) headers.connection = 'close';
  res.writeHead(err.httpStatus, headers);
  res.end(body);
  if (pending) req.resume();
}
