/**
 * An article page's counts: its view, with the visit's channel and the page's kind, then its
 * engagement reading when the page is hidden or left. Crawlers and link-preview fetchers count
 * for nothing. The reader app loads this on demand (views.ts); the lite script has it built in.
 */
import { viewCalls, type ViewCall } from '../api/viewCalls';
import { followReading, type PageKind, type readingArgs } from './engagement';
import { visitAttribution, type Landing } from './visit';

export { visitAttribution };

export interface Counting {
  /** Sends a view call (record_article_view). */
  view: (call: ViewCall) => void;
  /** Sends the reading as the page goes away (record_reading, keepalive). */
  reading: (args: ReturnType<typeof readingArgs>) => void;
  /** The page's bytes so far, when known. */
  bytes?: () => number | null;
}

/** Counts the view and follows the reading; what it returns ends the following (the reading is then sent). */
export function countArticle(articleId: string, kind: PageKind, landing: Landing, counting: Counting): () => void {
  const visit = visitAttribution(landing);
  if (!visit) return () => {};
  counting.view(viewCalls.article(articleId, visit, kind));
  const kilobytes = () => {
    const bytes = counting.bytes?.() ?? null;
    return bytes === null ? null : bytes / 1024;
  };
  return followReading({ articleId, channel: visit.channel, kind }, counting.reading, kilobytes);
}
