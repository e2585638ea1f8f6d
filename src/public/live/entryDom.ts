// One live entry as plain DOM, for the lite page (no React there): the same markup LiveEntry
// renders in data-saver mode (src/public/components/live/LiveEntry.tsx; entryDom.test.tsx holds the
// two in step), so the page's CSS and the tap buttons' script treat it alike.
import { linkifyParts } from '@/lib/content';
import { liveEntryAnchor, type LiveEntry } from '@/lib/live';
import { formatNewsroomClock, formatNewsroomTime } from '@/lib/newsroomTime';
import { copyAtWidth, DATA_SAVER_WIDTH, FRAME_SIZE } from '@/lib/renditions';
import { entryShareUrl } from '../components/live/entryShare';

type Children = (Node | string | null | false)[];

function el(tag: string, attrs: Record<string, string | undefined>, ...children: Children): HTMLElement {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) if (value !== undefined) node.setAttribute(name, value);
  for (const child of children) if (child) node.append(child);
  return node;
}

const time = (at: string, zone: string) => el('time', { datetime: at }, formatNewsroomClock(at, zone));

function body(text: string): HTMLElement[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((paragraph) =>
      el(
        'p',
        {},
        ...linkifyParts(paragraph).map((part) =>
          part.type === 'link' ? el('a', { href: part.href, target: '_blank', rel: 'noopener noreferrer' }, part.text) : part.text,
        ),
      ),
    );
}

/** The picture waits for a tap, as everywhere in data-saver mode (tapDom.ts gives the button its behaviour). */
function tapImage({ url, alt }: NonNullable<LiveEntry['image']>): HTMLElement {
  const copy = copyAtWidth(url, DATA_SAVER_WIDTH, FRAME_SIZE);
  return el(
    'button',
    {
      type: 'button',
      class: 'tap-image',
      'data-tap-src': copy.src,
      'data-tap-alt': alt ?? '',
      'data-tap-width': String(copy.width),
      'data-tap-height': String(copy.height),
    },
    "Afficher l'image",
    el('span', { class: 'tap-image__size' }),
  );
}

/** An entry of the list (the anchor's id is its own), as the lite page shows it. */
export function entryElement(entry: LiveEntry, pageUrl: string, zone: string): HTMLElement {
  const anchor = liveEntryAnchor(entry.seq);
  const kind = `${entry.keyEvent ? ' live-entry--key' : ''}${entry.pinned ? ' live-entry--pinned' : ''}`;
  return el(
    'article',
    {
      class: `live-entry${kind}`,
      id: anchor,
      'data-live-seq': String(entry.seq),
      'data-live-revision': String(entry.revision),
      'aria-label': `Message de ${formatNewsroomClock(entry.createdAt, zone)}`,
    },
    el(
      'header',
      { class: 'live-entry__meta' },
      el(
        'a',
        { class: 'live-entry__time', href: `#${anchor}`, title: formatNewsroomTime(entry.createdAt, zone) },
        time(entry.createdAt, zone),
      ),
      entry.pinned && el('span', { class: 'live-entry__flag live-entry__flag--pinned' }, 'Épinglé'),
      entry.keyEvent && el('span', { class: 'live-entry__flag' }, 'Point clé'),
      entry.author && el('span', { class: 'live-entry__author' }, entry.author),
    ),
    el('div', { class: 'live-entry__body' }, ...body(entry.body)),
    entry.image && el('figure', { class: 'live-entry__image' }, tapImage(entry.image)),
    entry.correction &&
      el(
        'p',
        { class: 'live-entry__correction' },
        el('strong', {}, 'Correction à ', time(entry.correction.at, zone), ' :'),
        ' ',
        entry.correction.text,
      ),
    el(
      'footer',
      { class: 'live-entry__footer' },
      el(
        'a',
        {
          class: 'live-entry__share',
          href: entryShareUrl(entry.body, `${pageUrl}#${anchor}`),
          target: '_blank',
          rel: 'noopener noreferrer',
        },
        'Partager sur WhatsApp',
      ),
    ),
  );
}
