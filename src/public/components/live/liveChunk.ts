import { preloadable } from '../../page/preloadable';

/**
 * A live article's coverage section (LiveCoverage.tsx), kept current by LiveUpdates
 * (src/public/live): a chunk of its own, so that readers of other articles download none of it;
 * loaded once a live page has loaded and is idle (ArticlePage.tsx keeps the server's markup until
 * then), and the poller's own code with it (useLiveFeed).
 */
// A chunk that cannot load (offline, with a page the offline edition stored) is no coverage: the
// page shows without it rather than failing whole.
export const liveCoverage = preloadable(() => import('../../live/LiveUpdates').catch(() => null));
