import { forceStopChildren, isRunning, processInfo, stopChildren } from './processes.ts';

/** Past this, whatever still runs is killed and the process exits: a stop takes under 10 s, always. */
const SHUTDOWN_LIMIT_MS = 9000;
/** A terminal's Ctrl-C reaches npm and the stack, and npm passes it on: one press, two signals. */
const SAME_PRESS_MS = 1000;

/** Set to 1 for a stack started in the background (nohup, a script): see Lifecycle. */
export const DETACHED_VARIABLE = 'SUPABASE_LOCAL_DETACHED';

/**
 * How the CLI's long-running commands end. Whatever asks, the stack stops in order (gateway,
 * connections, PostgREST, then Postgres) and the process exits within 10 s:
 * - Ctrl-C, `kill`, a supervisor or CI runner, `timeout`: SIGINT or SIGTERM, to this process or
 *   its whole process group;
 * - a closing terminal: SIGHUP;
 * - the process that launched this one going away without passing a signal on (npm dies of a
 *   SIGHUP sent to it alone; a shell between npm and node keeps SIGINT to itself): its launchers,
 *   the ancestors in its process group, are watched.
 * Detached (SUPABASE_LOCAL_DETACHED=1), the last two do not stop it: `nohup` cannot say so, as
 * Node resets an ignored SIGHUP to its default (which would kill this process and leave its
 * servers running), so SIGHUP is ignored here instead.
 * A second Ctrl-C, a second or more after the first, kills Postgres and PostgREST at once.
 */
export class Lifecycle {
  private stop: (() => Promise<void>) | undefined;
  private stoppingSince = 0;

  constructor(private readonly detached = /^(1|true)$/i.test(process.env[DETACHED_VARIABLE] ?? '')) {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => this.request());
    process.on('SIGHUP', () => (detached ? undefined : this.request()));
    // A closed terminal or pipe must not turn the last lines into a crash half-way through the stop.
    process.stdout.on('error', () => undefined);
    process.stderr.on('error', () => undefined);
    if (!detached) watchLaunchers(() => this.request('the process that started it has exited'));
  }

  /** For the start's output: what else stops the stack than Ctrl-C, and how to change it. */
  get howItStops(): string {
    return this.detached
      ? `Detached (${DETACHED_VARIABLE}=1): it keeps running when its terminal closes or the process that started it exits; stop it with kill ${process.pid}.`
      : `Closing this terminal stops it too; to run it in the background (nohup, a script), start it with ${DETACHED_VARIABLE}=1.`;
  }

  get stopping(): boolean {
    return this.stoppingSince > 0;
  }

  /** The running stack's stop; a stop asked for during the start-up runs once it is known. */
  started(stop: () => Promise<void>): void {
    this.stop = stop;
  }

  /** Stops the stack because it cannot go on (a server that keeps dying): says why, exits 1. */
  fail(message: string): void {
    if (this.stopping) return;
    try {
      console.error(`\n${message}`);
    } catch {
      // No terminal left to tell.
    }
    this.request(undefined, 1);
  }

  private request(reason?: string, exitCode = 0): void {
    if (this.stopping) {
      if (reason || Date.now() - this.stoppingSince < SAME_PRESS_MS) return;
      forceStopChildren();
      say('Local Supabase stack killed (PostgreSQL and PostgREST stopped at once).');
      process.exit(1);
    }
    this.stoppingSince = Date.now();
    // Stopping the servers under a start-up still migrating ends its connections, which report it
    // as errors nobody listens to: those are the stop, not a failure. Anything else still crashes.
    process.on('uncaughtException', (err) => {
      if (isConnectionLoss(err)) return;
      console.error(err);
      process.exit(1);
    });
    setTimeout(() => {
      forceStopChildren();
      say(`Local Supabase stack killed: it had not stopped within ${SHUTDOWN_LIMIT_MS / 1000} s.`);
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS);
    // During the start-up, stopping the servers makes the start fail, which the CLI then ignores.
    const stop = this.stop ?? stopChildren;
    void stop()
      .catch((err: Error) => console.error(`stop: ${err.message}`))
      .then(stopChildren)
      .then(() => {
        say(`Local Supabase stack stopped${reason ? ` (${reason})` : ''}.`);
        process.exit(exitCode);
      });
  }
}

/** Postgres's "terminating connection due to administrator command" (57P01), or the socket closing under a client. */
function isConnectionLoss(err: Error & { code?: string }): boolean {
  return ['57P01', 'ECONNRESET', 'ECONNREFUSED', 'EPIPE'].includes(err.code ?? '') || /Connection terminated/.test(err.message);
}

function say(line: string): void {
  try {
    // After the ^C a terminal echoes.
    console.log(process.stdout.isTTY ? `\n${line}` : line);
  } catch {
    // No terminal left to tell.
  }
}

/** The ancestors that launched this process, up to its process group's leader (npm, in a terminal). */
function launchers(): number[] {
  if (process.platform === 'win32') return [];
  const me = processInfo(process.pid);
  if (!me) return [];
  const chain: number[] = [];
  for (let pid = me.ppid; pid > 1 && chain.length < 16;) {
    const info = processInfo(pid);
    if (!info || info.pgid !== me.pgid) break;
    chain.push(pid);
    pid = info.ppid;
  }
  return chain;
}

function watchLaunchers(gone: () => void): void {
  const parent = process.ppid;
  const chain = launchers();
  const timer = setInterval(() => {
    if (process.ppid !== parent || chain.some((pid) => !isRunning(pid))) {
      clearInterval(timer);
      gone();
    }
  }, 500);
  timer.unref();
}
