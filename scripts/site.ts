// Build and run the production site from scripts and test set-ups (E2E, bench:web), exactly as
// `npm run build` and `npm start` do, but in a folder and on ports of the caller's choosing.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { ANON_KEY, freePort, type RunningStack } from '@afriqueactu/supabase-local';
import { appStackOptions, PROJECT_ROOT, startAppStack } from './localStack.ts';
import { PRECOMPRESS_ENV } from './precompress.ts';

export interface SiteSupabase {
  supabaseUrl: string;
  anonKey: string;
  /** The stack's Postgres: the server proves its kept pages over it (PAGE_CACHE_DATABASE_URL), as in production. */
  databaseUrl?: string;
}

/**
 * The browser build in `outDir/client`, the server in `outDir/server` (npm run build). Without
 * `precompress`, no .br and .gz copies of the browser's files: a build no reader loads (npm start's
 * signals) saves about 6 CPU-s.
 */
export async function buildSite(outDir: string, supabase: SiteSupabase, { precompress = true } = {}): Promise<void> {
  process.env.VITE_SUPABASE_URL = supabase.supabaseUrl;
  process.env.VITE_SUPABASE_ANON_KEY = supabase.anonKey;
  const before = process.env[PRECOMPRESS_ENV];
  if (!precompress) process.env[PRECOMPRESS_ENV] = '0';
  try {
    await build({ root: PROJECT_ROOT, logLevel: 'warn', build: { outDir: path.join(outDir, 'client'), emptyOutDir: true } });
  } finally {
    if (before === undefined) delete process.env[PRECOMPRESS_ENV];
    else process.env[PRECOMPRESS_ENV] = before;
  }
  await build({
    root: PROJECT_ROOT,
    logLevel: 'error',
    build: { ssr: 'src/server/main.ts', outDir: path.join(outDir, 'server'), emptyOutDir: true },
  });
  // The server bundle imports its packages (react-dom, jsdom…) from node_modules, as `npm start`
  // does from the project; a build folder elsewhere (a temp dir) gets a link to the project's.
  const modules = path.join(outDir, 'node_modules');
  if (!fs.existsSync(modules)) fs.symlinkSync(path.join(PROJECT_ROOT, 'node_modules'), modules, 'dir');
}

export interface RunningSite {
  url: string;
  stop: () => Promise<void>;
}

/**
 * `npm start` on a free port, or on `port` when the stack must know the site's URL beforehand (its
 * e-mail links go back to the site). SSR=off serves pages for the browser to render, for comparisons;
 * `env` adds settings (PAGE_CACHE_MS, TRUST_PROXY: see src/server/main.ts), `nodeArgs` Node's (--cpu-prof).
 */
export async function startSite(
  outDir: string,
  supabase: SiteSupabase,
  options: { ssr?: boolean; port?: number; env?: Record<string, string>; nodeArgs?: string[] } = {},
): Promise<RunningSite> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), path.join(outDir, 'server', 'main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: url,
      VITE_SUPABASE_URL: supabase.supabaseUrl,
      VITE_SUPABASE_ANON_KEY: supabase.anonKey,
      ...(supabase.databaseUrl && { PAGE_CACHE_DATABASE_URL: supabase.databaseUrl }),
      SSR: options.ssr === false ? 'off' : 'on',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The site server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/robots.txt`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`The site server did not answer on ${url} within 15 s`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

type Started = (what: string, stop: () => Promise<unknown>) => void;
interface SiteWithStackOptions {
  siteUrlInStack?: boolean;
  siteEnv?: Record<string, string>;
  newsletter?: boolean;
  /** Runs on each stack once it is up, before its site starts (settings the site reads at once). */
  beforeSite?: (stack: RunningStack) => Promise<void>;
}

/** Where a fresh stack will be: its temp folder and free ports, chosen before it starts. */
async function planStack(prefix: string, started: Started, options: SiteWithStackOptions) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  started('temp folder', async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const apiPort = await freePort();
  return { dataDir, apiPort, dbPort: await freePort(), sitePort: options.siteUrlInStack ? await freePort() : undefined };
}
type PlannedStack = Awaited<ReturnType<typeof planStack>>;

async function startPlannedStack(plan: PlannedStack, started: Started): Promise<RunningStack> {
  const stack = await startAppStack(
    {
      ...appStackOptions(),
      dataDir: plan.dataDir,
      apiPort: plan.apiPort,
      dbPort: plan.dbPort,
      ...(plan.sitePort && { siteUrl: `http://127.0.0.1:${plan.sitePort}` }),
      quiet: true,
    },
    { durable: false },
  );
  started('stack', stack.stop);
  return stack;
}

/** The production server from `outDir` on a running stack: its API, its Postgres for the page cache's proof, its inbox with `newsletter`. */
export async function startSiteOnStack(
  outDir: string,
  stack: RunningStack,
  sitePort: number | undefined,
  started: Started,
  options: SiteWithStackOptions,
): Promise<RunningSite> {
  // The newsletter's sender needs the service role key; it mails into the stack's inbox.
  const newsletterEnv: Record<string, string> = options.newsletter
    ? { SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey, SMTP_URL: stack.smtpUrl }
    : {};
  const site = await startSite(
    outDir,
    { supabaseUrl: stack.apiUrl, anonKey: stack.anonKey, databaseUrl: stack.dbUrl },
    { port: sitePort, env: { ...newsletterEnv, ...options.siteEnv } },
  );
  started('site', site.stop);
  return site;
}

/**
 * What E2E and the benches run on: a fresh seeded stack on free ports in a temp folder, and the
 * production build served against it. Each piece is handed to `started` with what stops it as soon
 * as it exists (the folder, the stack, the site), so a caller interrupted during the build still
 * stops what is up; the caller stops them in reverse order. With `siteUrlInStack`, the stack knows
 * the site's address beforehand (its e-mail links lead back to it); `siteEnv` adds the server's settings.
 */
export async function startSiteWithStack(
  prefix: string,
  started: Started,
  options: SiteWithStackOptions = {},
): Promise<{ stack: RunningStack; site: RunningSite; outDir: string }> {
  const { outDir, sites } = await startSitesWithStacks(prefix, 1, started, options);
  return { ...sites[0], outDir };
}

/**
 * `count` such stacks, each with a site of its own, from one production build made while the stacks
 * start (the build needs only the first stack's address, and each server hands the browser its own:
 * src/server/main.ts). E2E runs its two projects side by side on two of them (tests/e2e/run.ts).
 */
export async function startSitesWithStacks(
  prefix: string,
  count: number,
  started: Started,
  options: SiteWithStackOptions = {},
): Promise<{ outDir: string; sites: { stack: RunningStack; site: RunningSite }[] }> {
  const plans: PlannedStack[] = [];
  for (let i = 0; i < count; i++) plans.push(await planStack(prefix, started, options));
  const outDir = path.join(plans[0].dataDir, 'dist');
  const [stacks] = await Promise.all([
    Promise.all(plans.map((plan) => startPlannedStack(plan, started))),
    buildSite(outDir, { supabaseUrl: `http://127.0.0.1:${plans[0].apiPort}`, anonKey: ANON_KEY }),
  ]);
  const sites = await Promise.all(
    stacks.map(async (stack, i) => {
      await options.beforeSite?.(stack);
      return startSiteOnStack(outDir, stack, plans[i].sitePort, started, options);
    }),
  );
  return { outDir, sites: stacks.map((stack, i) => ({ stack, site: sites[i] })) };
}
