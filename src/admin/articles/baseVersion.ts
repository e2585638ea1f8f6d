import { useSyncExternalStore } from 'react';

/**
 * The article version the editor's text is based on: what every update sends, so the database
 * refuses it if a colleague saved since. It follows the loaded record (first load, each save,
 * a reload) and the editor's own image changes, which bump the version too (they set image_url):
 * those must not make the editor's next save look stale.
 */
export interface BaseVersion {
  current: number | null;
}

/**
 * This editor's own write took the article to `after`. Adopted only when it follows the base
 * directly: a larger jump means someone else saved in between, and the next save must be refused.
 */
export function followOwnWrite(base: BaseVersion, after: number): void {
  if (base.current != null && after === base.current + 1) base.current = after;
}

/**
 * The editor's base version, which screens can follow: the image panel's own writes move it
 * without a new record, and the Historique must then show their revision as the current one.
 */
export class TrackedVersion implements BaseVersion {
  #current: number | null = null;
  readonly #listeners = new Set<() => void>();

  get current(): number | null {
    return this.#current;
  }

  set current(version: number | null) {
    if (version === this.#current) return;
    this.#current = version;
    for (const listener of this.#listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  };
}

const noSubscription = () => () => {};

/** The tracked version as React state (undefined without one, e.g. a new article). */
export function useTrackedVersion(base?: TrackedVersion): number | null | undefined {
  return useSyncExternalStore(base?.subscribe ?? noSubscription, () => base?.current);
}
