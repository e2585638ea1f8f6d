import pg from 'pg';

export interface Listener {
  stop(): Promise<void>;
}

/**
 * LISTENs on one dedicated connection and reconnects (with backoff) when it drops, e.g. when
 * Postgres restarts. `onWake` runs on every notification and after every (re)connect, since
 * notifications sent while disconnected are lost: the caller drains its queue then.
 */
export function listen(connectionString: string, channel: string, onWake: () => void): Listener {
  let client: pg.Client | null = null;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let delay = 250;

  const retry = () => {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, delay);
    delay = Math.min(delay * 2, 5000);
  };

  const connect = async () => {
    const c = new pg.Client({ connectionString });
    client = c;
    c.on('notification', () => onWake());
    // Only the current client may schedule a reconnect; a superseded one just goes away.
    const lost = () => {
      if (c === client) retry();
    };
    c.on('error', (err) => {
      if (!stopped && c === client) console.error(`[realtime] listener connection lost: ${err.message}`);
      c.end().catch(() => undefined);
      lost();
    });
    c.on('end', lost);
    try {
      await c.connect();
      await c.query(`listen ${pg.escapeIdentifier(channel)}`);
      if (stopped) return void c.end().catch(() => undefined);
      delay = 250;
      onWake();
    } catch (err) {
      if (!stopped) console.error(`[realtime] cannot listen: ${(err as Error).message}`);
      c.end().catch(() => undefined);
      lost();
    }
  };

  void connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retryTimer);
      await client?.end().catch(() => undefined);
    },
  };
}
