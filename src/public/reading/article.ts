/**
 * An article page's counts: its view, with the visit's channel and the page's kind, then its
 * engagement reading when the page is hidden or left. Crawlers and link-preview fetchers count
 * for nothing. The reader app loads this on demand (views.ts); the lite script has it built in.
 */
import { viewCalls, type ViewCall } from '../api/viewCalls';
import { pageBytes } from '../dataSaver/weight';
import { followReading, type PageKind, type readingArgs } from './engagement';
import { isArticlePath } from '@/lib/readerPaths';
import { visitAttribution, type Landing } from './visit';

export { isArticlePath, visitAttribution };

export interface Counting {
  /** Sends a view call (record_article_view). */
  view: (call: ViewCall) => void;
  /** Sends the reading as the page goes away (record_reading, keepalive). */
  reading: (args: ReturnType<typeof readingArgs>) => void;
  /** The page's bytes so far (the lite page's, pictures shown on request included); else measured here. */
  bytes?: () => number;
}

/** Counts the view and follows the reading; what it returns ends the following (the reading is then sent). */
export function countArticle(articleId: string, kind: PageKind, landing: Landing, counting: Counting): () => void {
  const visit = visitAttribution(landing);
  if (!visit) return () => {};
  counting.view(viewCalls.article(articleId, visit, kind));
  // The reader app's page after an in-app move costs what was fetched since it began; its first page, all it fetched.
  const before = counting.bytes || location.pathname === landing.path ? 0 : pageBytes();
  const kilobytes = () => ((counting.bytes ?? pageBytes)() - before) / 1024;
  return followReading({ articleId, channel: visit.channel, kind }, counting.reading, kilobytes);
}
