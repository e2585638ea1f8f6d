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

/** Fails at once, naming the port, when something already listens there. */
export async function assertPortFree(port: number, what: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', () => reject(new PortBusyError(port, what)));
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** A port the OS says is free right now (for tests and internal services). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen({ port: 0, host: '127.0.0.1' }, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
