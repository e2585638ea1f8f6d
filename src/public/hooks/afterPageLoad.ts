/** How long an idle callback may wait for a quiet moment once the page has loaded. */
export const IDLE_TIMEOUT_MS = 2000;

/**
 * Runs `run` once the page has loaded (its eager images, so the LCP image, are in) and the main
 * thread is idle: for what no reader needs to see the page (realtime, carousel engines), so it
 * never competes with the page's own load. requestIdleCallback with a timeout; where it does not
 * exist (Safari), a timer after the load event. Returns a cancel function.
 */
export function afterPageLoad(run: () => void, timeoutMs = IDLE_TIMEOUT_MS): () => void {
  let cancel = () => {};
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => run(), { timeout: timeoutMs });
      cancel = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(run, 200);
      cancel = () => window.clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') whenIdle();
  else {
    window.addEventListener('load', whenIdle, { once: true });
    cancel = () => window.removeEventListener('load', whenIdle);
  }
  return () => cancel();
}
