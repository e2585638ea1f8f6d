import { callRpc } from '@/lib/supabaseClients';
import { viewCalls } from './viewCalls';

// View tracking must never get in a reader's way: failures are logged, not shown.
function record({ fn, args }: ReturnType<(typeof viewCalls)[keyof typeof viewCalls]>): void {
  void callRpc(fn, args).then(
    async (response) => response.ok || console.error(fn, response.status, await response.text()),
    (error: unknown) => console.error(fn, error),
  );
}

export const recordPageView = (path: string) => record(viewCalls.page(path));
export const recordArticleView = (articleId: string) => record(viewCalls.article(articleId));
