import { preloadable } from '../../page/preloadable';

/**
 * A live article's coverage section (LiveCoverage.tsx), kept current by LiveUpdates
 * (src/public/live): a chunk of its own, so that readers of other articles download none of it;
 * loaded before hydrating a live page (the article route's `needs`). The poller's own code comes
 * later still, once the page has loaded (useLiveFeed).
 */
export const liveCoverage = preloadable(() => import('../../live/LiveUpdates'));
