import { readFileSync } from 'node:fs';
import { connect, Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { bearer } from '../support/api-client';
import { freePort, ServiceProcess } from '../support/service-process';
import { TEST_ADMIN_TOKEN } from '../support/test-app';
import { cloneTestDatabase, TestDatabase } from '../support/test-database';
import { waitFor } from '../support/wait-for';

jest.setTimeout(120_000);

const MIB = 1024 * 1024;
const REQUEST_TIMEOUT_MS = 2000;

/** A raw HTTP/1.1 exchange on its own socket, so a test can send a body as slowly, or as partly, as an attacker would. */
class RawRequest {
  private readonly socket: Socket;
  private received = '';
  readonly closed: Promise<void>;

  constructor(port: number, head: string) {
    this.socket = connect(port, '127.0.0.1');
    this.socket.on('data', (chunk) => (this.received += chunk.toString('latin1')));
    this.socket.on('error', () => undefined);
    this.closed = new Promise((resolve) => this.socket.once('close', () => resolve()));
    this.socket.write(head);
  }

  write(data: string | Buffer): void {
    if (!this.socket.destroyed) this.socket.write(data);
  }

  destroy(): void {
    this.socket.destroy();
  }

  /** The status of the answer, once its head has arrived. */
  async status(): Promise<number> {
    await waitFor(() => /^HTTP\/1\.1 (\d{3})/.test(this.received) || this.socket.destroyed, { timeoutMs: 30_000 });
    return Number(/^HTTP\/1\.1 (\d{3})/.exec(this.received)?.[1] ?? 0);
  }

  get response(): { head: string; body: unknown } {
    const [head, body] = this.received.split('\r\n\r\n');
    return { head, body: JSON.parse(body) };
  }
}

const requestHead = (method: string, path: string, headers: Record<string, string | number>) =>
  `${method} ${path} HTTP/1.1\r\nHost: localhost\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The built API (`dist/main.js`) against clients that do not play by the rules (issue: hold under attack). */
describe('The API under hostile clients', () => {
  let database: TestDatabase;
  let api: ServiceProcess;
  let port: number;
  let key: string;

  const base = () => `http://127.0.0.1:${port}`;
  const rssBytes = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${api.child.pid}/status`, 'utf8'))?.[1]) * 1024;
  const logEntries = () =>
    api.log
      .trim()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg: string; stack?: string; err?: unknown });
  const appendPath = '/event-stores/hostile/streams/target';
  const appendHead = (contentLength: number | 'chunked', authorization = `Bearer ${key}`) =>
    requestHead('POST', appendPath, {
      Authorization: authorization,
      'Content-Type': 'application/json',
      ...(contentLength === 'chunked' ? { 'Transfer-Encoding': 'chunked' } : { 'Content-Length': contentLength }),
    });

  beforeAll(async () => {
    database = await cloneTestDatabase();
    port = await freePort();
    api = ServiceProcess.startApi({
      DATABASE_URL: database.url,
      PORT: String(port),
      LOG_LEVEL: 'debug',
      REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      MAX_PENDING_BODY_BYTES: String(32 * MIB),
      // One tenant may fill the whole pool here: these tests are about the instance's bound (tenant-fairness has the shares).
      MAX_PENDING_BODY_BYTES_PER_TENANT: String(32 * MIB),
    });
    await api.waitForOutput(/Listening on port/);
    const admin = { ...bearer(TEST_ADMIN_TOKEN), 'content-type': 'application/json' };
    const tenant = (await (
      await fetch(`${base()}/admin/tenants`, { method: 'POST', headers: admin, body: JSON.stringify({ name: 'hostile' }) })
    ).json()) as { id: string };
    const created = await fetch(`${base()}/admin/tenants/${tenant.id}/api-keys`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ name: 'hostile', scopes: ['read', 'write', 'admin'] }),
    });
    key = ((await created.json()) as { key: string }).key;
    await fetch(`${base()}/event-stores`, {
      method: 'POST',
      headers: { ...bearer(key), 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'hostile' }),
    });
  });
  afterAll(async () => {
    await api.stop('SIGKILL');
    await database.drop();
  });

  it('refuses JWTs whose algorithm names a property of Object.prototype with 401 at once, logging no error', async () => {
    const names = [
      'constructor',
      'toString',
      'valueOf',
      'hasOwnProperty',
      'isPrototypeOf',
      'propertyIsEnumerable',
      'toLocaleString',
      '__proto__',
      '__defineGetter__',
      '__lookupGetter__',
    ];
    for (const alg of names) {
      const token = `${base64url({ alg, typ: 'JWT' })}.${base64url({ sub: 'x', exp: 9999999999 })}.c2ln`;
      const response = await fetch(`${base()}/api/event-stores`, { headers: bearer(token), signal: AbortSignal.timeout(1000) });
      expect({ alg, status: response.status }).toEqual({ alg, status: 401 });
      expect(await response.json()).toMatchObject({ error: 'UNAUTHORIZED' });
    }
    expect(logEntries().filter((entry) => entry.level >= 50)).toEqual([]);
  });

  it('reads Authorization strictly: Bearer in any case and one token, nothing after it', async () => {
    const statusWith = async (authorization: string) =>
      (await fetch(`${base()}/event-stores`, { headers: { Authorization: authorization } })).status;
    expect(await statusWith(`Bearer ${key}`)).toBe(200);
    expect(await statusWith(`bearer ${key}`)).toBe(200);
    expect(await statusWith(`BEARER ${key}`)).toBe(200);
    expect(await statusWith(`Bearer ${key} extra`)).toBe(401);
    expect(await statusWith(`Bearer ${key},x`)).toBe(401);
    expect(await statusWith(`Basic ${key}`)).toBe(401);
    expect(await statusWith(`Bearer`)).toBe(401);
  });

  it('answers 200 unauthenticated 9 MB bodies from their headers, without reading them, and closes their connections', async () => {
    const before = rssBytes();
    const requests = Array.from({ length: 200 }, () => new RawRequest(port, appendHead(9 * MIB, 'Bearer esk_not-a-key')));
    const statuses = await Promise.all(requests.map((request) => request.status()));
    expect(new Set(statuses)).toEqual(new Set([401]));
    expect(requests[0].response.head).toMatch(/^connection: close$/im);
    expect(requests[0].response.body).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
    // Each now sends its body anyway: the server closed the connection, so none of it is held.
    for (const request of requests) request.write(Buffer.alloc(MIB, 'a'));
    await Promise.all(requests.map((request) => request.closed));
    expect(rssBytes() - before).toBeLessThan(64 * MIB);
  });

  it('cuts off a body that dribbles in, or never finishes, with 408 at REQUEST_TIMEOUT_MS', async () => {
    const started = Date.now();
    const unfinished = new RawRequest(port, appendHead(1000));
    unfinished.write('{"events":[');
    const chunked = new RawRequest(port, appendHead('chunked'));
    chunked.write('5\r\n{"eve\r\n');
    const dribbled = new RawRequest(port, appendHead(1000));
    const dribble = setInterval(() => dribbled.write(' '), 200);
    try {
      expect(await unfinished.status()).toBe(408);
      expect(await chunked.status()).toBe(408);
      expect(await dribbled.status()).toBe(408);
    } finally {
      clearInterval(dribble);
    }
    // Generous: a loaded machine fires timers seconds late; what matters is that the server ended them, which without the limit would never happen.
    expect(Date.now() - started).toBeLessThan(REQUEST_TIMEOUT_MS + 15_000);
    expect(unfinished.response.body).toMatchObject({ error: { code: 'REQUEST_TIMEOUT' } });
    await Promise.all([unfinished.closed, chunked.closed, dribbled.closed]);
    // Logged as what it is, a client's fault: nothing at error level.
    expect(logEntries().filter((entry) => entry.level >= 50)).toEqual([]);
  });

  it('cuts off headers that never finish (slowloris) at the same limit, with 408 in the envelope', async () => {
    const started = Date.now();
    const slow = new RawRequest(port, '');
    slow.write('GET /health HTTP/1.1\r\nHost: localhost\r\n');
    const dribble = setInterval(() => slow.write('X-Slow: 1\r\n'), 300);
    try {
      expect(await slow.status()).toBe(408);
    } finally {
      clearInterval(dribble);
    }
    // Generous, as above: the server ends it, late or not on a loaded machine.
    expect(Date.now() - started).toBeLessThan(REQUEST_TIMEOUT_MS + 15_000);
    expect(slow.response.body).toMatchObject({ error: { code: 'REQUEST_TIMEOUT' } });
    await slow.closed;
  });

  it('holds at most MAX_PENDING_BODY_BYTES of bodies at once, refusing the rest with 503, and lets go of them when they are cut off', async () => {
    const before = rssBytes();
    const requests = Array.from({ length: 10 }, () => new RawRequest(port, appendHead(9 * MIB)));
    // The first bodies' reservations are in place before the others ask.
    await sleep(300);
    for (const request of requests) request.write(Buffer.alloc(8 * MIB, ' '));
    const statuses = await Promise.all(requests.map((request) => request.status()));
    // 32 MiB hold three 9 MiB bodies; those three run into the timeout, the seven others are refused at once.
    expect(statuses.filter((status) => status === 503)).toHaveLength(7);
    expect(statuses.filter((status) => status === 408)).toHaveLength(3);
    const refused = requests.find((_, index) => statuses[index] === 503)!;
    expect(refused.response.head).toMatch(/^retry-after: 1$/im);
    expect(refused.response.body).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });

    // Their reservations are returned: a small append goes through, and the memory they took is given back.
    const append = await fetch(`${base()}${appendPath}`, {
      method: 'POST',
      headers: { ...bearer(key), 'content-type': 'application/json' },
      body: JSON.stringify({ events: [{ type: 'ok', data: {} }] }),
    });
    expect(append.status).toBe(200);
    await waitFor(
      async () => {
        // Small requests give the collector a reason to run.
        await Promise.all(Array.from({ length: 50 }, () => fetch(`${base()}/health`).then((response) => response.text())));
        return rssBytes() - before < 48 * MIB;
      },
      { timeoutMs: 20_000 },
    );
  });

  it('answers a body sent to no route with 404 before reading it, unauthenticated as it is', async () => {
    const nowhere = new RawRequest(
      port,
      requestHead('POST', '/no/such/route', { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' }),
    );
    nowhere.write('5\r\n{"eve\r\n');
    // A 404, not the 408 a body waited for would end in: answered before the body was read.
    expect(await nowhere.status()).toBe(404);
    expect(nowhere.response.body).toMatchObject({ error: { code: 'NOT_FOUND' } });
    await nowhere.closed;
  });

  it('logs a body its client abandoned at warn or below, without a stack', async () => {
    const aborted = new RawRequest(port, appendHead(1000));
    aborted.write('{"events":[');
    await sleep(200);
    aborted.destroy();
    await sleep(500);
    expect(logEntries().filter((entry) => entry.level >= 50)).toEqual([]);
    expect(logEntries().filter((entry) => entry.stack !== undefined || /\n\s+at /.test(JSON.stringify(entry)))).toEqual([]);
  });
});
