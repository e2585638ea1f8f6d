import { useCallback, useEffect, useRef, useState } from 'react';
import { usePage, type PageSeed } from '../page/PageContext';

/** Seeds already taken over: the server's data serves one first render, never a later visit. */
const usedSeeds = new WeakSet<PageSeed>();

export type LoadState<T> =
  | { status: 'loading'; data: T | undefined; error: null }
  | { status: 'ready'; data: T; error: null }
  | { status: 'error'; data: T | undefined; error: unknown };

/**
 * Runs a page loader for the current params (`key` changes when they do) and keeps the last data
 * on screen while reloading, so a refresh never blanks the page. A server-rendered first page
 * starts from the data the server loaded (same key) and does not fetch it again.
 */
export function useLoader<T>(key: string, load: () => Promise<T>): LoadState<T> & { reload: () => void } {
  const page = usePage();
  const [seed] = useState(() => (page.seed?.key === key && !usedSeeds.has(page.seed) ? page.seed : null));
  const [state, setState] = useState<LoadState<T>>(() =>
    seed ? { status: 'ready', data: seed.data as T, error: null } : { status: 'loading', data: undefined, error: null },
  );
  const loadedKey = useRef<string | null>(null);
  const loadRef = useRef(load);
  loadRef.current = load;
  const run = useRef(0);

  // `quiet`: a failure keeps what is shown without reporting an error (no toast, no failure state).
  const fetchData = useCallback((quiet: boolean) => {
    const id = ++run.current;
    loadRef.current().then(
      (data) => id === run.current && setState({ status: 'ready', data, error: null }),
      (error: unknown) => {
        if (id !== run.current) return;
        if (quiet) return console.info('Refreshing a page served from the offline store failed; its stored data stays', error);
        console.error(error);
        setState((s) => ({ status: 'error', data: s.data, error }));
      },
    );
  }, []);
  const reload = useCallback(() => fetchData(false), [fetchData]);

  useEffect(() => {
    // Same key as the last run: React's development double run, not a new page; the first run's
    // load (or seed) stands.
    if (loadedKey.current === key) return;
    const first = loadedKey.current === null;
    loadedKey.current = key;
    if (first && seed) {
      usedSeeds.add(seed);
      // A page the service worker served from its store works from its seed: the refresh is tried
      // (the network may be back) but its failure is no error for the reader, who is reading.
      if (page.seedMayBeStale) fetchData(page.servedFromStore === true);
      return;
    }
    // Another page's data never shows under this one's params.
    if (!first) setState({ status: 'loading', data: undefined, error: null });
    reload();
  }, [key, fetchData, reload, seed, page]);

  return { ...state, reload };
}
