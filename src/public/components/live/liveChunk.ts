import { preloadable } from '../../page/preloadable';

/**
 * A live article's coverage section (LiveCoverage.tsx): a chunk of its own, so that readers of
 * other articles download none of it; loaded before hydrating a live page (the article route's `needs`).
 */
export const liveCoverage = preloadable(() => import('./LiveCoverage'));
