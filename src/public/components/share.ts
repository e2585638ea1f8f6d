/** Networks whose share page opens in a pop-up (docs/product.md#sharing). Copy-link and TikTok use the clipboard. */
export type ShareNetwork = 'facebook' | 'twitter' | 'linkedin' | 'whatsapp';

export interface SharedPage {
  url: string;
  title: string;
}

export const POPUP_WIDTH = 600;
export const POPUP_HEIGHT = 400;

const enc = encodeURIComponent;

/** Each network's share page for `page`, every parameter URL-encoded. */
export function shareUrl(network: ShareNetwork, { url, title }: SharedPage): string {
  switch (network) {
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${enc(url)}`;
    case 'twitter':
      return `https://twitter.com/intent/tweet?url=${enc(url)}&text=${enc(title)}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${enc(url)}`;
    case 'whatsapp':
      return `https://wa.me/?text=${enc(`${title} ${url}`)}`;
  }
}

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
