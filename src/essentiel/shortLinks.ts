// The forwardable edition's short links: `/a/{id}`, the article's uuid written in base 62 (22
// letters and digits, no `_` or `-` that WhatsApp or Telegram could read as formatting), carrying
// the channel tag the page cache and the edge ignore (`s=`, docs/deployment.md).

import { LINK_TAGS } from '@/lib/channels';

/** Where a short link lives; the server answers it with a 301 to the article. */
export const SHORT_LINK_PREFIX = '/a/';

/** The channel tags of « L'essentiel du jour »: WhatsApp (forwarded by hand) and the Telegram channel. */
export const CHANNELS = { whatsapp: LINK_TAGS.essentielWhatsapp, telegram: LINK_TAGS.essentielTelegram } as const;
export type Channel = (typeof CHANNELS)[keyof typeof CHANNELS];

/** A channel tag as a link may carry it: short, lower-case letters, digits and dashes. */
export const CHANNEL_TAG = /^[a-z0-9-]{1,16}$/;

const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const ID_LENGTH = 22;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An article's uuid in base 62, always 22 characters. */
export function shortId(uuid: string): string {
  if (!UUID.test(uuid)) throw new Error(`not a uuid: ${uuid}`);
  let n = BigInt(`0x${uuid.replace(/-/g, '')}`);
  let out = '';
  while (n > 0n) {
    out = DIGITS[Number(n % 62n)] + out;
    n /= 62n;
  }
  return out.padStart(ID_LENGTH, '0');
}

/** The uuid a short id names, or null when it names none (wrong letters, length or too large). */
export function uuidOfShortId(id: string): string | null {
  if (id.length !== ID_LENGTH || !/^[0-9A-Za-z]+$/.test(id)) return null;
  let n = 0n;
  for (const c of id) n = n * 62n + BigInt(DIGITS.indexOf(c));
  const hex = n.toString(16);
  if (hex.length > 32) return null;
  const h = hex.padStart(32, '0');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** An article's absolute short link, tagged with its channel. */
export const shortLink = (origin: string, articleId: string, channel: Channel) =>
  `${new URL(origin).origin}${SHORT_LINK_PREFIX}${shortId(articleId)}?s=${channel}`;
