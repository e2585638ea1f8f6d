// The product's sanitizer (src/lib/sanitize.ts) in a worker thread of the WordPress importer: see sanitizer.ts.
import { parentPort } from 'node:worker_threads';
import type { WindowLike } from 'dompurify';
import { JSDOM } from 'jsdom';
import { sanitizeArticleHtml } from '../../src/lib/sanitize.ts';

const win = new JSDOM('').window as unknown as WindowLike;
parentPort!.on('message', (html: string) => parentPort!.postMessage(sanitizeArticleHtml(html, win)));
