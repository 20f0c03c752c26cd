import { Client } from 'pg';
import { bearer } from '../support/api-client';
import { freePort, ServiceProcess } from '../support/service-process';
import { TEST_ADMIN_TOKEN } from '../support/test-app';
import { cloneTestDatabase, TestDatabase } from '../support/test-database';
import { waitFor } from '../support/wait-for';
import { TestSocket } from '../support/ws-client';

jest.setTimeout(120_000);

/** The built API (`dist/main.js`) as operators run it: its log lines, and its stop on SIGTERM. */
describe('The API process in operation', () => {
  let database: TestDatabase;
  let api: ServiceProcess;
  let base: string;

  /** Starts the API on the test's database (replacing one already running), with `overrides` in its environment. */
  const startApi = async (overrides: Record<string, string> = {}) => {
    await api?.stop('SIGKILL');
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    api = ServiceProcess.startApi({
      DATABASE_URL: database.url,
      PORT: String(port),
      ...overrides,
    });
    await api.waitForOutput(/Listening on port/);
  };

  beforeEach(async () => {
    database = await cloneTestDatabase();
    await startApi();
  });
  afterEach(async () => {
    await api.stop('SIGKILL');
    await database.drop();
  });

  const call = async (method: string, path: string, token: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { ...bearer(token), 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return {
      status: response.status,
      body: (await response.json().catch(() => null)) as { id: string; key: string; globalPosition: number },
    };
  };
  const newStore = async () => {
    const tenant = (await call('POST', '/admin/tenants', TEST_ADMIN_TOKEN, { name: 'ops' })).body;
    const key = (
      await call('POST', `/admin/tenants/${tenant.id}/api-keys`, TEST_ADMIN_TOKEN, { name: 'ops', scopes: ['read', 'write', 'admin'] })
    ).body.key;
    const store = (await call('POST', '/event-stores', key, { name: 'ops' })).body;
    return { key, storeId: store.id };
  };

  it('logs JSON lines, each line of a request with its request id, and never a credential', async () => {
    const { key } = await newStore();
    await call('GET', '/event-stores/ops', key, undefined, { 'X-Request-Id': 'trace-ops-1' });
    await fetch(`${base}/event-stores/ops/events/ws?apiKey=${key}&clientId=c1`, { headers: { 'X-Request-Id': 'trace-ops-2' } });
    await api.waitForOutput(/trace-ops-2/);

    const lines = api.log.trim().split('\n');
    const entries = lines.map((line) => JSON.parse(line));
    expect(entries.find((entry) => /Listening on port/.test(entry.msg))).toMatchObject({ level: 30, context: 'Api' });
    const request = entries.filter((entry) => entry.requestId === 'trace-ops-1');
    expect(request).toEqual([
      expect.objectContaining({
        req: { method: 'GET', path: '/event-stores/ops', remoteAddress: expect.any(String) },
        res: { statusCode: 200 },
        apiKeyId: expect.stringMatching(/^key_/),
      }),
    ]);
    expect(entries.find((entry) => entry.requestId === 'trace-ops-2')).toMatchObject({ req: { path: '/event-stores/ops/events/ws' } });
    expect(api.log).not.toContain(key);
    expect(api.log).not.toContain(key.slice(4, 20));
    expect(api.log).not.toContain(TEST_ADMIN_TOKEN);
    expect(api.log).not.toMatch(/authorization/i);
  });

  it("logs and lists the address of the connection's peer, never one a forwarding header claims", async () => {
    const { key } = await newStore();
    const claimed = { 'X-Forwarded-For': '203.0.113.7', Forwarded: 'for=203.0.113.7', 'X-Real-IP': '203.0.113.7' };
    await call('GET', '/event-stores/ops', key, undefined, { ...claimed, 'X-Request-Id': 'trace-peer' });
    const socket = await TestSocket.open(`${base.replace('http', 'ws')}/event-stores/ops/events/ws?clientId=peer`, {
      ...claimed,
      ...bearer(key),
    });
    try {
      await api.waitForOutput(/trace-peer/);
      const access = api.log
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line))
        .find((entry) => entry.requestId === 'trace-peer');
      expect(access.req.remoteAddress).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
      const listing = await fetch(`${base}/event-stores/ops/websocket-connections`, { headers: bearer(key) });
      const { connections } = (await listing.json()) as { connections: { clientId: string; ipAddress: string }[] };
      expect(connections.map(({ clientId, ipAddress }) => ({ clientId, ipAddress }))).toEqual([
        { clientId: 'peer', ipAddress: expect.stringMatching(/^(::ffff:)?127\.0\.0\.1$/) },
      ]);
      expect(api.log).not.toContain('203.0.113.7');
    } finally {
      socket.ws.close();
    }
  });

  it('puts the request id on the other log lines of a request too, not only on its access line', async () => {
    const { key } = await newStore();
    // Valid JSON that a text column cannot hold: Postgres refuses it, and the exception filter logs a warning while serving the request.
    const refused = await call(
      'POST',
      '/event-stores',
      key,
      { name: 'ops-nul', description: 'nul \u0000 here' },
      { 'X-Request-Id': 'trace-ops-nul' },
    );
    expect(refused.status).toBe(400);
    // Log lines are written asynchronously: wait for the request's access line, its last.
    await api.waitForOutput(/Refused input Postgres cannot hold[\s\S]*"statusCode":400/);

    const entries = api.log
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const warning = entries.find((entry) => /Refused input Postgres cannot hold/.test(entry.msg));
    expect(warning).toMatchObject({ level: 40, context: 'Errors', requestId: 'trace-ops-nul' });
    // The access line carries it as well, and no line of another request does.
    expect(entries.filter((entry) => entry.requestId === 'trace-ops-nul')).toEqual([
      warning,
      expect.objectContaining({ res: { statusCode: 400 } }),
    ]);
  });

  /** Holds the store row as an append transaction does, from a connection of the test's own. */
  const holdStoreLock = async (storeId: string) => {
    const holder = new Client({ connectionString: database.url });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT 1 FROM event_stores WHERE id = $1 FOR NO KEY UPDATE', [storeId]);
    let released: Promise<void> | undefined;
    return { release: () => (released ??= holder.query('COMMIT').then(() => holder.end())) };
  };
  /** Resolves once an append of the API waits for the store's row lock. */
  const appendWaitingOnLock = (sql: Client) =>
    waitFor(
      async () => {
        const { rows } = await sql.query(
          `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%append_batch%' AND datname = current_database()`,
        );
        return rows[0].waiting === 1;
      },
      { what: 'the append waiting on the store lock' },
    );
  const storedRows = async (sql: Client, storeId: string) =>
    (
      await sql.query(
        `SELECT stream_id, global_position::int AS position, data FROM events WHERE event_store_id = $1 ORDER BY global_position`,
        [storeId],
      )
    ).rows;

  it('on SIGTERM, lets an append in flight finish and answers it before exiting', async () => {
    const { key, storeId } = await newStore();
    const sql = new Client({ connectionString: database.url });
    await sql.connect();
    const lock = await holdStoreLock(storeId);
    try {
      const events = [0, 1, 2].map((part) => ({ type: 'ops.drained', data: { part } }));
      const appending = call('POST', `/event-stores/${storeId}/streams/drained`, key, { events }).catch((error: Error) => ({
        status: String(error),
        body: null,
      }));
      await appendWaitingOnLock(sql);

      api.child.kill('SIGTERM');
      await api.waitForOutput(/Waiting up to \d+ ms for 1 request\(s\) in flight/);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(api.child.exitCode).toBeNull();
      await lock.release();

      expect(await appending).toMatchObject({ status: 200, body: { globalPosition: 3 } });
      await api.exited;
      expect(api.log).toMatch(/Shutting down on SIGTERM[\s\S]*Shutdown complete/);
      expect(await storedRows(sql, storeId)).toEqual(
        events.map((event, index) => ({ stream_id: 'drained', position: index + 1, data: event.data })),
      );
    } finally {
      await lock.release().catch(() => undefined);
      await sql.end();
    }
  });

  it('on SIGTERM, gives up on a request still running after SHUTDOWN_DRAIN_MS and exits, having written it whole or not at all', async () => {
    await startApi({ SHUTDOWN_DRAIN_MS: '500' });
    const { key, storeId } = await newStore();
    const sql = new Client({ connectionString: database.url });
    await sql.connect();
    const lock = await holdStoreLock(storeId);
    try {
      const events = [0, 1, 2].map((part) => ({ type: 'ops.abandoned', data: { part } }));
      const appending = call('POST', `/event-stores/${storeId}/streams/abandoned`, key, { events }).then(
        (response) => response.status,
        () => 'connection closed' as const,
      );
      await appendWaitingOnLock(sql);

      api.child.kill('SIGTERM');
      // The lock would be held for 15 s, far past SHUTDOWN_DRAIN_MS (500 ms): the process must exit without waiting for it.
      let lockWouldBeReleased = false;
      const heldFor = setTimeout(() => (lockWouldBeReleased = true), 15_000);
      await api.exited;
      expect(lockWouldBeReleased).toBe(false);
      clearTimeout(heldFor);
      await lock.release();
      expect(api.log).toMatch(/1 request\(s\) still running after 500 ms/);
      // The connection was closed, or the request got a 5xx: never a 200.
      const answer = await appending;
      if (answer !== 'connection closed') expect(answer).toBeGreaterThanOrEqual(500);

      // The abandoned statement may still commit once the lock is gone (it is one statement); wait for the API's sessions to end.
      await waitFor(
        async () =>
          (
            await sql.query(
              `SELECT count(*)::int AS others FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()`,
            )
          ).rows[0].others === 0,
        { what: 'the API sessions to end' },
      );
      const rows = await storedRows(sql, storeId);
      expect([0, events.length]).toContain(rows.length);
      if (rows.length > 0)
        expect(rows).toEqual(events.map((event, index) => ({ stream_id: 'abandoned', position: index + 1, data: event.data })));
      const stores = await sql.query(`SELECT last_position::int AS last FROM event_stores WHERE id = $1`, [storeId]);
      expect(stores.rows[0].last).toBe(rows.length);
    } finally {
      await lock.release().catch(() => undefined);
      await sql.end();
    }
  });

  it('on SIGTERM during a stream of appends, stores every acknowledged append whole and nothing in part', async () => {
    const { key, storeId } = await newStore();
    const CLIENTS = 8;
    const EVENTS_PER_APPEND = 3;
    const acknowledged: Map<number, number>[] = Array.from({ length: CLIENTS }, () => new Map());
    let total = 0;
    let signalled = false;

    // Each client appends to its own stream, expecting its exact version, until the server stops answering.
    const client = async (c: number) => {
      for (let seq = 0; ; seq++) {
        const events = Array.from({ length: EVENTS_PER_APPEND }, (_, part) => ({ type: 'ops.tick', data: { c, seq, part } }));
        const response = await call('POST', `/event-stores/${storeId}/streams/client-${c}`, key, {
          events,
          expectedStreamVersion: seq * EVENTS_PER_APPEND,
        }).catch(() => null);
        if (response?.status !== 200) return;
        acknowledged[c].set(seq, response.body.globalPosition);
        if (++total >= 60 && !signalled) {
          signalled = true;
          api.child.kill('SIGTERM');
        }
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
    await api.exited;
    expect(signalled).toBe(true);
    expect(api.log).toMatch(/Shutting down on SIGTERM[\s\S]*Shutdown complete/);

    const sql = new Client({ connectionString: database.url });
    await sql.connect();
    try {
      const { rows } = await sql.query(
        `SELECT stream_id, stream_position, global_position, transaction_id, data FROM events WHERE event_store_id = $1 ORDER BY global_position`,
        [storeId],
      );
      // Every acknowledged append is there, at the position it was acknowledged with, all its events.
      for (let c = 0; c < CLIENTS; c++) {
        for (const [seq, lastPosition] of acknowledged[c]) {
          const stored = rows.filter((row) => row.stream_id === `client-${c}` && row.data.seq === seq);
          expect(stored.map((row) => [Number(row.global_position), row.data.part])).toEqual([
            [lastPosition - 2, 0],
            [lastPosition - 1, 1],
            [lastPosition, 2],
          ]);
        }
      }
      // Nothing half-written: every transaction holds a whole append, and positions have no gap.
      const perTransaction = new Map<string, number>();
      for (const row of rows) perTransaction.set(row.transaction_id, (perTransaction.get(row.transaction_id) ?? 0) + 1);
      expect([...perTransaction.values()].every((count) => count === EVENTS_PER_APPEND)).toBe(true);
      expect(rows.map((row) => Number(row.global_position))).toEqual(rows.map((_, i) => i + 1));
      expect(rows.length).toBeGreaterThanOrEqual(total * EVENTS_PER_APPEND);
    } finally {
      await sql.end();
    }
  });
});

describe('Readiness with Redis unreachable', () => {
  it('answers 503 within 2 s, however long Redis has been down', async () => {
    const database = await cloneTestDatabase();
    const port = await freePort();
    const api = ServiceProcess.startApi({
      DATABASE_URL: database.url,
      // A closed port: ioredis reconnects with a growing backoff, which the check must not wait out.
      REDIS_URL: `redis://127.0.0.1:${await freePort()}`,
      PORT: String(port),
    });
    try {
      await api.waitForOutput(/Listening on port/);
      // Long enough for the reconnection delay to pass a second, so that each ping would wait for it.
      const until = Date.now() + 15_000;
      const timed = async (path: string) => {
        const started = performance.now();
        const response = await fetch(`http://127.0.0.1:${port}${path}`);
        const body = (await response.json()) as { error?: { code: string; details: { error: Record<string, { status: string }> } } };
        return { response, body, ms: performance.now() - started };
      };
      while (Date.now() < until) {
        // Liveness needs no dependency: what a request costs on this machine as loaded now.
        const live = await timed('/health');
        const ready = await timed('/health/ready');
        expect(ready.response.status).toBe(503);
        expect(ready.body.error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', details: { error: { redis: { status: 'down' } } } });
        // Its Redis check gives up after 1 s; waiting out a reconnection delay (up to 2 s) would take it past 2 s.
        expect(ready.ms - live.ms).toBeLessThan(2000);
      }
    } finally {
      await api.stop('SIGKILL');
      await database.drop();
    }
  });
});
