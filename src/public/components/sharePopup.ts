// A network's share page in a pop-up: the share bar's (ShareButtons) and, before its code has
// come, the server's markup of it (ShareBar), so none of share.ts is needed for that.

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

/** Opens a network's share page in a pop-up centred on this window. */
export function openSharePopup(href: string): void {
  const { screenX, screenY, outerWidth, outerHeight } = window;
  window.open(href, '_blank', popupFeatures({ screenX, screenY, outerWidth, outerHeight }));
}
