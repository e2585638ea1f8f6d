import { verdictText, type SharedVerdict } from '../share';

/** The channel tag of a message forwarded from the « Kit de correction » (`s=`, as the daily edition's links carry theirs). */
export const CORRECTION_KIT_CHANNEL = 'vf-kit';

/**
 * The « Kit de correction »'s message, to send back into the group where the rumour was seen: the
 * verdict and the claim, « En bref », then the link tagged with its channel (the page cache and the
 * edge ignore the tag; the newsroom's figures count it).
 */
export function correctionKitMessage(verdict: SharedVerdict, url: string, siteName: string): string {
  const tagged = new URL(url);
  tagged.searchParams.set('s', CORRECTION_KIT_CHANNEL);
  return `${verdictText(verdict)}\n\nVérifié par ${siteName} : ${tagged.href}`;
}
