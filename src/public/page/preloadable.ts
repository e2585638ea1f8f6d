import { use } from 'react';

export interface Preloadable<T> {
  /** Starts loading (once) and resolves with the module. */
  preload(): Promise<T>;
  /** The module: at once when loaded, else suspends until it is (inside a <Suspense>). */
  read(): T;
}

/**
 * A chunk that renders synchronously once loaded. React.lazy suspends on first render even for a
 * module already fetched; while the browser hydrates the server's HTML, a suspended part can be
 * thrown away and rendered again from its fallback. Loading what the first page needs before
 * hydrating, then reading it synchronously, keeps the server's HTML in place.
 * read() always goes through use(), with the promise marked fulfilled once loaded: a component
 * that suspended in use() must call it again when it renders (React warns "called use() to
 * suspend … but did not call use() when it finished" otherwise).
 */
export function preloadable<T>(load: () => Promise<T>): Preloadable<T> {
  let pending: Promise<T> | undefined;
  const preload = (): Promise<T> => {
    if (pending) return pending;
    const loading: Promise<T> = load().then(
      (value) => {
        // Marked as React's use() reads a settled promise: it returns the value at once, no suspending.
        const settled: Promise<T> & { status?: 'fulfilled'; value?: T } = loading;
        settled.status = 'fulfilled';
        settled.value = value;
        return value;
      },
      (error: unknown) => {
        pending = undefined; // a later render may try again (flaky network)
        throw error;
      },
    );
    return (pending = loading);
  };
  return {
    preload,
    // eslint-disable-next-line react-hooks/rules-of-hooks -- read() is only called while rendering, and React 19's `use` may run conditionally there; a use-prefixed name would make every conditional `read()` an error instead
    read: () => use(preload()),
  };
}
