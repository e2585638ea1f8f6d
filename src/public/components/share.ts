import { LINK_TAGS, tagLink } from '@/lib/channels';
import { verdictText, type SharedVerdict } from './factCheck/verdictText';

/** Networks whose share page opens in a pop-up (docs/product.md#sharing). Copy-link and TikTok use the clipboard. */
export type ShareNetwork = 'facebook' | 'twitter' | 'linkedin' | 'whatsapp';

export interface SharedPage {
  url: string;
  title: string;
  /** The article's « Points clés », sent as a list under the title. */
  keyPoints?: readonly string[];
  /** A « Vrai ou faux »: its verdict, claim and « En bref » are the message instead. */
  verdict?: SharedVerdict;
}

const enc = encodeURIComponent;

/** The channel tag each network's shared link carries (src/lib/channels.ts), so its arrivals are told apart. */
const NETWORK_TAGS = {
  facebook: LINK_TAGS.facebook,
  twitter: LINK_TAGS.x,
  linkedin: LINK_TAGS.linkedin,
  whatsapp: LINK_TAGS.whatsapp,
} as const;

/** Each network's share page for `page`, its link tagged with the network, every parameter URL-encoded. */
export function shareUrl(network: ShareNetwork, page: SharedPage): string {
  const { title, keyPoints, verdict } = page;
  const url = tagLink(page.url, NETWORK_TAGS[network]);
  switch (network) {
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${enc(url)}`;
    case 'twitter':
      return `https://twitter.com/intent/tweet?url=${enc(url)}&text=${enc(title)}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${enc(url)}`;
    case 'whatsapp':
      return `https://wa.me/?text=${enc(shareMessage({ url, title, keyPoints, verdict }))}`;
  }
}

/**
 * What a shared article says before its link, in WhatsApp's own formatting: the title in bold
 * (`*…*`), then each key point on its own line after "- ". Asterisks are taken out of the title,
 * where one would end the bold early; a point keeps its own.
 */
export function shareText({ title, keyPoints = [], verdict }: Pick<SharedPage, 'title' | 'keyPoints' | 'verdict'>): string {
  if (verdict) return verdictText(verdict);
  const bold = `*${title.replace(/\*/g, '').replace(/\s+/g, ' ').trim()}*`;
  const points = keyPoints.map((p) => p.replace(/\s+/g, ' ').trim()).filter(Boolean);
  return points.length ? `${bold}\n\n${points.map((p) => `- ${p}`).join('\n')}` : bold;
}

/** The ready message: shareText, then the link after a blank line (WhatsApp previews the last link). */
export const shareMessage = (page: SharedPage): string => `${shareText(page)}\n\n${page.url}`;
