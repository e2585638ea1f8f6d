import { useCallback, useEffect, useRef, useState } from 'react';
import { usePage } from '../page/PageContext';

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
  const [state, setState] = useState<LoadState<T>>(() =>
    page.seed?.key === key
      ? { status: 'ready', data: page.seed.data as T, error: null }
      : { status: 'loading', data: undefined, error: null },
  );
  const seeded = useRef(page.seed?.key === key);
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
    const sameKey = loadedKey.current === key;
    loadedKey.current = key;
    if (seeded.current) {
      // The server's data is used once: coming back to this page later loads it fresh.
      seeded.current = false;
      page.seed = null;
      if (page.seedMayBeStale) reload();
      return;
    }
    // Another page's data never shows under this one's params.
    if (!sameKey) setState({ status: 'loading', data: undefined, error: null });
    reload();
  }, [key, reload, page]);

  return { ...state, reload };
}
