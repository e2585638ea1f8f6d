import {
  liveEntryAnchor,
  liveEntryPath,
  liveRefreshPath,
  type LiveCoverage as Coverage,
  type LiveEntry as Entry,
  type LiveKeyEvent,
} from '@/lib/live';
import { formatNewsroomClock, formatNewsroomTime } from '@/lib/newsroomTime';
import { articlePath } from '@/lib/readerPaths';
import { Link } from '@/public/router/Router';
import type { LiveView } from '../../api/live';
import { useDataSaver } from '../../dataSaver/DataSaverContext';
import { usePage } from '../../page/PageContext';
import { LiveEntry } from './LiveEntry';
import { useNewsroomZone } from './liveTime';
import './LiveCoverage.css';

/** How much of a key event's text its link at the top shows. */
const KEY_EVENT_CHARS = 140;

const STATE_LABEL: Record<Coverage['state'], string> = { open: 'En direct', paused: 'En pause', closed: 'Terminé' };

/**
 * A live article's coverage under its text: its state, then the key events (links to their
 * entries) and the pinned entry, then the entries newest first and « Plus anciens »; or, on the
 * no-JavaScript refresh (`?depuis=`), only what changed since and a « Rafraîchir » link. The
 * section carries the coverage's cursor (`data-live-revision`) and interval (`data-live-poll`)
 * for the page's script; new entries go at the top of `[data-live-entries]`.
 */
export function LiveCoverage({ live, slug }: { live: LiveView | null; slug: string }) {
  const pageUrl = `${usePage().origin}${articlePath(slug)}`;
  if (!live)
    return (
      <section className="live">
        <p className="live__failed" role="alert">
          Le direct n'a pas pu être chargé. Rechargez la page dans un instant.
        </p>
      </section>
    );
  const { coverage, pinned, keyEvents, entries, older, before, since } = live;
  const shown = new Set(entries.map((e) => e.seq));
  const last = entries.at(-1);
  return (
    <section
      className="live"
      aria-labelledby="live-title"
      data-live-slug={slug}
      data-live-state={coverage.state}
      data-live-revision={coverage.revision}
      data-live-poll={coverage.pollSeconds}
    >
      <LiveStatus coverage={coverage} />
      {since === null && before === null && coverage.state !== 'closed' && <FirstPageRefresh slug={slug} revision={coverage.revision} />}
      {since !== null ? (
        <LiveRefreshHeader entries={entries} slug={slug} revision={coverage.revision} reload={live.reload === true} />
      ) : (
        <>
          {before !== null && (
            <p className="live__nav">
              <Link to={articlePath(slug)}>Revenir aux derniers messages</Link>
            </p>
          )}
          {before === null && <KeyEvents events={keyEvents} slug={slug} shown={shown} />}
          {before === null && pinned && (
            <div className="live__pinned">
              <LiveEntry entry={pinned} pageUrl={pageUrl} copy={shown.has(pinned.seq)} />
            </div>
          )}
        </>
      )}
      <div className="live__entries" data-live-entries>
        {entries.map((entry) => (
          <LiveEntry key={entry.id} entry={entry} pageUrl={pageUrl} />
        ))}
      </div>
      {since === null && entries.length === 0 && <p className="live__empty">Aucun message pour l'instant.</p>}
      {older && last && (
        <p className="live__nav live__nav--older">
          <Link to={`${articlePath(slug)}?avant=${last.seq}`} className="button">
            Plus anciens
          </Link>
        </p>
      )}
    </section>
  );
}

/** « En direct », « En pause » or « Terminé » and when it ended, in the newsroom's time. */
function LiveStatus({ coverage }: { coverage: Coverage }) {
  const zone = useNewsroomZone();
  return (
    <h2 id="live-title" className={`live__status live__status--${coverage.state}`}>
      <span className="live__state">{STATE_LABEL[coverage.state]}</span>
      {coverage.state === 'closed' && coverage.endedAt && (
        <span className="live__ended">
          {' '}
          le <time dateTime={coverage.endedAt}>{formatNewsroomTime(coverage.endedAt, zone)}</time>
        </span>
      )}
    </h2>
  );
}

/** The key events, newest first, each a link to its entry (on this page, or the older page that lists it). */
function KeyEvents({ events, slug, shown }: { events: LiveKeyEvent[]; slug: string; shown: Set<number> }) {
  const zone = useNewsroomZone();
  if (!events.length) return null;
  return (
    <nav className="live__key-events key-points" aria-labelledby="live-key-events-title">
      <h3 id="live-key-events-title" className="key-points__title">
        Points clés du direct
      </h3>
      <ul>
        {events.map((event) => {
          const anchor = `#${liveEntryAnchor(event.seq)}`;
          const text = event.body.length > KEY_EVENT_CHARS ? `${event.body.slice(0, KEY_EVENT_CHARS - 1).trimEnd()}…` : event.body;
          return (
            <li key={event.id}>
              <a href={shown.has(event.seq) ? anchor : liveEntryPath(slug, event.seq)}>
                <time dateTime={event.createdAt}>{formatNewsroomClock(event.createdAt, zone)}</time> {text}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * The first page's refresh for a reader without JavaScript (Opera Mini, scripts off): the entries
 * newer than this page. Where the page's script follows the coverage by itself (normal mode) it
 * stays in <noscript>, so it never shows beside the new entries arriving; in data-saver mode
 * nothing polls, and it is a plain link beside « Vérifier les nouveautés ».
 */
function FirstPageRefresh({ slug, revision }: { slug: string; revision: number }) {
  const link = (
    <p className="live__nav">
      <a href={liveRefreshPath(slug, revision)} className="button">
        Rafraîchir
      </a>
    </p>
  );
  return useDataSaver().on ? link : <noscript>{link}</noscript>;
}

/**
 * « 3 nouveaux messages », or « 3 messages nouveaux ou modifiés » when some of them were edited
 * (an edit, a correction or a removal moves an entry into the refresh as a new one does).
 */
function refreshCount(entries: Entry[]): string {
  const count = entries.length;
  if (count === 0) return 'Aucun nouveau message';
  const plural = count > 1 ? 's' : '';
  if (entries.some((e) => e.updatedAt !== e.createdAt))
    return `${count} message${plural} nouveau${count > 1 ? 'x' : ''} ou modifié${plural}`;
  return `${count} nouveau${count > 1 ? 'x' : ''} message${plural}`;
}

/**
 * The refresh without JavaScript: how many messages came, and the link that asks again from here;
 * after more changes than one answer holds, the link leads to the whole live page instead.
 */
function LiveRefreshHeader({ entries, slug, revision, reload }: { entries: Entry[]; slug: string; revision: number; reload: boolean }) {
  return (
    <div className="live__refresh">
      <p className="live__count" role="status">
        {reload ? 'Beaucoup de nouveaux messages' : refreshCount(entries)}
      </p>
      <p className="live__nav">
        <a href={reload ? articlePath(slug) : liveRefreshPath(slug, revision)} className="button">
          Rafraîchir
        </a>{' '}
        <Link to={articlePath(slug)}>Voir tout le direct</Link>
      </p>
    </div>
  );
}
