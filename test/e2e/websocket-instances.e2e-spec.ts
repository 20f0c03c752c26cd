import { ApiClient, bearer, TenantKey } from '../support/api-client';
import { freePort, ServiceProcess } from '../support/service-process';
import { cloneTestDatabase, TestDatabase } from '../support/test-database';
import { testEnvironment } from '../support/test-environment';
import { waitFor } from '../support/wait-for';
import { TestSocket } from '../support/ws-client';

/**
 * DECISIONS §9 and §10 across processes: two built APIs on one database and one Redis serve the
 * same stores; events, listings, closes and the connection limit do not care which instance a
 * client reached.
 */
// Two API processes start here; the default 30 s is tight for that on a busy machine.
jest.setTimeout(120_000);

describe('WebSocket gateway across API instances', () => {
  const CONNECTION_LIMIT = 3;
  let database: TestDatabase;
  const instances: { process: ServiceProcess; port: number; api: ApiClient }[] = [];
  let tenant: TenantKey;
  let storeId: string;
  const sockets: TestSocket[] = [];

  const [a, b] = [0, 1].map((index) => () => instances[index]);
  const wsUrl = (port: number, query: Record<string, string> = {}) =>
    `ws://127.0.0.1:${port}/event-stores/${storeId}/events/ws?${new URLSearchParams({ apiKey: tenant.key, ...query }).toString()}`;
  const connect = async (port: number, query?: Record<string, string>) => {
    const socket = await TestSocket.open(wsUrl(port, query));
    sockets.push(socket);
    return socket;
  };
  const append = (api: ApiClient, events: Record<string, unknown>[]) =>
    api.http().post(`/event-stores/${storeId}/streams/s-1`).set(bearer(tenant.key)).send({ events }).expect(200);

  beforeAll(async () => {
    database = await cloneTestDatabase();
    for (let index = 0; index < 2; index += 1) {
      const port = await freePort();
      const process = ServiceProcess.startApi({
        DATABASE_URL: database.url,
        REDIS_PREFIX: `${testEnvironment.redisPrefix}-instances`,
        WS_MAX_CONNECTIONS_PER_KEY: String(CONNECTION_LIMIT),
        // The slow-consumer case appends 16,000 events within a minute.
        RATE_LIMIT_EVENTS_PER_MINUTE: '1000000',
        PORT: String(port),
      });
      instances.push({ process, port, api: new ApiClient(`http://127.0.0.1:${port}`) });
    }
    await Promise.all(instances.map(({ process }) => process.waitForOutput(/Listening on port/)));
  });
  beforeEach(async () => {
    tenant = await a().api.tenantWithKey();
    storeId = (
      await a()
        .api.createStore(tenant.key, { name: `multi-${Math.random().toString(36).slice(2, 8)}` })
        .expect(201)
    ).body.id;
  });
  afterEach(() => sockets.splice(0).forEach((socket) => socket.close()));
  afterAll(async () => {
    await Promise.all(instances.map(({ process }) => process.stop('SIGKILL')));
    await database.drop();
  });

  it('gives a client on B the events appended through A, replayed and then live', async () => {
    await append(a().api, [
      { type: 'order.created', data: {} },
      { type: 'order.paid', data: {} },
    ]);
    const socket = await connect(b().port);
    const subscriptionId = await socket.subscribe('order.*', 'beginning');
    await socket.waitUntil(() => socket.positions(subscriptionId).length === 2);
    await append(a().api, [
      { type: 'order.shipped', data: {} },
      { type: 'invoice.sent', data: {} },
      { type: 'order.closed', data: {} },
    ]);
    await socket.waitUntil(() => socket.positions(subscriptionId).length === 4);
    expect(socket.positions(subscriptionId)).toEqual([1, 2, 3, 5]);
  });

  it('lists a connection made to B through A, and closes it through A', async () => {
    const socket = await connect(b().port, { clientId: 'on-b' });
    const subscriptionId = await socket.subscribe('*');
    const listed = await a().api.http().get(`/event-stores/${storeId}/websocket-connections`).set(bearer(tenant.key)).expect(200);
    expect(listed.body.connections).toEqual([
      expect.objectContaining({ clientId: 'on-b', subscriptions: [{ subscriptionId, eventFilter: '*' }] }),
    ]);

    const closed = await a().api.http().delete(`/event-stores/${storeId}/websocket-connections/on-b`).set(bearer(tenant.key)).expect(200);
    expect(closed.body.connectionsClosedCount).toBe(1);
    expect(await socket.closedWithin(2000)).toEqual({ code: 1000, reason: 'Closed by an administrator' });
  });

  it('counts the connection limit of a key over both instances', async () => {
    const onA = await connect(a().port);
    await connect(a().port);
    await connect(b().port);
    expect((await TestSocket.refusal(wsUrl(b().port))).status).toBe(429);
    expect((await TestSocket.refusal(wsUrl(a().port))).status).toBe(429);

    onA.close();
    await onA.closed;
    await waitFor(() =>
      TestSocket.open(wsUrl(b().port)).then(
        (socket) => (sockets.push(socket), true),
        () => false,
      ),
    );
  });

  it('closes a key’s sockets on B with 1008 when the key is revoked through A', async () => {
    const key = await a().api.keyFor(tenant.tenantId, ['read']);
    const socket = await connect(b().port, { apiKey: key.key });
    await a().api.admin().revokeApiKey(key.apiKeyId).expect(204);
    expect(await socket.closedWithin(2000)).toEqual({ code: 1008, reason: 'API key revoked' });
  });

  it('closes a store’s sockets on B with 1000 when the store is deleted through A', async () => {
    const socket = await connect(b().port);
    await socket.subscribe('*', 'beginning');
    await a().api.http().delete(`/event-stores/${storeId}`).set(bearer(tenant.key)).expect(204);
    expect(await socket.closedWithin(2000)).toEqual({ code: 1000, reason: 'Event store deleted' });
  });

  it('closes a consumer that stops reading with 1008, having kept at most WS_MAX_BUFFERED_BYTES for it', async () => {
    const socket = await connect(b().port);
    const subscriptionId = await socket.subscribe('*');
    socket.ws.pause();
    // 64 MB of events, 16 times the default bound on a socket's unsent bytes (WS_MAX_BUFFERED_BYTES, 4 MiB).
    const payload = 'x'.repeat(4000);
    for (let batch = 0; batch < 16; batch += 1) {
      await append(
        a().api,
        Array.from({ length: 1000 }, () => ({ type: 'bulk.event', data: { payload } })),
      );
    }
    socket.ws.resume();

    expect(await socket.closedWithin(30_000)).toEqual({ code: 1008, reason: 'Slow consumer: too many unsent events' });
    // What reached the client is what the server held for it: the bound, plus what the kernel's socket buffers took.
    expect(socket.receivedBytes).toBeLessThan(16 * 1024 * 1024);
    expect(socket.positions(subscriptionId).length).toBeLessThan(4000);
  });

  it('closes open sockets with 1001 when an instance is stopped with SIGTERM', async () => {
    const onB = await connect(b().port);
    const onA = await connect(a().port);
    await b().process.stop('SIGTERM');
    expect(await onB.closedWithin(5000)).toEqual({ code: 1001, reason: 'Server shutting down' });
    await b().process.exited;
    expect(b().process.log).toMatch(/Shutting down on SIGTERM[\s\S]*Shutdown complete/);
    expect(onA.isOpen).toBe(true);
  });
});
