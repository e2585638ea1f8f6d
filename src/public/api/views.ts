import { callRpc } from '@/lib/supabaseClients';
import type { Landing } from '../reading/visit';
import { viewCalls } from './viewCalls';

// View tracking must never get in a reader's way: failures are logged, not shown.
function record({ fn, args }: { fn: string; args: Record<string, unknown> }, init?: RequestInit): void {
  void callRpc(fn, args, init).then(
    async (response) => response.ok || console.error(fn, response.status, await response.text()),
    (error: unknown) => console.error(fn, error),
  );
}

/** Where the visit began, read as the app starts: its channel tag leaves the address bar once counted. */
const landing: Landing | null =
  typeof location === 'undefined' ? null : { search: location.search, path: location.pathname, referrer: document.referrer };

/** The counting code (channels, engagement) loads on demand: the article page's first load stays as it was. */
const reading = () => import('../reading/article');

/**
 * Counts a page's view. The visit's channel is worked out on its first page, wherever it is (the
 * landing rule), and goes with the view of any page but an article's, whose article view counts it
 * for « Sources ». Should the counting code fail to load, the view still counts, unattributed.
 */
export const recordPageView = (path: string) => {
  if (!landing) return record(viewCalls.page(path));
  void reading().then(
    (m) => {
      const visit = m.visitAttribution(landing);
      record(viewCalls.page(path, m.isArticlePath(path) ? null : visit));
    },
    () => record(viewCalls.page(path)),
  );
};

/** Counts an article's view with its channel and follows its reading; the function returned ends it (an in-app move). */
export function recordArticleView(articleId: string): () => void {
  let stop: (() => void) | null = null;
  let left = false;
  if (landing)
    void reading().then((m) => {
      stop = m.countArticle(articleId, 'full', landing, {
        view: (call) => record(call),
        reading: (args) => record({ fn: 'record_reading', args }, { keepalive: true }),
      });
      if (left) stop();
    });
  return () => {
    left = true;
    stop?.();
  };
}

/** A press of a network's share button, read from the share page's address it opens (sharePress.ts, loaded on the press). */
export function recordSharePress(shareHref: string): void {
  void import('./sharePress').then(({ sharePressArgs }) => {
    const args = sharePressArgs(shareHref);
    if (args) record({ fn: 'record_share_press', args });
  });
}
