import { Worker } from 'node:worker_threads';
import { ApiClient, bearer, TenantKey } from '../support/api-client';
import { fairShareBound, recordFigures, timeEach } from '../support/fair-share';
import { freePort, ServiceProcess } from '../support/service-process';
import { cloneTestDatabase, TestDatabase } from '../support/test-database';
import { testEnvironment } from '../support/test-environment';
import { waitFor } from '../support/wait-for';
import { TestSocket } from '../support/ws-client';

/** Runs in a worker thread: opens the sockets, subscribes each from the beginning, and reports bytes received and sockets open every 100 ms. */
const REPLAYING_CLIENTS = `
const { parentPort, workerData } = require('node:worker_threads');
const { WebSocket } = require('ws');
const counts = { bytes: 0, open: 0 };
for (let i = 0; i < workerData.sockets; i += 1) {
  const ws = new WebSocket(workerData.url);
  ws.on('message', (data) => (counts.bytes += data.length));
  ws.on('open', () => {
    counts.open += 1;
    for (let s = 0; s < workerData.subscriptions; s += 1) ws.send(JSON.stringify({ action: 'subscribe', eventFilter: '*', position: 'beginning' }));
  });
  ws.on('close', () => (counts.open -= 1));
}
setInterval(() => parentPort.postMessage(counts), 100);
`;

// One API process, a store of tens of thousands of events, replays of hundreds of megabytes.
jest.setTimeout(180_000);

/** What one tenant's WebSockets may take from the others on the built API (`dist/main.js`): database time, and the log. */
describe('WebSocket gateway under one heavy tenant', () => {
  let database: TestDatabase;
  let api: ServiceProcess;
  let port: number;
  let client: ApiClient;

  beforeAll(async () => {
    database = await cloneTestDatabase();
    port = await freePort();
    api = ServiceProcess.startApi({
      DATABASE_URL: database.url,
      REDIS_PREFIX: `${testEnvironment.redisPrefix}-fairness`,
      RATE_LIMIT_REQUESTS_PER_MINUTE: '1000000',
      RATE_LIMIT_EVENTS_PER_MINUTE: '1000000',
      PORT: String(port),
    });
    await api.waitForOutput(/Listening on port/);
    client = new ApiClient(`http://127.0.0.1:${port}`);
  });
  afterAll(async () => {
    await api.stop('SIGKILL');
    await database.drop();
  });

  const storeOf = async (tenant: TenantKey, name: string) => (await client.createStore(tenant.key, { name }).expect(201)).body.id as string;
  const wsUrl = (tenant: TenantKey, storeId: string) => `ws://127.0.0.1:${port}/event-stores/${storeId}/events/ws?apiKey=${tenant.key}`;

  it("keeps another tenant's appends and reads fast while one key replays from the beginning on every subscription it may hold", async () => {
    const heavy = await client.tenantWithKey();
    const heavyStore = await storeOf(heavy, 'big');
    const payload = 'x'.repeat(1000);
    for (let batch = 0; batch < 30; batch += 1) {
      await client
        .http()
        .post(`/event-stores/${heavyStore}/streams/s-${batch}`)
        .set(bearer(heavy.key))
        .send({ events: Array.from({ length: 1000 }, () => ({ type: 'bulk.event', data: { payload } })) })
        .expect(200);
    }
    const other = await client.tenantWithKey();
    const otherStore = await storeOf(other, 'small');
    const appendOne = () =>
      client
        .http()
        .post(`/event-stores/${otherStore}/streams/s-1`)
        .set(bearer(other.key))
        .send({ events: [{ type: 't', data: {} }] })
        .expect(200);
    const readStream = () => client.http().get(`/event-stores/${otherStore}/streams/s-1`).set(bearer(other.key)).expect(200);
    await appendOne();
    // The other tenant's own baseline, on this machine as loaded now.
    const alone = { appends: await timeEach(appendOne, { count: 200 }), reads: await timeEach(readStream, { count: 100 }) };

    // Five sockets of one key, 100 subscriptions each from the beginning: clients that read as fast as
    // they can and only count bytes, on a thread of their own so that this one measures only the server.
    const load = new Worker(REPLAYING_CLIENTS, {
      eval: true,
      workerData: { url: wsUrl(heavy, heavyStore), sockets: 5, subscriptions: 100 },
    });
    const received = { bytes: 0, open: 0 };
    load.on('message', (counts: typeof received) => Object.assign(received, counts));
    try {
      await waitFor(() => received.bytes > 20_000_000, { timeoutMs: 60_000, what: 'the replays under way' });
      // On a starved pool one append takes seconds: stop measuring after 30 s, the figures are clear by then.
      const deadline = Date.now() + 30_000;
      const during = {
        appends: await timeEach(appendOne, { count: 200, deadline }),
        reads: await timeEach(readStream, { count: 100, deadline }),
      };
      const bytesBefore = received.bytes;
      await waitFor(() => received.bytes > bytesBefore, { what: 'the replays still going' });

      recordFigures('replays of one key', {
        alone: { appends: alone.appends.p99, reads: alone.reads.p99 },
        during: { appends: during.appends.p99, reads: during.reads.p99 },
      });
      expect(during.appends.p99).toBeLessThanOrEqual(fairShareBound(alone.appends.p99));
      expect(during.reads.p99).toBeLessThanOrEqual(fairShareBound(alone.reads.p99));
      expect(received.open).toBe(5);
    } finally {
      await load.terminate();
    }
  });

  it('delivers a 9 MiB event to a client that reads, live and replayed, and still closes one that stops reading with 1008', async () => {
    const tenant = await client.tenantWithKey();
    const storeId = await storeOf(tenant, 'large-events');
    const append = (data: Record<string, unknown>, count = 1) =>
      client
        .http()
        .post(`/event-stores/${storeId}/streams/s-1`)
        .set(bearer(tenant.key))
        .send({ events: Array.from({ length: count }, () => ({ type: 'big', data })) })
        .expect(200);
    const reader = await TestSocket.open(wsUrl(tenant, storeId));
    const stalled = await TestSocket.open(wsUrl(tenant, storeId));
    try {
      const live = await reader.subscribe('*', 'latest');
      await stalled.subscribe('*', 'latest');
      stalled.ws.pause();

      // Over twice WS_MAX_BUFFERED_BYTES (4 MiB), under MAX_BODY_BYTES (10 MiB).
      const payload = 'x'.repeat(9 * 1024 * 1024);
      await append({ payload });
      await reader.waitUntil(() => reader.positions(live).length === 1, 20_000, 'the large event, live');
      const replayed = await reader.subscribe('*', 'beginning');
      await reader.waitUntil(() => reader.positions(replayed).length === 1, 20_000, 'the large event, replayed');
      const frames = reader.frames.filter((frame) => frame.type === 'event');
      expect(frames.map((frame) => (frame.event!.data as { payload: string }).payload.length)).toEqual([payload.length, payload.length]);

      // Behind the large frame, more piles up for the client that reads nothing: beyond the bound, it is closed.
      const more = 'y'.repeat(100 * 1024);
      for (let batch = 0; batch < 30; batch += 1) await append({ payload: more }, 10);
      stalled.ws.resume();
      expect(await stalled.closedWithin(20_000)).toEqual({ code: 1008, reason: 'Slow consumer: too many unsent events' });
      await reader.waitUntil(() => reader.positions(live).length === 301, 20_000, 'every event on the reading client');
      expect(reader.isOpen).toBe(true);
    } finally {
      reader.close();
      stalled.close();
    }
  });

  it('logs a client frame over 64 KiB, closed with 1009, as a warning without a stack', async () => {
    const tenant = await client.tenantWithKey();
    const socket = await TestSocket.open(wsUrl(tenant, await storeOf(tenant, 'big-frames')));
    socket.send(JSON.stringify({ action: 'ping', padding: 'x'.repeat(64 * 1024) }));
    expect((await socket.closedWithin(5000)).code).toBe(1009);

    await api.waitForOutput(/Max payload size exceeded/);
    const entries: Record<string, unknown>[] = api.log
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const fault = entries.filter((entry) => /Max payload size exceeded/.test(String(entry.msg)));
    expect(fault).toEqual([expect.objectContaining({ level: 40, context: 'WebSocket' })]);
    expect(fault[0]).not.toHaveProperty('stack');
    expect(fault[0]).not.toHaveProperty('err');
    expect(entries.filter((entry) => Number(entry.level) >= 50)).toEqual([]);
  });
});
