import { useCallback, useEffect, useRef, useState } from 'react';

export type LoadState<T> =
  | { status: 'loading'; data: T | undefined; error: null }
  | { status: 'ready'; data: T; error: null }
  | { status: 'error'; data: T | undefined; error: unknown };

/**
 * Runs a page loader for the current params (`key` changes when they do) and keeps the last data
 * on screen while reloading, so a refresh never blanks the page.
 */
export function useLoader<T>(key: string, load: () => Promise<T>): LoadState<T> & { reload: () => void } {
  const [state, setState] = useState<LoadState<T>>({ status: 'loading', data: undefined, error: null });
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
    setState({ status: 'loading', data: undefined, error: null });
    reload();
  }, [key, reload]);

  return { ...state, reload };
}
