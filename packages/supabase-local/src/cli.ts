import fs from 'node:fs';
import type { StackOptions } from './config.ts';
import { DETACHED_VARIABLE, Lifecycle } from './lifecycle.ts';
import { claimDataFolder } from './orphans.ts';
import { assertPortFree } from './ports.ts';
import { startStack, type RunningStack, type StartExtras } from './stack.ts';

/** What a project's script adds to the stack's commands (the app's is scripts/stack.ts). */
export interface StackCli {
  /** defaultStackOptions(projectRoot), usually; the inbox's port is filled in from SUPABASE_LOCAL_INBOX_PORT. */
  options: StackOptions;
  /** The after-seed hook and other start settings (stack.ts). */
  extras?: Pick<StartExtras, 'afterSeed'>;
  /** Lines printed under the stack's addresses (the seed's accounts, say). */
  describe?: () => string[];
  /** What `dev` runs beside the stack, given the running stack; without it there is no `dev`. */
  site?: (stack: RunningStack) => Promise<{ url: string; note?: string; close(): Promise<void> }>;
  /** The npm script of each command, for the usage line. */
  scripts: { stack: string; reset: string; dev?: string };
}

/**
 * Runs `stack`, `dev` or `reset` as a long-running command: prints the addresses, stops everything
 * in order on Ctrl-C, SIGTERM, SIGHUP or its launcher's exit (lifecycle.ts), exits 1 with the
 * reason when the start fails. Call it at the top of the script, before anything slow: a Ctrl-C
 * during the migrations must stop Postgres too.
 */
export function runStackCli(command: string | undefined, cli: StackCli): void {
  const lifecycle = new Lifecycle();
  // The inbox takes its fixed port only here: tests and scripts, which run side by side, get a free one.
  const inboxPort = cli.options.inboxPort ?? Number(process.env.SUPABASE_LOCAL_INBOX_PORT ?? 54324);
  const options = {
    ...cli.options,
    inboxPort,
    // Beside the inbox's web port (54325, as the CLI's), so stacks on other ports do not collide; a
    // free one when the inbox takes a free one (0). Mail the site itself sends goes there.
    smtpPort: cli.options.smtpPort ?? Number(process.env.SUPABASE_LOCAL_SMTP_PORT ?? (inboxPort ? inboxPort + 1 : 0)),
  };
  /** A server that keeps dying ends the command, with the reason (supervisor.ts). */
  const extras: StartExtras = { ...cli.extras, onGiveUp: (message: string) => lifecycle.fail(message) };

  function printStack(stack: RunningStack): void {
    console.log(`
  API URL          ${stack.apiUrl}
  Database URL     ${stack.dbUrl}
  anon key         ${stack.anonKey}
  service_role key ${stack.serviceRoleKey}
  Inbox URL        ${stack.inboxUrl}  (auth's e-mails, and the site's sent to ${stack.smtpUrl})
  Data folder      ${options.dataDir}`);
    for (const line of cli.describe?.() ?? []) console.log(`  ${line}`);
    if (stack.migrationsApplied.length) console.log(`  Migrations applied: ${stack.migrationsApplied.join(', ')}`);
  }

  async function runStack(): Promise<void> {
    const stack = await startStack(options, extras);
    lifecycle.started(stack.stop);
    printStack(stack);
    console.log(`\n${lifecycle.howItStops}\nLocal Supabase stack running. Ctrl-C to stop.`);
  }

  async function runDev(startSite: NonNullable<StackCli['site']>): Promise<void> {
    const stack = await startStack(options, extras);
    lifecycle.started(stack.stop);
    let site;
    try {
      site = await startSite(stack);
    } catch (err) {
      await stack.stop();
      throw err;
    }
    lifecycle.started(async () => {
      await site.close();
      await stack.stop();
    });
    printStack(stack);
    console.log(`\n  Site             ${site.url}${site.note ? `  (${site.note})` : ''}\n\n${lifecycle.howItStops}\nCtrl-C to stop.`);
  }

  async function reset(): Promise<void> {
    // Stops what a killed stack left running on the folder; refuses while a stack runs on it.
    (await claimDataFolder(options.dataDir))();
    await assertPortFree(options.apiPort, 'API gateway');
    await assertPortFree(options.dbPort, 'PostgreSQL');
    fs.rmSync(options.dataDir, { recursive: true, force: true });
    const stack = await startStack(options, extras);
    lifecycle.started(stack.stop);
    console.log(`Database re-created in ${options.dataDir}: ${stack.migrationsApplied.length} migrations and the seed applied.`);
    await stack.stop();
  }

  /** Each command and the npm script that runs it. */
  const commands: Record<string, { run: () => Promise<void>; script: string; what: string }> = {
    stack: { run: runStack, script: cli.scripts.stack, what: 'runs the local Supabase stack' },
    ...(cli.site && cli.scripts.dev
      ? { dev: { run: () => runDev(cli.site!), script: cli.scripts.dev, what: 'runs the stack and the site, rendered on the server' } }
      : {}),
    reset: { run: reset, script: cli.scripts.reset, what: 're-creates the local database (migrations and seed)' },
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
}
