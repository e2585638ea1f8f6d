/**
 * WhatsApp's share page for one live entry: its text, then the link to its anchor on the live
 * page after a blank line (WhatsApp previews the last link, the coverage's card). Apart from
 * share.ts: the lite page's live check builds entries too (src/public/live/entryDom.ts), and
 * importing share.ts there would cut it, with what the article page loads beside it, into chunks
 * of their own. The link carries WhatsApp's channel tag (src/lib/channels.ts), as the article's
 * share buttons' do: its arrivals count as WhatsApp, not « Messageries (sans référent) ».
 */
import { LINK_TAGS, tagLink } from '@/lib/channels';

export const entryShareUrl = (body: string, entryUrl: string): string =>
  `https://wa.me/?text=${encodeURIComponent(`${body.replace(/[ \t]+/g, ' ').trim()}\n\n${tagLink(entryUrl, LINK_TAGS.whatsapp)}`)}`;
