import { recordSharePress } from '../api/views';

// A network's share page in a pop-up: a module of its own, so the share bar opens it the same way
// before its code has come (ShareBar.tsx) and after (ShareButtons.tsx), for a few hundred bytes.

export const POPUP_WIDTH = 600;
export const POPUP_HEIGHT = 400;

export interface ScreenBox {
  screenX: number;
  screenY: number;
  outerWidth: number;
  outerHeight: number;
}

/**
 * window.open features for a 600×400 pop-up, centred on the opener's window when its box is
 * known (coordinates may be negative on a second screen, so they are not clamped to 0).
 * `noopener,noreferrer` keeps the network's page from reaching back into ours; Chromium still
 * honours the size with them (the E2E share test checks it).
 */
export function popupFeatures(box?: ScreenBox): string {
  const size = `width=${POPUP_WIDTH},height=${POPUP_HEIGHT}`;
  const place = box
    ? `,left=${Math.round(box.screenX + Math.max(0, box.outerWidth - POPUP_WIDTH) / 2)},top=${Math.round(box.screenY + Math.max(0, box.outerHeight - POPUP_HEIGHT) / 2)}`
    : '';
  return `${size}${place},noopener,noreferrer`;
}

/** Opens a network's share page (its address as shareUrl makes it) in the pop-up, and counts the press. */
export function openSharePage(href: string): void {
  const { screenX, screenY, outerWidth, outerHeight } = window;
  window.open(href, '_blank', popupFeatures({ screenX, screenY, outerWidth, outerHeight }));
  recordSharePress(href);
}
