/**
 * Whether this page gets a service worker. Not under `npm run dev`: Vite serves unhashed source
 * modules that change at every edit, which the worker could not keep as the reader's files; a worker
 * there would only hold stale pages. The edition button asks the same, so it never offers a download
 * nothing could store.
 */
export function workerSupported(): boolean {
  return !import.meta.env.DEV && 'serviceWorker' in navigator;
}
