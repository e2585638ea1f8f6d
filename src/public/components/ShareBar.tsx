import type { MouseEvent } from 'react';
import { useToast, type ToastInput } from '@/public/toast/Toaster';
import { COPY_FAILED } from './copyFailed';
import { openSharePage } from './popup';
import { KeptPart } from '../page/KeptPart';
import { preloadable } from '../page/preloadable';
import type { CopyButton, ShareButtonsProps } from './ShareButtons';
// With the page: the bar is painted from the server's markup before its code comes.
import './ShareButtons.css';

export const shareButtons = preloadable(() => import('./ShareButtons').then((m) => m.ShareButtons));

/**
 * An article's share bar. A page the server made keeps the bar's markup and takes its code (the
 * clipboard, the phone's share sheet, about 1.5 KB gzip) once the page has loaded and is idle;
 * until then a network's button already opens its share page in the same pop-up, from the address
 * the server wrote on it (data-share-href, as on the data-saver page), and « Copier le lien » or TikTok fetch
 * that code at once and copy: a press on a slow phone is never lost.
 */
export function ShareBar(props: ShareButtonsProps) {
  const toast = useToast();
  return (
    <KeptPart
      chunk={shareButtons}
      props={props}
      className="kept-part"
      later
      onClick={(event) => pressBeforeCode(event, props.url, toast)}
    />
  );
}

function pressBeforeCode(event: MouseEvent<HTMLElement>, url: string, toast: (t: ToastInput) => void) {
  const button = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-share-href], [data-copy]') : null;
  const href = button?.dataset.shareHref;
  if (href) return openSharePage(href);
  const copy = button?.dataset.copy;
  if (copy === 'link' || copy === 'tiktok') copyWithCode(url, copy, toast);
}

function copyWithCode(url: string, button: CopyButton, toast: (t: ToastInput) => void) {
  import('./ShareButtons').then(
    (code) => code.copyPageLink(url, button, toast),
    (error: unknown) => {
      // Offline or a new release's chunk gone: the reader still has the address bar.
      console.error('Share bar code failed to load', error);
      toast(COPY_FAILED);
    },
  );
}
