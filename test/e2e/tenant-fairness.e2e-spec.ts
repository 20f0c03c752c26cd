import { Client } from 'pg';
import { connect, Socket } from 'node:net';
import { WebSocket } from 'ws';
import { ApiClient, bearer, TenantKey } from '../support/api-client';
import { fairShareBound, Latencies, recordFigures, timeEach, watchResidentMemory } from '../support/fair-share';
import { freePort, ServiceProcess } from '../support/service-process';
import { cloneTestDatabase, TestDatabase } from '../support/test-database';
import { testEnvironment } from '../support/test-environment';
import { waitFor } from '../support/wait-for';

// Each scenario measures a tenant alone, then under attack: a minute or so each on a loaded machine.
jest.setTimeout(240_000);

const MiB = 1024 * 1024;
/** About 1 KB of JSON, as the benchmark's realistic events. */
const ORDER = { orderId: 'o-1', customer: { id: 'c-1', name: 'A. Customer', email: 'a@example.com' }, lines: [] as unknown[] };
for (let line = 0; line < 8; line += 1)
  ORDER.lines.push({ sku: `sku-${line}`, name: `Item number ${line}`, quantity: line + 1, price: 9.99 });
const SAMPLES = 100;
/** The answer to a body that arrives slower than MIN_BODY_BYTES_PER_SECOND (its message names the rule). */
const CUT_OFF = '408 REQUEST_TIMEOUT slower than MIN_BODY_BYTES_PER_SECOND';

/**
 * No tenant can take the capacity the others share (the built API, default fairness settings): for
 * each attack, tenant B times its own appends and reads alone, then while tenant A attacks, then
 * alone again once A has stopped, and its p95 under attack must stay within the fair-share bound
 * (fair-share.ts) of the slower of its two baselines, every request of it answered 200. The p95 of
 * 100 requests, not the p99 (their slowest but one), and a baseline taken on both sides of the
 * attack, because another process on a loaded machine can stall any few requests of B, attack or
 * not; what a tenant takes from another shows as a shift of the whole distribution (the attacks
 * below moved B's p95 by 10–900× before the shares).
 */
describe('Fair shares among tenants', () => {
  let database: TestDatabase;
  let api: ServiceProcess;
  let port: number;
  let client: ApiClient;

  beforeAll(async () => {
    database = await cloneTestDatabase();
    port = await freePort();
    api = ServiceProcess.startApi({
      DATABASE_URL: database.url,
      REDIS_PREFIX: `${testEnvironment.redisPrefix}-tenant-fairness`,
      PORT: String(port),
      // A store's event budget is not what stands between tenants here (stores are cheap to create); every other limit is the default.
      RATE_LIMIT_EVENTS_PER_MINUTE: '100000000',
    });
    await api.waitForOutput(/Listening on port/);
    client = new ApiClient(`http://127.0.0.1:${port}`);
  });
  afterAll(async () => {
    await api.stop('SIGKILL');
    await database.drop();
  });

  const storeOf = async (tenant: TenantKey, name: string) => (await client.createStore(tenant.key, { name }).expect(201)).body.id as string;

  /** Tenant B, with a key of its own per scenario (the request limit is per key and per minute). */
  const victim = async (name: string) => {
    const tenant = await client.tenantWithKey();
    const storeId = await storeOf(tenant, name);
    let appended = 0;
    const append = () =>
      client
        .http()
        .post(`/event-stores/${storeId}/streams/order-${appended++ % 20}`)
        .set(bearer(tenant.key))
        .send({ events: [{ type: 'order.placed', data: ORDER }] })
        .expect(200);
    const read = () => client.http().get(`/event-stores/${storeId}/streams/order-0`).set(bearer(tenant.key)).expect(200);
    await append();
    const measure = async (deadline?: number) => ({
      appends: await timeEach(append, { count: SAMPLES, deadline }),
      reads: await timeEach(read, { count: SAMPLES, deadline }),
    });
    return { tenant, measure };
  };

  type Measured = Record<'appends' | 'reads', Latencies>;
  const expectFair = (scenario: string, { alone, during, after }: Record<'alone' | 'during' | 'after', Measured>, extra = {}) => {
    recordFigures(scenario, {
      alone: { appends: pick(alone.appends), reads: pick(alone.reads) },
      during: { appends: pick(during.appends), reads: pick(during.reads) },
      after: { appends: pick(after.appends), reads: pick(after.reads) },
      ...extra,
    });
    for (const kind of ['appends', 'reads'] as const) {
      expect(during[kind].samples.length).toBe(SAMPLES);
      expect(during[kind].p95).toBeLessThanOrEqual(fairShareBound(Math.max(alone[kind].p95, after[kind].p95)));
    }
  };

  it("keeps B's appends and store creations coming while A holds bodies it sends a byte a second", async () => {
    const attacker = await client.tenantWithKey(['read']);
    const attackedStore = await storeOf(await client.keyFor(attacker.tenantId, ['admin']), 'attacked');
    const b = await victim('bodies');
    const alone = await b.measure();
    let during: Measured;

    // Seven bodies that together declare all of MAX_PENDING_BODY_BYTES (64 MiB): without shares, nobody else's body would fit.
    const answers: string[] = [];
    const declared = Math.floor((64 * MiB) / 7);
    const dribblers = Array.from({ length: 7 }, () =>
      dribble(port, attacker.key, `/event-stores/${attackedStore}/query`, declared, answers),
    );
    const memory = watchResidentMemory(api.child.pid!);
    try {
      // Their headers are in; a moment for the server to take (or refuse) the reservations they announce.
      await Promise.all(dribblers.map((dribbler) => dribbler.started));
      await new Promise((resolve) => setTimeout(resolve, 500));
      during = await b.measure();
      // B's store creations are bodies too.
      for (let i = 0; i < 5; i += 1) await storeOf(b.tenant, `created-under-attack-${i}`);
      // A quick machine measures B before the rate rule has had its second or two to cut off a dribbled body.
      await waitFor(() => answers.includes(CUT_OFF), { timeoutMs: 30_000, what: 'a dribbled body cut off by the rate rule' });
    } finally {
      memory.stop();
      dribblers.forEach((dribbler) => dribbler.stop());
    }
    expectFair(
      '1. bodies dribbled',
      { alone, during, after: await b.measure() },
      { apiPeakRssBytes: memory.peak, attackerAnswers: tally(answers) },
    );
    // Past its share A is refused before its body is read; a body it dribbles is cut off by the rate
    // rule long before REQUEST_TIMEOUT_MS (its message says which rule).
    expect(answers).toContain('429 RATE_LIMITED');
    expect(answers).toContain(CUT_OFF);
  });

  it("keeps B's appends and reads fast while A's read keys run its most expensive reads, sixteen at once", async () => {
    const attacker = await client.tenantWithKey(['read', 'write', 'admin']);
    const attackedStore = await storeOf(attacker, 'large');
    await preloadDcbEvents(database.url, attackedStore, 150_000);
    const b = await victim('reads');
    const alone = await b.measure();
    let during: Measured;

    // A query past DCB_MAX_QUERY_COST never runs.
    const refused = await client
      .http()
      .post(`/event-stores/${attackedStore}/query`)
      .set(bearer(attacker.key))
      .send({ query: { items: items(100, 50, 2) }, limit: 1000 });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toMatchObject({ limit: 'dcbQueryCost', cost: 10_000, maxCost: 1000 });

    // The costliest query allowed: every item scans the tag all 150,000 events carry for types none has.
    const expensive = (key: string) =>
      client
        .http()
        .post(`/event-stores/${attackedStore}/query`)
        .set(bearer(key))
        .send({ query: { items: items(20, 50, 1) }, limit: 1000 });
    const activity = (key: string) => client.http().get(`/event-stores/${attackedStore}/activity`).set(bearer(key));
    const answers: string[] = [];
    let attacking = true;
    // A read key per loop, so that each key's request limit leaves the database shares, which are the tenant's, to
    // stand between A and B; a loop refused by its key's limit waits as its Retry-After says.
    type Answer = { status: number; body: { error?: { code?: string } }; headers: Record<string, string> };
    const attack = async (read: (key: string) => Promise<Answer>) => {
      const { key } = await client.keyFor(attacker.tenantId, ['read']);
      while (attacking) {
        const response = await read(key);
        answers.push(`${response.status}${response.body.error?.code ? ` ${response.body.error.code}` : ''}`);
        if (response.status === 429) await new Promise((resolve) => setTimeout(resolve, Number(response.headers['retry-after']) * 1000));
      }
    };
    const loops = [...Array.from({ length: 12 }, () => attack(expensive)), ...Array.from({ length: 4 }, () => attack(activity))];
    let served: number | undefined;
    const memory = watchResidentMemory(api.child.pid!);
    try {
      await waitFor(() => answers.length >= 4, { timeoutMs: 60_000, what: 'the expensive reads under way' });
      during = await b.measure();
      served = answers.filter((answer) => answer !== '429 RATE_LIMITED').length;
    } finally {
      memory.stop();
      attacking = false;
      await Promise.all(loops);
    }
    expectFair(
      '2. expensive reads',
      { alone, during, after: await b.measure() },
      { apiPeakRssBytes: memory.peak, attackerAnswers: tally(answers) },
    );
    // The attack was real: A's reads ran (or waited for their share) while B measured, beyond the first 16.
    expect(served).toBeGreaterThan(16);
    // Whatever A asked, it got an answer: a result, a statement timeout, a wait for its share or, once its key had
    // made its requests of the minute, its rate limit; never a 500.
    expect(answers.filter((answer) => !/^(200|503 QUERY_TIMEOUT|503 SERVICE_UNAVAILABLE|429 RATE_LIMITED)$/.test(answer))).toEqual([]);
  });

  it("keeps B's appends fast while A appends 10 MB bodies three at a time", async () => {
    const attacker = await client.tenantWithKey(['write', 'admin']);
    const attackedStore = await storeOf(attacker, 'bulk');
    const events = Array.from({ length: 1000 }, (_, i) => ({ type: 'bulk.loaded', data: { i, payload: 'x'.repeat(10_000) } }));
    const b = await victim('large-appends');
    const alone = await b.measure();
    let during: Measured;

    const answers: string[] = [];
    let attacking = true;
    const attack = async () => {
      while (attacking) {
        // Refused before its body is read, an append's connection is closed under the rest of its body: the client sees EPIPE or a reset.
        const response = await client
          .http()
          .post(`/event-stores/${attackedStore}/events`)
          .set(bearer(attacker.key))
          .send({ events })
          .catch((error: NodeJS.ErrnoException) => ({ status: error.code ?? 'failed', body: {}, headers: { 'retry-after': '1' } }));
        answers.push(`${response.status}${response.body.error?.code ? ` ${response.body.error.code}` : ''}`);
        // A client that honours Retry-After keeps as many appends in flight as it is allowed, and no more.
        if (response.status !== 200) await new Promise((resolve) => setTimeout(resolve, Number(response.headers['retry-after']) * 1000));
      }
    };
    const loops = Array.from({ length: 3 }, attack);
    const memory = watchResidentMemory(api.child.pid!);
    try {
      await waitFor(() => answers.includes('200'), { timeoutMs: 60_000, what: 'a large append' });
      during = await b.measure();
    } finally {
      memory.stop();
      attacking = false;
      await Promise.all(loops);
    }
    expectFair(
      '3. large appends',
      { alone, during, after: await b.measure() },
      { apiPeakRssBytes: memory.peak, attackerAnswers: tally(answers) },
    );
    expect(answers.every((answer) => ['200', '429 RATE_LIMITED', 'EPIPE', 'ECONNRESET'].includes(answer))).toBe(true);
  });

  it('holds at most the bound per WebSocket of A that stops reading, while B appends and reads', async () => {
    const attacker = await client.tenantWithKey(['read', 'write', 'admin']);
    const attackedStore = await storeOf(attacker, 'fan-out');
    const b = await victim('websockets');
    const alone = await b.measure();

    const url = `ws://127.0.0.1:${port}/event-stores/${attackedStore}/events/ws?apiKey=${attacker.key}`;
    const sockets = await Promise.all(Array.from({ length: 100 }, () => stalledSubscriber(url, 10)));
    const memory = watchResidentMemory(api.child.pid!);
    const before = memory.peak;
    try {
      const payload = 'x'.repeat(MiB);
      const appends = (async () => {
        for (let i = 0; i < 20; i += 1) {
          await client
            .http()
            .post(`/event-stores/${attackedStore}/streams/big`)
            .set(bearer(attacker.key))
            .send({ events: [{ type: 'big', data: { payload } }] })
            .expect(200);
        }
      })();
      const during = await b.measure();
      await appends;
      // Every frame is queued by now, or its socket closed; memory is at its peak while the stalled sockets hold them.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      memory.stop();
      expectFair(
        '4. WebSockets that stop reading',
        { alone, during, after: await b.measure() },
        { apiRssBeforeBytes: before, apiPeakRssBytes: memory.peak },
      );
      // The frames of one event are one buffer shared by every socket: 100 sockets × 10 subscriptions of 1 MiB events grow the
      // API by the events themselves and their pages, not by a copy per frame (it grew by over 1 GB when each frame was a copy).
      expect(memory.peak - before).toBeLessThan(256 * MiB);
      // Every socket fell more than the bound (WS_MAX_BUFFERED_BYTES, 4 MiB) behind: once it reads again, it learns it was closed.
      const closes = await Promise.all(sockets.map((socket) => socket.resumeAndClose()));
      expect(closes.every(({ code, reason }) => code === 1008 && reason === 'Slow consumer: too many unsent events')).toBe(true);
    } finally {
      memory.stop();
      sockets.forEach((socket) => socket.ws.terminate());
    }
  });
});

const pick = ({ p50, p95, p99 }: Latencies) => ({ p50: round(p50), p95: round(p95), p99: round(p99) });
const round = (ms: number) => Math.round(ms * 10) / 10;

const tally = (answers: string[]) =>
  answers.reduce<Record<string, number>>((counts, answer) => ({ ...counts, [answer]: (counts[answer] ?? 0) + 1 }), {});

/** A DCB query of `count` items, each with `types` types no event has and `tags` tags every event has. */
const items = (count: number, types: number, tags: number) =>
  Array.from({ length: count }, (_, item) => ({
    types: Array.from({ length: types }, (_, type) => `Missing${item}-${type}`),
    tags: Array.from({ length: tags }, (_, tag) => (tag === 0 ? 'common' : `common-${tag}`)),
  }));

/** `count` DCB events straight into the store's tables, tagged `common` (and `common-1`), as append_batch would leave them. */
async function preloadDcbEvents(url: string, eventStoreId: string, count: number): Promise<void> {
  const sql = new Client({ connectionString: url });
  await sql.connect();
  try {
    await sql.query(
      `INSERT INTO events (event_store_id, global_position, stream_id, stream_position, event_id, type, data, tags,
                           schema_version, transaction_id, created_at, size_bytes)
       SELECT $1, g, '__dcb__', g - 1, gen_random_uuid(), 'Present' || (g % 10), '{"n":1}', ARRAY['common', 'common-1'],
              '1', gen_random_uuid(), now(), 7
         FROM generate_series(1, $2::int) AS g`,
      [eventStoreId, count],
    );
    await sql.query(`UPDATE event_stores SET last_position = $2, total_events = $2 WHERE id = $1`, [eventStoreId, count]);
    await sql.query(`ANALYZE events; ANALYZE event_tags`);
  } finally {
    await sql.end();
  }
}

/**
 * One connection announcing a body of `length` bytes and sending it a byte a second; when the server
 * answers or closes, the answer's status and code (and, for a 408, which rule) go to `answers` and a
 * new connection starts: at once after a 408, a second later after a refusal (as its Retry-After
 * says, which keeps the attacker within its request limit).
 */
function dribble(port: number, key: string, path: string, length: number, answers: string[]) {
  let socket: Socket;
  let timer: NodeJS.Timeout;
  let stopped = false;
  let sentHeaders: () => void;
  const started = new Promise<void>((resolve) => (sentHeaders = resolve));
  const open = () => {
    if (stopped) return;
    let response = '';
    socket = connect(port, '127.0.0.1', () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${length}\r\n\r\n{`,
        () => sentHeaders(),
      );
      timer = setInterval(() => socket.write(' '), 1000);
    });
    socket.on('data', (chunk: Buffer) => (response += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      const status = /^HTTP\/1\.1 (\d+)/.exec(response)?.[1];
      if (status) {
        const code = /"code":"([A-Z_]+)"/.exec(response)?.[1] ?? '';
        const rule = /slower than MIN_BODY_BYTES_PER_SECOND/.test(response) ? ' slower than MIN_BODY_BYTES_PER_SECOND' : '';
        answers.push(`${status} ${code}${rule}`);
      }
      if (!stopped) setTimeout(open, status === '408' ? 0 : 1000);
    });
  };
  open();
  return {
    /** Resolves once the first connection has sent its headers. */
    started,
    stop: () => {
      stopped = true;
      clearInterval(timer);
      socket.destroy();
    },
  };
}

/** A WebSocket that subscribes `subscriptions` times to every event, then stops reading until `resumeAndClose()`, which resolves with how the server closed it. */
async function stalledSubscriber(url: string, subscriptions: number) {
  const ws = new WebSocket(url);
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  ws.on('error', () => undefined);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  let subscribed = 0;
  ws.on('message', (data: Buffer) => {
    if (data.toString().startsWith('{"type":"subscribed"')) subscribed += 1;
  });
  for (let i = 0; i < subscriptions; i += 1) ws.send(JSON.stringify({ action: 'subscribe', eventFilter: '*', position: 'latest' }));
  await waitFor(() => subscribed === subscriptions, { what: 'the subscriptions' });
  const tcp = (ws as unknown as { _socket: Socket })._socket;
  tcp.pause();
  return {
    ws,
    resumeAndClose: () => {
      tcp.resume();
      return closed;
    },
  };
}
