/** Networks whose share page opens in a pop-up (docs/product.md#sharing). Copy-link and TikTok use the clipboard. */
export type ShareNetwork = 'facebook' | 'twitter' | 'linkedin' | 'whatsapp';

export interface SharedPage {
  url: string;
  title: string;
  /** The article's « Points clés », sent as a list under the title. */
  keyPoints?: readonly string[];
}

const enc = encodeURIComponent;

/** Each network's share page for `page`, every parameter URL-encoded. */
export function shareUrl(network: ShareNetwork, { url, title, keyPoints }: SharedPage): string {
  switch (network) {
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${enc(url)}`;
    case 'twitter':
      return `https://twitter.com/intent/tweet?url=${enc(url)}&text=${enc(title)}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${enc(url)}`;
    case 'whatsapp':
      return `https://wa.me/?text=${enc(shareMessage({ url, title, keyPoints }))}`;
  }
}

/**
 * What a shared article says before its link, in WhatsApp's own formatting: the title in bold
 * (`*…*`), then each key point on its own line after "- ". Asterisks are taken out of the title,
 * where one would end the bold early; a point keeps its own.
 */
export function shareText({ title, keyPoints = [] }: Pick<SharedPage, 'title' | 'keyPoints'>): string {
  const bold = `*${title.replace(/\*/g, '').replace(/\s+/g, ' ').trim()}*`;
  const points = keyPoints.map((p) => p.replace(/\s+/g, ' ').trim()).filter(Boolean);
  return points.length ? `${bold}\n\n${points.map((p) => `- ${p}`).join('\n')}` : bold;
}

/** The ready message: shareText, then the link after a blank line (WhatsApp previews the last link). */
export const shareMessage = (page: SharedPage): string => `${shareText(page)}\n\n${page.url}`;
