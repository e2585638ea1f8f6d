import { DEFAULT_TIME_ZONE, readEnv, readTimeZone, SITE_ENV_ELEMENT_ID, type SiteEnv } from './siteEnv';

/**
 * Pages served by the site's server carry the server's settings, so one build can be pointed at
 * any Supabase project when it starts; without them (a static host) the build-time values apply.
 */
function fromPage(): SiteEnv | null {
  if (typeof document === 'undefined') return null;
  const text = document.getElementById(SITE_ENV_ELEMENT_ID)?.textContent;
  return text ? (JSON.parse(text) as SiteEnv) : null;
}

const buildEnv = import.meta.env as Record<string, string | undefined>;

export const env = fromPage() ?? readEnv(buildEnv);

let timeZone: string | undefined;

/**
 * The newsroom's time zone (back office, preview): the server's when it handed one, else the
 * build's, else UTC. Worked out on first use and kept: it is asked for per list row and per
 * revision, and checking the build's time zone builds an Intl formatter each time.
 */
export function newsroomTimeZone(): string {
  timeZone ??= env.newsroomTimeZone ?? readTimeZone(buildEnv.VITE_NEWSROOM_TIME_ZONE) ?? DEFAULT_TIME_ZONE;
  return timeZone;
}
