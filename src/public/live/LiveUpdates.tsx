import { useContext } from 'react';
import type { LiveView } from '../api/live';
import { LiveCoverage } from '../components/live/LiveCoverage';
import { useNewsroomZone } from '../components/live/liveTime';
import { useDataSaver } from '../dataSaver/DataSaverContext';
import { RouteContext } from '../routing/RouteContext';
import { LiveCheck } from './LiveCheck';
import { LiveNewMessages } from './LiveNewMessages';
import { useLiveFeed } from './useLiveFeed';

/**
 * A live article's coverage kept current in the reader's browser: the newest entries' page follows
 * the delta address (useLiveFeed); in data-saver mode, only when the reader presses « Vérifier les
 * nouveautés ». An older page (« Plus anciens ») or the no-JavaScript refresh stays as rendered.
 */
export function LiveUpdates({ live, slug }: { live: LiveView | null; slug: string }) {
  if (!live || live.before !== null || live.since !== null) return <LiveCoverage live={live} slug={slug} />;
  return <FollowedCoverage live={live} slug={slug} />;
}

function FollowedCoverage({ live, slug }: { live: LiveView; slug: string }) {
  const manual = useDataSaver().on;
  const reload = useContext(RouteContext)?.state.reload ?? (() => location.reload());
  const feed = useLiveFeed(slug, live, { manual, timeZone: useNewsroomZone(), reload });
  return (
    <div ref={feed.rootRef}>
      {manual ? <LiveCheck feed={feed} slug={slug} /> : <LiveNewMessages feed={feed} />}
      <LiveCoverage live={{ ...live, ...feed.page }} slug={slug} />
    </div>
  );
}
