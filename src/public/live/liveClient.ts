// The live page's update code, one chunk loaded after the page (useLiveFeed): never in an ordinary
// article's download, nor before a live page's first paint.
export { startLivePoller } from './poller';
export { fetchLiveDelta } from './fetchDelta';
export { applyDelta } from './merge';
