import fs from 'node:fs';

/** The system Chromium (Debian's package), or CHROME_PATH; npm never downloads a browser here. */
export function chromiumPath(): string | null {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  return candidates.find((p): p is string => Boolean(p && fs.existsSync(p))) ?? null;
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
