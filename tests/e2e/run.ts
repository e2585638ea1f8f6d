import { spawnSync } from 'node:child_process';
import { chromiumPath } from './browser.ts';

// E2E needs the system Chromium. Without one, a developer's run says so loudly and skips;
// CI (CI=true) must have it, so there a missing browser is a failure.
if (!chromiumPath()) {
  const line = 'E2E SKIPPED: no Chromium found (install it with `apt-get install -y chromium` or set CHROME_PATH).';
  if (process.env.CI === 'true') {
    console.error(`${line} CI=true requires it.`);
    process.exit(1);
  }
  console.warn(`\n!!!!!!!! ${line} !!!!!!!!\n`);
  process.exit(0);
}
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
