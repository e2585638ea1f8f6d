import { verdictText, type SharedVerdict } from './verdictText';

/**
 * The kit's channel tag: LINK_TAGS.correctionKit of src/lib/channels.ts (counted as WhatsApp),
 * written here so the article's first load does not carry the channels' module (a test holds both equal).
 */
export const CORRECTION_KIT_TAG = 'vf-kit';

/**
 * The « Kit de correction »'s message, to send back into the group where the rumour was seen: the
 * verdict and the claim, « En bref », then the link tagged with its channel (the page cache and the
 * edge ignore the tag; the newsroom's figures count it).
 */
export function correctionKitMessage(verdict: SharedVerdict, url: string, siteName: string): string {
  const tagged = new URL(url);
  tagged.searchParams.set('s', CORRECTION_KIT_TAG);
  return `${verdictText(verdict)}\n\nVérifié par ${siteName} : ${tagged.href}`;
}
