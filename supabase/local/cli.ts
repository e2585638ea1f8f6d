import fs from 'node:fs';
import { LOCAL_ACCOUNTS } from './accounts.ts';
import { defaultStackOptions, PROJECT_ROOT } from './config.ts';
import { DETACHED_VARIABLE, Lifecycle } from './lifecycle.ts';
import { claimDataFolder } from './orphans.ts';
import { assertPortFree } from './ports.ts';
import { startStack, type RunningStack } from './stack.ts';

const command = process.argv[2];
// The inbox takes its fixed port only here: tests and scripts, which run side by side, get a free one.
const inboxPort = Number(process.env.SUPABASE_LOCAL_INBOX_PORT ?? 54324);
const options = {
  ...defaultStackOptions(),
  inboxPort,
  // Beside the inbox's web port (54325, as the CLI's), so stacks on other ports do not collide; a
  // free one when the inbox takes a free one (0).
  smtpPort: Number(process.env.SUPABASE_LOCAL_SMTP_PORT ?? (inboxPort ? inboxPort + 1 : 0)),
};
// Before the start: a Ctrl-C during migrations must stop Postgres too.
const lifecycle = new Lifecycle();

function printStack(stack: RunningStack): void {
  console.log(`
  API URL          ${stack.apiUrl}
  Database URL     ${stack.dbUrl}
  anon key         ${stack.anonKey}
  service_role key ${stack.serviceRoleKey}
  Inbox URL        ${stack.inboxUrl}  (e-mails sent by auth: password reset, address change)
  Data folder      ${options.dataDir}
  Local accounts:`);
  for (const a of LOCAL_ACCOUNTS) console.log(`    ${a.role.padEnd(10)} ${a.email} / ${a.password}`);
  if (stack.migrationsApplied.length) console.log(`  Migrations applied: ${stack.migrationsApplied.join(', ')}`);
}

/** A server that keeps dying ends the command, with the reason (supervisor.ts). */
const supervised = { onGiveUp: (message: string) => lifecycle.fail(message) };

async function runStack(): Promise<void> {
  const stack = await startStack(options, supervised);
  lifecycle.started(stack.stop);
  printStack(stack);
  console.log(`\n${lifecycle.howItStops}\nLocal Supabase stack running. Ctrl-C to stop.`);
}

async function runDev(): Promise<void> {
  const stack = await startStack(options, supervised);
  lifecycle.started(stack.stop);
  const port = Number(process.env.PORT ?? 5173);
  let site;
  try {
    const { startDevSite } = await import('../../src/server/dev.ts');
    const { siteOrigin } = await import('../../src/server/origin.ts');
    const { readEnv } = await import('../../src/lib/siteEnv.ts');
    site = await startDevSite({
      root: PROJECT_ROOT,
      port,
      // The same checks as npm start's settings (siteEnv.ts), with the stack's own URL and key by default.
      env: readEnv({
        VITE_SUPABASE_URL: process.env.VITE_SUPABASE_URL || stack.apiUrl,
        VITE_SUPABASE_ANON_KEY: process.env.VITE_SUPABASE_ANON_KEY || stack.anonKey,
        VITE_NEWSROOM_TIME_ZONE: process.env.VITE_NEWSROOM_TIME_ZONE,
      }),
      origin: siteOrigin(process.env.SITE_URL, port),
      // The newsletter sends through the stack, into its inbox.
      newsletterEnv: { SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey, SMTP_URL: stack.smtpUrl },
    });
  } catch (err) {
    await stack.stop();
    throw err;
  }
  lifecycle.started(async () => {
    await site.close();
    await stack.stop();
  });
  printStack(stack);
  console.log(`\n  Site             ${site.url}  (rendered on the server, as in production)\n\n${lifecycle.howItStops}\nCtrl-C to stop.`);
}

async function reset(): Promise<void> {
  // Stops what a killed stack left running on the folder; refuses while a stack runs on it.
  (await claimDataFolder(options.dataDir))();
  await assertPortFree(options.apiPort, 'API gateway');
  await assertPortFree(options.dbPort, 'PostgreSQL');
  fs.rmSync(options.dataDir, { recursive: true, force: true });
  const stack = await startStack(options);
  lifecycle.started(stack.stop);
  console.log(`Database re-created in ${options.dataDir}: ${stack.migrationsApplied.length} migrations and the seed applied.`);
  await stack.stop();
}

/** Each command and the npm script that runs it (package.json). */
const commands: Record<string, { run: () => Promise<void>; script: string; what: string }> = {
  stack: { run: runStack, script: 'npm run stack', what: 'runs the local Supabase stack' },
  dev: { run: runDev, script: 'npm run dev', what: 'runs the stack and the site, rendered on the server' },
  reset: { run: reset, script: 'npm run db:reset', what: 're-creates the local database (migrations and seed)' },
};
const chosen = commands[command ?? ''];
if (!chosen) {
  const scripts = Object.values(commands);
  console.error(
    [
      `usage: ${scripts.map((c) => c.script).join(' | ')}`,
      ...scripts.map((c) => `  ${c.script.padEnd(18)}${c.what}`),
      `Set ${DETACHED_VARIABLE}=1 to keep a stack started in the background (nohup, a script) running when its terminal closes or the process that started it exits.`,
    ].join('\n'),
  );
  process.exit(2);
}
chosen.run().catch((err: Error) => {
  // A stop asked for during the start-up fails the start: the stop is what matters then.
  if (lifecycle.stopping) return;
  console.error(`\n${err.message}`);
  process.exit(1);
});
