import { LINK_TAGS, tagLink } from '@/lib/channels';
import { verdictText, type SharedVerdict } from '../share';

/**
 * The « Kit de correction »'s message, to send back into the group where the rumour was seen: the
 * verdict and the claim, « En bref », then the link tagged with its channel (the page cache and the
 * edge ignore the tag; the newsroom's figures count it).
 */
export function correctionKitMessage(verdict: SharedVerdict, url: string, siteName: string): string {
  return `${verdictText(verdict)}\n\nVérifié par ${siteName} : ${tagLink(url, LINK_TAGS.correctionKit)}`;
}
