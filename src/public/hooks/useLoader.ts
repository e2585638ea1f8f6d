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

  const reload = useCallback(() => {
    const id = ++run.current;
    loadRef.current().then(
      (data) => id === run.current && setState({ status: 'ready', data, error: null }),
      (error: unknown) => {
        if (id !== run.current) return;
        console.error(error);
        setState((s) => ({ status: 'error', data: s.data, error }));
      },
    );
  }, []);

  useEffect(() => {
    // Same key as the last run: React's development double run, not a new page; the first run's
    // load (or seed) stands.
    if (loadedKey.current === key) return;
    const first = loadedKey.current === null;
    loadedKey.current = key;
    if (first && seed) {
      usedSeeds.add(seed);
      if (page.seedMayBeStale) reload();
      return;
    }
    // Another page's data never shows under this one's params.
    if (!first) setState({ status: 'loading', data: undefined, error: null });
    reload();
  }, [key, reload, seed, page]);

  return { ...state, reload };
}
