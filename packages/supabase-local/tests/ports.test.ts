import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { ephemeralStart, freePort } from '../src/ports.ts';

// Ports for stacks and test servers come from below the kernel's ephemeral range: a port the
// kernel hands out for listen(0) can be taken meanwhile as the local end of any outgoing
// connection (a stack restarted on "its" port then found it in use).

describe('freePort', () => {
  it('gives ports below the ephemeral range, past the ones browsers refuse, that a server can listen on', async () => {
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(10_100);
      expect(port).toBeLessThan(ephemeralStart());
    }
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen({ port: ports[0], host: '127.0.0.1' }, resolve));
    server.close();
  });
});
