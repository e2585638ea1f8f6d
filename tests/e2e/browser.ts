import fs from 'node:fs';

/** The system Chromium (Debian's package), or CHROME_PATH; npm never downloads a browser here. */
export function chromiumPath(): string | null {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  return candidates.find((p): p is string => Boolean(p && fs.existsSync(p))) ?? null;
}

/**
 * The browser E2E drives: Debian's Chromium headless shell when installed (`chromium-headless-shell`,
 * the « old » headless Chrome without the full browser's window and compositor layers), which runs
 * the same pages for far less CPU than the full browser (measured in docs/testing.md), unless
 * `CHROME_PATH` names a browser (then that one, or `CHROME_HEADLESS_SHELL_PATH`'s shell when set too);
 * else the full one. Benchmarks keep the full browser (what readers run), as do the specs that need what
 * only it has (shown notifications: `FULL_BROWSER`).
 */
export function e2eBrowserPath(): string | null {
  // A browser named with CHROME_PATH is the one wanted, unless a shell is named too.
  const shell = process.env.CHROME_HEADLESS_SHELL_PATH ?? (process.env.CHROME_PATH ? null : '/usr/bin/chromium-headless-shell');
  // E2E_FULL_BROWSER=1: every spec in the full browser (to tell a shell quirk from a real failure).
  return process.env.E2E_FULL_BROWSER !== '1' && shell && fs.existsSync(shell) ? shell : chromiumPath();
}

/** Flags for a root, offline machine: no sandbox, and no background calls to Google's hosts. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Playwright options for a spec that needs the full browser. */
export const FULL_BROWSER = { launchOptions: { executablePath: chromiumPath() ?? undefined, args: CHROMIUM_ARGS } };
