import { spawn } from 'node:child_process';
import os from 'node:os';
import { chromiumPath } from './browser.ts';
import startE2e from './globalSetup.ts';

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

// One stack, one production build and one site server for the whole run (globalSetup.ts, called
// here once), then two Playwright runs against them: the specs with rows of their own on two
// workers, then the newsroom-wide ones alone (playwright.config.ts says which are which).
// E2E_WORKERS sets the first run's workers (default: 2, or 1 on a one-core machine). Arguments
// (spec files, -g, --reporter…) go to both runs; a run with none of the named specs passes.
const workers = process.env.E2E_WORKERS ?? String(Math.min(2, os.availableParallelism()));
const phases = [
  { project: 'stories', options: ['--workers', workers] },
  { project: 'newsroom', options: [] },
];

// Interrupted, the run stops Playwright, then the stack and the site. Ctrl-C already reaches
// Playwright (same process group; a second SIGINT would make it quit without its own clean-up),
// so only SIGTERM is passed on.
let interrupted = false;
let child: ReturnType<typeof spawn> | null = null;
process.on('SIGINT', () => (interrupted = true));
process.on('SIGTERM', () => {
  interrupted = true;
  child?.kill('SIGTERM');
});

/** One Playwright run; a JSON report asked for with PLAYWRIGHT_JSON_OUTPUT_NAME gets the project's name in its file name. */
function playwright(project: string, options: string[]): Promise<number> {
  const json = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME;
  const env = json ? { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: json.replace(/(\.json)?$/, `.${project}.json`) } : process.env;
  child = spawn('npx', ['playwright', 'test', '--project', project, ...options, '--pass-with-no-tests', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env,
  });
  return new Promise((resolve) => child!.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

const started = Date.now();
const stop = await startE2e();
console.log(`E2E: stack, build and site ready in ${((Date.now() - started) / 1000).toFixed(0)} s`);
let failed = false;
try {
  for (const { project, options } of phases) {
    if (interrupted) break;
    const phaseStart = Date.now();
    const status = await playwright(project, options);
    console.log(`E2E: ${project} ${status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - phaseStart) / 1000).toFixed(0)} s`);
    if (status !== 0) failed = true;
  }
} finally {
  await stop();
}
process.exit(interrupted ? 130 : failed ? 1 : 0);
