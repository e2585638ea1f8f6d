import { LIVE_CHECK_ATTRIBUTE, LIVE_STATUS_ATTRIBUTE } from './liveDom';
import type { LiveFeed } from './useLiveFeed';
import './LiveUpdates.css';

/**
 * Data-saver mode's « Vérifier les nouveautés »: one request when pressed, never by itself, and
 * what it found and cost (« 1 nouveau message · 0,9 Ko »). The server renders it with what the
 * lite page's script needs to do the same without React (liteLive.ts).
 */
export function LiveCheck({ feed, slug }: { feed: LiveFeed; slug: string }) {
  const { page, check, checking, checkResult } = feed;
  if (page.coverage.state === 'closed') return null;
  return (
    <div className="live-check">
      <button
        type="button"
        className="button button--ghost live-check__button"
        {...{ [LIVE_CHECK_ATTRIBUTE]: '' }}
        data-slug={slug}
        data-revision={page.coverage.revision}
        data-since={page.entries[0]?.createdAt ?? page.coverage.startedAt}
        disabled={checking}
        onClick={() => void check()}
      >
        Vérifier les nouveautés
      </button>
      <p className="live-check__result" role="status" {...{ [LIVE_STATUS_ATTRIBUTE]: '' }}>
        {checkResult}
      </p>
    </div>
  );
}
