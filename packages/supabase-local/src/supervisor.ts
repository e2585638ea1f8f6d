/** A server the stack runs as a child process. */
export interface ChildServer {
  pid: number;
  /** Resolves when the process has exited, saying how ("signal SIGKILL", "exit code 1"). */
  exited: Promise<string>;
  /** Always returns, in bounded time, even when the server is already gone. */
  stop(): Promise<void>;
}

/** Restarts allowed per server within RESTART_WINDOW_MS; the death after them stops the stack. */
export const MAX_RESTARTS = 3;
export const RESTART_WINDOW_MS = 10 * 60_000;
/** The first restart waits this long, each next one twice as long (1 s, 2 s, 4 s). */
const FIRST_BACKOFF_MS = 1000;

type Name = 'PostgreSQL' | 'PostgREST';

export interface Supervision {
  /** Stops watching: exits from now on are the stack's own stop. */
  stop(): void;
}

/**
 * Watches Postgres and PostgREST under a running stack. One that exits unexpectedly (OOM killer,
 * a crash, a stray `kill`) is started again after a back-off, at most MAX_RESTARTS times within
 * RESTART_WINDOW_MS; PostgREST is restarted with Postgres, as its connections died with it (it
 * would otherwise retry for up to 32 s by itself). One more death and `giveUp` is told why: the
 * stack then stops and says so, rather than answer 503 until someone notices.
 */
export function supervise(opts: {
  servers: Record<Name, ChildServer>;
  restart: Record<Name, () => Promise<ChildServer>>;
  /** The server's last log lines, for the message that ends the stack. */
  recentLog: (name: Name) => string;
  giveUp: (message: string) => void;
  log: (line: string) => void;
}): Supervision {
  const current = { ...opts.servers };
  const deaths: Record<Name, number[]> = { PostgreSQL: [], PostgREST: [] };
  /** Servers stopped on purpose (PostgREST while Postgres restarts): their exit is no death. */
  const expected = new Set<ChildServer>();
  let stopped = false;
  // One restart at a time: PostgREST dying while Postgres restarts waits for it.
  let queue = Promise.resolve();

  const watch = (name: Name, server: ChildServer) => {
    void server.exited.then((how) => {
      if (!stopped && !expected.has(server) && current[name] === server) died(name, server, `exited unexpectedly (${how})`);
    });
  };

  const startAgain = async (name: Name): Promise<void> => {
    const server = await opts.restart[name]();
    if (stopped) return void (await server.stop());
    current[name] = server;
    watch(name, server);
    opts.log(`${name} started again (pid ${server.pid}).`);
  };

  /** `dead` is the server that died, or that a failed start left in place. */
  const died = (name: Name, dead: ChildServer, what: string) => {
    // A restart under way when the stack stopped fails (its server was stopped): no death.
    if (stopped) return;
    const now = Date.now();
    deaths[name] = [...deaths[name].filter((t) => now - t < RESTART_WINDOW_MS), now];
    const count = deaths[name].length;
    if (count > MAX_RESTARTS) {
      stopped = true;
      const log = opts.recentLog(name).trim();
      opts.giveUp(
        `${name} (pid ${dead.pid}) ${what}, its ${count}th time within ${RESTART_WINDOW_MS / 60_000} minutes: ` +
          `the local stack stops rather than answer 503. Check the machine's memory and the data folder.` +
          (log ? `\nIts last lines:\n${log}` : ''),
      );
      return;
    }
    const delay = FIRST_BACKOFF_MS * 2 ** (count - 1);
    opts.log(
      `${name} (pid ${dead.pid}) ${what}: starting it again in ${delay / 1000} s (restart ${count} of ${MAX_RESTARTS} allowed within ${RESTART_WINDOW_MS / 60_000} minutes).`,
    );
    queue = queue.then(async () => {
      await new Promise((r) => setTimeout(r, delay));
      // Started again meanwhile (PostgREST, with Postgres): nothing left to do.
      if (stopped || current[name] !== dead) return;
      if (name === 'PostgreSQL') {
        expected.add(current.PostgREST);
        await current.PostgREST.stop();
      }
      const names: Name[] = name === 'PostgreSQL' ? ['PostgreSQL', 'PostgREST'] : [name];
      for (const next of names) {
        if (stopped) return;
        try {
          await startAgain(next);
        } catch (err) {
          return died(next, current[next], `could not start again (${firstLine(err)})`);
        }
      }
    });
  };

  for (const name of ['PostgreSQL', 'PostgREST'] as const) watch(name, current[name]);
  return {
    stop: () => {
      stopped = true;
    },
  };
}

const firstLine = (err: unknown) => ((err as Error).message ?? String(err)).split('\n')[0]!.replace(/:$/, '');
