import fs from 'node:fs';
import net from 'node:net';

export class PortBusyError extends Error {
  constructor(
    readonly port: number,
    readonly what: string,
  ) {
    super(
      `Port ${port} (${what}) is already in use: is the local stack already running (npm run dev / npm run stack)? ` +
        `Stop it, or choose other ports with SUPABASE_LOCAL_API_PORT / SUPABASE_LOCAL_DB_PORT / SUPABASE_LOCAL_INBOX_PORT.`,
    );
  }
}

/** The port bound when a server may listen on `port` right now (0: any), else null. */
const listenable = (port: number) =>
  new Promise<number | null>((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(null));
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => {
      const { port: bound } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(bound));
    });
  });

/** Fails at once, naming the port, when something already listens there. */
export async function assertPortFree(port: number, what: string): Promise<void> {
  if ((await listenable(port)) === null) throw new PortBusyError(port, what);
}

/**
 * Ports below the kernel's ephemeral range (Linux: 32768–60999, where it also takes the local port
 * of every outgoing connection). A port the kernel hands out for listen(0) comes from that range,
 * so between the probe and the real listen, or while a test holds a port across restarts of a
 * stack, any connection the machine opens could take it ("already in use"). Below it, only a
 * server that asks for that very port can.
 */
// From 10,100: browsers refuse a few lower ports (10080 the highest of them).
const PICK_FROM = 10_100;
/** Where the kernel's ephemeral ports begin (32,768 when it cannot say, or when they begin too low to leave room below). */
export function ephemeralStart(): number {
  try {
    const low = Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > PICK_FROM + 1000 ? low : 32_768;
  } catch {
    return 32_768;
  }
}

/** A port free right now, below the ephemeral range (for tests and internal services). */
export async function freePort(): Promise<number> {
  const end = ephemeralStart();
  for (let tries = 0; tries < 50; tries++) {
    const port = await listenable(PICK_FROM + Math.floor(Math.random() * (end - PICK_FROM)));
    if (port) return port;
  }
  // A machine with that whole range taken: the kernel's choice, as before.
  const port = await listenable(0);
  if (!port) throw new Error('no free port on 127.0.0.1');
  return port;
}
