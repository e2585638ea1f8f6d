import { inject } from 'vitest';
import WebSocket from 'ws';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests assert on whatever the server sent
export type Frame = { join_ref?: string | null; ref: string | null; topic: string; event: string; payload: any };

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function waitFor<T>(get: () => T | undefined, ms = 2000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = get();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await sleep(20);
  }
}

export type RawSocket = Awaited<ReturnType<typeof rawSocket>>;

/**
 * A bare vsn 1.0.0 websocket, as an attacker scripts one, leaving from `localAddress` (a loopback
 * address of the test's own, so per-address quotas of one test never touch another's).
 */
export async function rawSocket(localAddress = '127.0.0.1', apikey = inject('anonKey')) {
  const ws = new WebSocket(`${inject('apiUrl').replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${apikey}&vsn=1.0.0`, { localAddress });
  const frames: Frame[] = [];
  ws.on('message', (data) => frames.push(JSON.parse(String(data))));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  let ref = 0;
  return {
    ws,
    frames,
    send(topic: string, event: string, payload: object): string {
      const r = String(++ref);
      ws.send(JSON.stringify({ topic, event, payload, ref: r }));
      return r;
    },
    /** Joins `topic` and resolves with the reply's payload. */
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the reply's response differs per join; tests read what they assert
    async join(topic: string, config: object = {}, accessToken?: string): Promise<{ status: string; response: any }> {
      const r = this.send(`realtime:${topic}`, 'phx_join', { config, ...(accessToken ? { access_token: accessToken } : {}) });
      return (await waitFor(() => frames.find((f) => f.ref === r && f.event === 'phx_reply'), 5000)).payload;
    },
    next: (pred: (f: Frame) => boolean, ms = 2000) => waitFor(() => frames.find(pred), ms),
    close: () => ws.terminate(),
  };
}
