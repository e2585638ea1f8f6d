// Reading and checking the Supabase settings, for the browser (env.ts) and the site's server.
// The local stack's public demo values (see README): a fresh clone runs with no .env at all.
const LOCAL_URL = 'http://127.0.0.1:54321';
const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

export interface SiteEnv {
  supabaseUrl: string;
  supabaseAnonKey: string;
  /**
   * The newsroom's IANA time zone (VITE_NEWSROOM_TIME_ZONE): the back office shows and takes
   * scheduled times in it. Absent when it was not set where these settings were read (env.ts then
   * falls back to the build's value, else UTC).
   */
  newsroomTimeZone?: string;
}

/** The newsroom's time zone when none is set. */
export const DEFAULT_TIME_ZONE = 'UTC';

/** The id of the JSON block in which the site's server hands its Supabase settings to the page. */
export const SITE_ENV_ELEMENT_ID = 'site-env';

/**
 * VITE_NEWSROOM_TIME_ZONE checked: the name when set, undefined when blank, an error when it is
 * no IANA time zone. Apart from readEnv so that the browser, asking only for the time zone
 * (env.ts), does not check the Supabase settings again.
 */
export function readTimeZone(value: string | undefined): string | undefined {
  const name = value?.trim();
  if (!name) return undefined;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
  } catch {
    throw new Error(`VITE_NEWSROOM_TIME_ZONE is not an IANA time zone (such as Africa/Dakar): "${name}". See .env.example.`);
  }
  return name;
}

/** Reads and checks the env once, with an error that says what to fix. */
export function readEnv(source: Record<string, string | undefined>): SiteEnv {
  const supabaseUrl = source.VITE_SUPABASE_URL || LOCAL_URL;
  const supabaseAnonKey = source.VITE_SUPABASE_ANON_KEY || LOCAL_ANON_KEY;
  try {
    const url = new URL(supabaseUrl);
    if (!/^https?:$/.test(url.protocol)) throw new Error();
  } catch {
    throw new Error(`VITE_SUPABASE_URL must be an http(s) URL, got "${supabaseUrl}". See .env.example.`);
  }
  if (supabaseAnonKey.split('.').length !== 3 && !supabaseAnonKey.startsWith('sb_publishable_'))
    throw new Error('VITE_SUPABASE_ANON_KEY is not a Supabase anon (JWT) or publishable key. See .env.example.');
  const newsroomTimeZone = readTimeZone(source.VITE_NEWSROOM_TIME_ZONE);
  return { supabaseUrl: supabaseUrl.replace(/\/$/, ''), supabaseAnonKey, ...(newsroomTimeZone && { newsroomTimeZone }) };
}
