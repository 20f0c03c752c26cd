import { Client } from 'pg';
import { bearer } from '../support/api-client';
import { freePort, ServiceProcess } from '../support/service-process';
import { TEST_ADMIN_TOKEN, TEST_JWT_SECRET } from '../support/test-app';
import { cloneTestDatabase, TestDatabase } from '../support/test-database';
import { testEnvironment } from '../support/test-environment';

jest.setTimeout(120_000);

/** The built API (`dist/main.js`) as operators run it: its log lines, and its stop on SIGTERM. */
describe('The API process in operation', () => {
  let database: TestDatabase;
  let api: ServiceProcess;
  let base: string;

  beforeEach(async () => {
    database = await cloneTestDatabase();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    api = ServiceProcess.start('dist/main.js', {
      DATABASE_URL: database.url,
      REDIS_URL: testEnvironment.redisUrl,
      REDIS_PREFIX: testEnvironment.redisPrefix,
      JWT_SECRET: TEST_JWT_SECRET,
      ADMIN_TOKEN: TEST_ADMIN_TOKEN,
      PORT: String(port),
      LOG_LEVEL: 'info',
    });
    await api.waitForOutput(/Listening on port/);
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
    return { status: response.status, body: (await response.json().catch(() => null)) as { id: string; key: string; globalPosition: number } };
  };
  const newStore = async () => {
    const tenant = (await call('POST', '/admin/tenants', TEST_ADMIN_TOKEN, { name: 'ops' })).body;
    const key = (await call('POST', `/admin/tenants/${tenant.id}/api-keys`, TEST_ADMIN_TOKEN, { name: 'ops', scopes: ['read', 'write', 'admin'] })).body.key as string;
    const store = (await call('POST', '/event-stores', key, { name: 'ops' })).body;
    return { key, storeId: store.id as string };
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
    expect(request).toEqual([expect.objectContaining({ req: { method: 'GET', path: '/event-stores/ops', remoteAddress: expect.any(String) }, res: { statusCode: 200 }, apiKeyId: expect.stringMatching(/^key_/) })]);
    expect(entries.find((entry) => entry.requestId === 'trace-ops-2')).toMatchObject({ req: { path: '/event-stores/ops/events/ws' } });
    expect(api.log).not.toContain(key);
    expect(api.log).not.toContain(key.slice(4, 20));
    expect(api.log).not.toContain(TEST_ADMIN_TOKEN);
    expect(api.log).not.toMatch(/authorization/i);
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
        const response = await call('POST', `/event-stores/${storeId}/streams/client-${c}`, key, { events, expectedStreamVersion: seq * EVENTS_PER_APPEND }).catch(() => null);
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
