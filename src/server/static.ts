import path from 'node:path';
import sirv from 'sirv';
import type { Middleware } from './app';
import { CACHE } from './headers';

/**
 * The browser build's files, with the .br/.gz copies made at build time. Fingerprinted assets
 * (/assets/) never change and are cached for a year; the template itself is never served as a
 * file: every page goes through the renderer.
 */
export function staticFiles(clientDir: string): Middleware {
  const serve = sirv(clientDir, {
    dev: false,
    etag: true,
    brotli: true,
    gzip: true,
    extensions: [],
    setHeaders: (res, pathname) => res.setHeader('Cache-Control', pathname.startsWith('/assets/') ? CACHE.immutable : CACHE.staticFile),
  });
  return (req, res, next) => {
    const pathname = new URL(req.url ?? '/', 'http://site').pathname;
    if (!path.extname(pathname) || pathname === '/index.html') return next();
    serve(req, res, next);
  };
}
