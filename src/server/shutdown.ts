import type { Server } from 'node:http';

/** Past this, renders still running are cut and the process exits: a stop never hangs. */
const SHUTDOWN_LIMIT_MS = 5000;

/**
 * How `npm start` ends, whatever asks: SIGINT (Ctrl-C), SIGTERM (a supervisor, `timeout`, a
 * container stop), SIGHUP (a closing terminal), to node or to its whole process group. The server
 * stops accepting, answers the requests under way, then exits 0; after 5 s it cuts them and exits.
 * npm passes SIGINT and SIGTERM on to its script but dies of a SIGHUP sent to it alone, or of a
 * SIGKILL: launched by npm (`exec` in the script makes node npm's own child), the server also stops
 * when npm is gone, rather than keep its port with nobody to stop it.
 */
export function stopGracefully(server: Server, log: (line: string) => void = console.log): void {
  let stopping = false;
  const stop = (why: string) => {
    if (stopping) return;
    stopping = true;
    log(`Afrique Actu s’arrête (${why}).`);
    setTimeout(() => {
      server.closeAllConnections();
      process.exit(0);
    }, SHUTDOWN_LIMIT_MS).unref();
    // close() waits for the requests under way; idle keep-alive connections would hold it forever.
    server.close(() => process.exit(0));
    server.closeIdleConnections();
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => stop(signal));
  if (process.env.npm_lifecycle_event) {
    const npm = process.ppid;
    setInterval(() => {
      if (process.ppid !== npm) stop('npm, qui l’a lancé, s’est arrêté');
    }, 500).unref();
  }
}
