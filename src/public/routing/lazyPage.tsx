import type { ComponentType } from 'react';
import { preloadable } from '../page/preloadable';
import type { RoutePage } from './route';

/**
 * A page loaded on demand (keeping the reader's first load within its
 * 90 KB budget). `module` is its source path as Vite's build manifest names it, written beside
 * the import so the two cannot drift apart unseen (the route table's test checks the file exists).
 */
export function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K, module: string): RoutePage {
  const chunk = preloadable<ComponentType>(() => load().then((m) => m[name]));
  const Page = () => {
    const Component = chunk.read();
    return <Component />;
  };
  return Object.assign(Page, { preload: chunk.preload, module });
}
