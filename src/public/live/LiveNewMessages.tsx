import { newMessagesText } from './checkText';
import type { LiveFeed } from './useLiveFeed';
import './LiveUpdates.css';

/** « 3 nouveaux messages », for a reader further down: pressing it goes up and shows them. */
export function LiveNewMessages({ feed: { unseen, showUnseen } }: { feed: LiveFeed }) {
  if (!unseen) return null;
  return (
    <button type="button" className="live-new" onClick={showUnseen}>
      ↑ {newMessagesText(unseen)}
    </button>
  );
}
