// Addresses the page, the worker and the server share; no imports, so the page's registering code stays tiny.

/** Where the service worker lives: the site's root, so it sees every reader page. */
export const WORKER_PATH = '/sw.js';
/** The edition's list (src/server/edition.ts). */
export const EDITION_PATH = '/edition.json';
/**
 * Marks the banner the worker puts on a page it served from its store (worker.ts): the page's app
 * reads it to know its network calls will fail, and says nothing of it (PageContext).
 */
export const OFFLINE_BANNER_ATTRIBUTE = 'data-offline-banner';
