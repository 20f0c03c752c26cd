import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { randomInt } from 'node:crypto';

/** Where the ports handed out here start: above the usual well-known and registered services. */
const FIRST_PORT = 10_000;
/** Random picks before giving up: with a range of thousands of ports, a machine where all of them fail is broken. */
const ATTEMPTS = 1000;

/** The first port of the kernel's range for the local end of outgoing connections (Linux: 32768 by default). */
function firstEphemeralPort(): number {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
  } catch {
    return 32_768;
  }
}

/** Whether a server can listen on `port` of 127.0.0.1 now. */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A port of 127.0.0.1 that was free a moment ago, chosen below the kernel's range for outgoing
 * connections. A server stopped and started again on its port (a standby restarted with pg_ctl, a
 * crashed Redis master brought back) must find it free; a port from that range (the kernel's pick
 * for port 0) could meanwhile be the local end of any client's connection, which made a full suite
 * run's standby restart fail with "Address already in use".
 */
export async function freePort(): Promise<number> {
  const end = firstEphemeralPort();
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const port = randomInt(FIRST_PORT, end);
    if (await isFree(port)) return port;
  }
  throw new Error(`No free port of 127.0.0.1 between ${FIRST_PORT} and ${end} after ${ATTEMPTS} tries`);
}
