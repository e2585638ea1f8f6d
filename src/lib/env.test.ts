// @vitest-environment jsdom
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { SITE_ENV_ELEMENT_ID } from './siteEnv';

// Each test imports env.ts afresh: it reads the page's settings once, when first imported (here or
// by an earlier file in the same worker).
beforeEach(() => vi.resetModules());
afterEach(() => {
  vi.unstubAllEnvs();
  document.body.replaceChildren();
});

/** A page as the site's server sends it: its settings in a JSON block, here without a time zone. */
function pageSettings(settings: object) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = SITE_ENV_ELEMENT_ID;
  block.textContent = JSON.stringify(settings);
  document.body.append(block);
}

it("the newsroom time zone falls back to the build's when the page has none, and is worked out once", async () => {
  pageSettings({ supabaseUrl: 'http://127.0.0.1:54321', supabaseAnonKey: 'a.b.c' });
  vi.stubEnv('VITE_NEWSROOM_TIME_ZONE', 'Africa/Dakar');
  const { env, newsroomTimeZone } = await import('./env');
  expect(env.supabaseAnonKey).toBe('a.b.c');
  expect(newsroomTimeZone()).toBe('Africa/Dakar');
  // Asked for per list row: the build's settings are not read (and checked) again each time.
  vi.stubEnv('VITE_NEWSROOM_TIME_ZONE', 'Africa/Lagos');
  expect(newsroomTimeZone()).toBe('Africa/Dakar');
});

it("the server's time zone wins over the build's", async () => {
  pageSettings({ supabaseUrl: 'http://127.0.0.1:54321', supabaseAnonKey: 'a.b.c', newsroomTimeZone: 'Africa/Abidjan' });
  vi.stubEnv('VITE_NEWSROOM_TIME_ZONE', 'Africa/Dakar');
  const { newsroomTimeZone } = await import('./env');
  expect(newsroomTimeZone()).toBe('Africa/Abidjan');
});
