import { readEnv, SITE_ENV_ELEMENT_ID, type SiteEnv } from './siteEnv';

/**
 * Pages served by the site's server carry the server's settings, so one build can be pointed at
 * any Supabase project when it starts; without them (a static host) the build-time values apply.
 */
function fromPage(): SiteEnv | null {
  if (typeof document === 'undefined') return null;
  const text = document.getElementById(SITE_ENV_ELEMENT_ID)?.textContent;
  return text ? (JSON.parse(text) as SiteEnv) : null;
}

export const env = fromPage() ?? readEnv(import.meta.env as Record<string, string | undefined>);
