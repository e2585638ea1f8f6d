import { formatNewsroomClock, formatNewsroomTime } from '@/lib/newsroomTime';
import { DATA_SAVER_WIDTH, FRAME_SIZE, copyAtWidth } from '@/lib/renditions';
import { liveEntryAnchor, type LiveEntry as Entry } from '@/lib/live';
import { useDataSaver } from '../../dataSaver/DataSaverContext';
import { TapImage } from '../../dataSaver/TapImage';
import { ArticleImage } from '../ArticleImage';
import { entryShareUrl } from './entryShare';
import { LinkedText } from './LinkedText';
import { useNewsroomZone } from './liveTime';
import './LiveEntry.css';

interface Props {
  entry: Entry;
  /** The live page's canonical address (no query, no fragment): the entry's link is it and its anchor. */
  pageUrl: string;
  /**
   * A second showing of an entry listed below (the pinned one at the top): without the anchor's
   * id, which the listed one holds (an id is once per page).
   */
  copy?: boolean;
}

/**
 * One entry of a live coverage as readers see it, on the server's page and when the browser
 * inserts a new one: keep its markup stable (the page's script and the data-saver page find
 * entries by `data-live-seq` and `data-live-revision`). Its time links to its own anchor.
 */
export function LiveEntry({ entry, pageUrl, copy = false }: Props) {
  const zone = useNewsroomZone();
  const saver = useDataSaver().on;
  const anchor = liveEntryAnchor(entry.seq);
  const kind = `${entry.keyEvent ? ' live-entry--key' : ''}${entry.pinned ? ' live-entry--pinned' : ''}`;
  return (
    <article
      className={`live-entry${kind}`}
      id={copy ? undefined : anchor}
      data-live-seq={entry.seq}
      data-live-revision={entry.revision}
      aria-label={`Message de ${formatNewsroomClock(entry.createdAt, zone)}`}
    >
      <header className="live-entry__meta">
        <a className="live-entry__time" href={`#${anchor}`} title={formatNewsroomTime(entry.createdAt, zone)}>
          <time dateTime={entry.createdAt}>{formatNewsroomClock(entry.createdAt, zone)}</time>
        </a>
        {entry.pinned && <span className="live-entry__flag live-entry__flag--pinned">Épinglé</span>}
        {entry.keyEvent && <span className="live-entry__flag">Point clé</span>}
        {entry.author && <span className="live-entry__author">{entry.author}</span>}
      </header>
      <div className="live-entry__body">
        <LinkedText text={entry.body} />
      </div>
      {entry.image && (
        <figure className="live-entry__image">
          {saver ? (
            <TapImage alt={entry.image.alt ?? ''} {...copyAtWidth(entry.image.url, DATA_SAVER_WIDTH, FRAME_SIZE)} />
          ) : (
            <ArticleImage url={entry.image.url} alt={entry.image.alt ?? ''} loading="lazy" />
          )}
        </figure>
      )}
      {entry.correction && (
        <p className="live-entry__correction">
          <strong>
            Correction à <time dateTime={entry.correction.at}>{formatNewsroomClock(entry.correction.at, zone)}</time> :
          </strong>{' '}
          {entry.correction.text}
        </p>
      )}
      <footer className="live-entry__footer">
        <a className="live-entry__share" href={entryShareUrl(entry.body, `${pageUrl}#${anchor}`)} target="_blank" rel="noopener noreferrer">
          Partager sur WhatsApp
        </a>
      </footer>
    </article>
  );
}
