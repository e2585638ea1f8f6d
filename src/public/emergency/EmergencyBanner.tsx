import { useOptionalPage } from '../page/PageContext';
import { MirrorLink } from './MirrorLink';
import './Emergency.css';

/**
 * « Mode urgence »: the newsroom's banner on every reader page while it is on, with the mirror's
 * address when there is one (readers who lose this site still know where to read).
 */
export function EmergencyBanner() {
  const emergency = useOptionalPage()?.emergency;
  if (!emergency?.on) return null;
  return (
    <aside className="emergency-banner" aria-label="Mode urgence" data-emergency-banner="">
      <p className="emergency-banner__text">{emergency.banner}</p>
      {emergency.mirrorUrl && (
        <p className="emergency-banner__mirror">
          <MirrorLink url={emergency.mirrorUrl} />
        </p>
      )}
    </aside>
  );
}
