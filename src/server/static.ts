import fs from 'node:fs';
import path from 'node:path';
import sirv from 'sirv';
import type { Middleware } from './app';
import { WORKER_PATH } from '@/offline/paths';
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
    // The service worker is read at each request and revalidated by browsers every time: the
    // bytes of the deployed one tell every reader's browser that a new build is out.
    if (pathname === WORKER_PATH) {
      fs.promises.readFile(path.join(clientDir, WORKER_PATH)).then(
        (body) => {
          res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
          res.setHeader('Cache-Control', CACHE.revalidate);
          res.end(req.method === 'HEAD' ? undefined : body);
        },
        () => next(),
      );
      return;
    }
    serve(req, res, next);
  };
}
