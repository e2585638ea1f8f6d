import type { MouseEvent } from 'react';
import { recordSharePress } from '../api/views';
import { KeptPart } from '../page/KeptPart';
import { preloadable } from '../page/preloadable';
import type { ShareButtonsProps } from './ShareButtons';
// With the page: the bar is painted from the server's markup before its code comes.
import './ShareButtons.css';

export const shareButtons = preloadable(() => import('./ShareButtons').then((m) => m.ShareButtons));

/**
 * An article's share bar. A page the server made keeps the bar's markup and takes its code (the
 * clipboard, the phone's share sheet, about 1.5 KB gzip) once the page has loaded and is idle;
 * until then a network's button already opens its share page in a tab, from the address the server
 * wrote on it (data-share-href, as on the data-saver page).
 */
export function ShareBar(props: ShareButtonsProps) {
  return <KeptPart chunk={shareButtons} props={props} className="kept-part" later onClick={openSharePage} />;
}

function openSharePage(event: MouseEvent<HTMLElement>) {
  const href = event.target instanceof Element ? event.target.closest('[data-share-href]')?.getAttribute('data-share-href') : null;
  // A tab, as the data-saver page opens it: the pop-up's placement comes with the bar's code.
  if (!href) return;
  window.open(href, '_blank', 'noopener,noreferrer');
  recordSharePress(href);
}
