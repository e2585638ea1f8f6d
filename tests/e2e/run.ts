import os from 'node:os';
import { listenForStop, runSideBySide, runStep, stopRequested, type Step } from '../../scripts/steps.ts';
import { chromiumPath } from './browser.ts';
import { startEnvironments, type E2eEnvironment } from './globalSetup.ts';

listenForStop();

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

// One production build for the whole run, and the two Playwright projects (playwright.config.ts
// says which spec is which): `stories`, whose specs make and read rows of their own, on two
// workers; `newsroom`, whose specs read or change what the whole newsroom shares, alone. On a
// machine with two cores or more, each project gets a stack and a site of its own and the two run
// side by side; otherwise, or when specs are named (a developer running a few), one stack and one
// site serve both, one project after the other.
// E2E_WORKERS sets `stories`' workers (default: 2, or 1 on a one-core machine). Arguments (spec
// files, -g, --reporter…) go to both projects; a project with none of the named specs passes.
const args = process.argv.slice(2);
const cores = os.availableParallelism();
const workers = process.env.E2E_WORKERS ?? String(Math.min(2, cores));
const sideBySide = cores > 1 && args.length === 0;
const projects = [
  { project: 'stories', options: ['--workers', workers] },
  { project: 'newsroom', options: [] },
];

/** One Playwright run of `project`; a JSON report asked for with PLAYWRIGHT_JSON_OUTPUT_NAME gets the project's name in its file name. */
function playwright(project: string, options: string[], environment: E2eEnvironment): Step {
  const json = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME;
  return {
    name: `e2e ${project}`,
    command: 'npx',
    args: ['playwright', 'test', '--project', project, ...options, '--pass-with-no-tests', ...args],
    env: { ...environment, ...(json && { PLAYWRIGHT_JSON_OUTPUT_NAME: json.replace(/(\.json)?$/, `.${project}.json`) }) },
  };
}

const started = Date.now();
const { environments, stop } = await startEnvironments(sideBySide ? projects.length : 1);
console.log(`E2E: ${environments.length} stack(s), the build and the site(s) ready in ${((Date.now() - started) / 1000).toFixed(0)} s`);
const failed: string[] = [];
try {
  if (sideBySide)
    failed.push(...(await runSideBySide(projects.map(({ project, options }, i) => playwright(project, options, environments[i])))));
  else
    for (const { project, options } of projects) {
      if (stopRequested()) break;
      const step = playwright(project, options, environments[0]);
      if ((await runStep(step, false)) !== 0) failed.push(step.name);
    }
} finally {
  await stop();
}
process.exit(stopRequested() ? 130 : failed.length ? 1 : 0);
