import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { once } from 'node:events';
import { freePort } from './free-port';

describe('freePort', () => {
  it('hands out free ports below the range the kernel gives the local end of outgoing connections', async () => {
    const [firstEphemeral] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(10_000);
      expect(port).toBeLessThan(firstEphemeral);
    }
    // Free indeed: a server listens on each.
    for (const port of ports) {
      const server = createServer().listen(port, '127.0.0.1');
      await once(server, 'listening');
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
