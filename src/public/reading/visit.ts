/**
 * The visit's channel, worked out on the phone from the page it began on (src/lib/channels.ts),
 * and kept in this tab (sessionStorage, never sent on its own) for the visit's later pages. Once it
 * is known, the channel tag leaves the address bar: a reader who copies the link elsewhere does
 * not carry it.
 */
import { isArticlePath } from '@/lib/readerPaths';
import { attributeChannel, isChannel, isNotAReader, withoutTags, type Attribution } from '@/lib/channels';

/** Where the visit began: captured at once (the tag leaves the address bar soon after). */
export interface Landing {
  search: string;
  path: string;
  referrer: string;
}

export const landingNow = (): Landing => ({ search: location.search, path: location.pathname, referrer: document.referrer });

const VISIT_KEY = 'aa-canal';
let visit: Attribution | null | undefined;

/** The tab's stored value, or null where storage is refused (private modes, full quotas). */
function stored(): string | null {
  try {
    return sessionStorage.getItem(VISIT_KEY);
  } catch {
    return null;
  }
}

/** The visit's channel, null for a crawler or a link-preview fetcher (not counted). */
export function visitAttribution(landing: Landing): Attribution | null {
  if (visit !== undefined) return visit;
  if (isNotAReader(navigator.userAgent)) return (visit = null);
  const kept = stored();
  visit = attributeChannel({
    ...landing,
    origin: location.origin,
    landedOnArticle: isArticlePath(landing.path),
    visitChannel: isChannel(kept) ? kept : null,
  });
  try {
    sessionStorage.setItem(VISIT_KEY, visit.channel);
  } catch {
    // The visit's later pages then fall back to the rule: a move inside the site is « direct ».
  }
  const search = withoutTags(location.search);
  if (search !== location.search) history.replaceState(history.state, '', `${location.pathname}${search}${location.hash}`);
  return visit;
}
