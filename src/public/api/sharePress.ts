/**
 * A press of a network's share button, counted by the database (record_share_press: once per
 * reader, article and network per 30 minutes, nothing about who) for « Canaux », where WhatsApp's
 * presses are set beside the readers its tag brought. Read from the share page's address the
 * button opens, so the reader app, its early click handler and the lite page count alike.
 */
const NETWORKS: [RegExp, string][] = [
  [/^https:\/\/wa\.me\//, 'whatsapp'],
  [/^https:\/\/www\.facebook\.com\//, 'facebook'],
  [/^https:\/\/twitter\.com\//, 'x'],
  [/^https:\/\/www\.linkedin\.com\//, 'linkedin'],
];

/** record_share_press's arguments for a share page's address, or null when it is none of ours. */
export function sharePressArgs(shareHref: string): { p_slug: string; p_network: string } | null {
  const network = NETWORKS.find(([pattern]) => pattern.test(shareHref))?.[1];
  if (!network) return null;
  const params = new URL(shareHref).searchParams;
  // The article's link: WhatsApp's is the message's last line; the others' a parameter of its own.
  const link = params.get('u') ?? params.get('url') ?? params.get('text')?.split('\n').pop() ?? '';
  const slug = /\/article\/([^/?#]+)/.exec(link)?.[1];
  return slug ? { p_slug: decodeURIComponent(slug), p_network: network } : null;
}
