/** What the page and the service worker say to each other (a MessageChannel per request). */

/** The page asks the worker to store today's edition; the worker answers with a DownloadReply. */
export const DOWNLOAD_EDITION = 'download-edition';

export type DownloadReply = { ok: true; date: string; articles: number } | { ok: false };
