import { Client } from 'pg';
import { EventLogReader } from '../../src/event-log/read/event-log-reader';
import { ConnectionAudit } from '../../src/websocket-gateway/connections/connection-audit';
import { StoreFeeds } from '../../src/websocket-gateway/live/store-feeds';
import { ApiClient, bearer, TenantKey } from '../support/api-client';
import { startTestApp, TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { TestSocket } from '../support/ws-client';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** DECISIONS §6 (upgrade refusals) and §9 (protocol, replay and live, closes) against the real AppModule and `ws` clients. */
describe('WebSocket gateway', () => {
  const CONNECTION_LIMIT = 4;
  const SUBSCRIPTION_LIMIT = 6;
  let testApp: TestApp;
  let api: ApiClient;
  let tenant: TenantKey;
  let storeId: string;
  let storeName: string;
  const sockets: TestSocket[] = [];

  const url = (store = storeId, query: Record<string, string> = { apiKey: tenant.key }) =>
    `${testApp.wsBase()}/event-stores/${store}/events/ws?${new URLSearchParams(query).toString()}`;
  const connect = async (query?: Record<string, string>, store?: string) => {
    const socket = await TestSocket.open(url(store, query));
    sockets.push(socket);
    return socket;
  };
  const append = (
    streamId: string,
    events: { type: string; data?: Record<string, unknown>; metadata?: Record<string, unknown> }[],
    store = storeId,
  ) =>
    api
      .http()
      .post(`/event-stores/${store}/streams/${streamId}`)
      .set(bearer(tenant.key))
      .send({ events: events.map((event) => ({ data: {}, ...event })) })
      .expect(200)
      .then((response) => response.body.globalPosition as number);
  const newStore = async () => {
    const name = `ws-${Math.random().toString(36).slice(2, 10)}`;
    const { body } = await api.createStore(tenant.key, { name }).expect(201);
    return { id: body.id as string, name };
  };

  beforeAll(async () => {
    testApp = await startTestApp({
      WS_MAX_CONNECTIONS_PER_KEY: String(CONNECTION_LIMIT),
      WS_MAX_SUBSCRIPTIONS_PER_CONNECTION: String(SUBSCRIPTION_LIMIT),
      WS_MAX_BUFFERED_BYTES: '65536',
    });
    await testApp.listen();
    api = new ApiClient(testApp.server);
  });
  beforeEach(async () => {
    tenant = await api.tenantWithKey();
    ({ id: storeId, name: storeName } = await newStore());
  });
  afterEach(() => sockets.splice(0).forEach((socket) => socket.close()));
  afterAll(async () => {
    await testApp.close();
  });

  describe('upgrade', () => {
    it('refuses a missing, unknown or revoked key with 401 in the error envelope', async () => {
      const missing = await TestSocket.refusal(url(storeId, {}));
      expect(missing).toMatchObject({ status: 401, body: { error: { code: 'UNAUTHORIZED' } } });
      expect(missing.headers['content-type']).toBe('application/json');
      expect((await TestSocket.refusal(url(storeId, { apiKey: 'esk_not-a-key' }))).status).toBe(401);

      const revoked = await api.keyFor(tenant.tenantId, ['read']);
      await api.admin().revokeApiKey(revoked.apiKeyId).expect(204);
      expect((await TestSocket.refusal(url(storeId, { apiKey: revoked.key }))).status).toBe(401);
    });

    it('refuses a key without the read scope with 403', async () => {
      const writer = await api.keyFor(tenant.tenantId, ['write', 'admin']);
      const refusal = await TestSocket.refusal(url(storeId, { apiKey: writer.key }));
      expect(refusal).toMatchObject({ status: 403, body: { error: { code: 'FORBIDDEN', details: { requiredScope: 'read' } } } });
    });

    it("refuses an unknown store, or another tenant's, with 404", async () => {
      expect(await TestSocket.refusal(url('no-such-store'))).toMatchObject({ status: 404, body: { error: { code: 'NOT_FOUND' } } });
      const stranger = await api.tenantWithKey(['read']);
      expect((await TestSocket.refusal(url(storeId, { apiKey: stranger.key }))).status).toBe(404);
    });

    it('refuses a malformed clientId with 400, and a path that is not the gateway with 404', async () => {
      const refusal = await TestSocket.refusal(url(storeId, { apiKey: tenant.key, clientId: 'has spaces' }));
      expect(refusal).toMatchObject({
        status: 400,
        body: { error: { code: 'VALIDATION_ERROR', details: { fields: [{ field: 'clientId' }] } } },
      });
      const elsewhere = await TestSocket.refusal(`${testApp.wsBase()}/event-stores/${storeId}/ws?apiKey=${tenant.key}`);
      expect(elsewhere).toMatchObject({ status: 404, body: { error: { code: 'NOT_FOUND' } } });
    });

    it('refuses an unknown query parameter with 400 naming it, like every endpoint', async () => {
      const refusal = await TestSocket.refusal(url(storeId, { apiKey: tenant.key, clientid: 'lower-case-typo' }));
      expect(refusal).toMatchObject({
        status: 400,
        body: { error: { code: 'VALIDATION_ERROR', details: { fields: [{ field: 'clientid' }] } } },
      });
    });

    it('answers a plain HTTP GET of the gateway path with 426 in the error envelope', async () => {
      const response = await api.http().get(`/event-stores/${storeId}/events/ws`).set(bearer(tenant.key)).expect(426);
      expect(response.body).toEqual({ error: { code: 'UPGRADE_REQUIRED', message: expect.any(String), details: {} } });
      expect(response.headers.upgrade).toBe('websocket');
    });

    it('accepts the key in the Authorization header and the store by id or by name', async () => {
      const byHeader = await TestSocket.open(url(storeName, {}), bearer(tenant.key));
      sockets.push(byHeader);
      await connect(undefined, storeName);
      await connect(undefined, storeId);
      const { body } = await api.http().get(`/event-stores/${storeId}/websocket-connections`).set(bearer(tenant.key)).expect(200);
      expect(body.totalCount).toBe(3);
    });

    it('refuses connections past WS_MAX_CONNECTIONS_PER_KEY with 429, and admits again once one closes', async () => {
      const open = await Promise.all(range(1, CONNECTION_LIMIT).map(() => connect()));
      const refusal = await TestSocket.refusal(url());
      expect(refusal).toMatchObject({ status: 429, body: { error: { code: 'RATE_LIMITED', details: { limit: CONNECTION_LIMIT } } } });
      // Another key of the same tenant has its own allowance.
      await connect({ apiKey: (await api.keyFor(tenant.tenantId, ['read'])).key });

      open[0].close();
      await open[0].closed;
      // The server frees the slot when it sees the close; the next upgrade after that is admitted.
      await waitFor(() =>
        TestSocket.open(url()).then(
          (socket) => (sockets.push(socket), true),
          () => false,
        ),
      );
    });
  });

  describe('protocol', () => {
    it('answers ping, subscribe and unsubscribe, echoing the filter and position', async () => {
      const socket = await connect();
      socket.send({ action: 'ping' });
      await socket.waitForFrame((frame) => frame.type === 'pong');

      socket.send({ action: 'subscribe', eventFilter: 'order.*', position: 'beginning' });
      const ack = await socket.waitForFrame((frame) => frame.type === 'subscribed');
      expect(ack).toEqual({
        type: 'subscribed',
        subscriptionId: expect.stringMatching(/^wss_/),
        eventFilter: 'order.*',
        position: 'beginning',
      });

      socket.send({ action: 'unsubscribe', subscriptionId: ack.subscriptionId });
      expect(await socket.waitForFrame((frame) => frame.type === 'unsubscribed')).toEqual({
        type: 'unsubscribed',
        subscriptionId: ack.subscriptionId,
      });
    });

    it.each([
      ['text that is not JSON', 'hello', 'INVALID_MESSAGE'],
      ['a JSON array', '[]', 'INVALID_MESSAGE'],
      ['an object without action', '{"eventFilter":"*"}', 'INVALID_MESSAGE'],
      ['an unknown action', '{"action":"publish"}', 'UNKNOWN_ACTION'],
      ['a malformed filter', '{"action":"subscribe","eventFilter":"order*"}', 'INVALID_FILTER'],
      ['a negative position', '{"action":"subscribe","position":-3}', 'INVALID_POSITION'],
      ['a position word it does not know', '{"action":"subscribe","position":"soon"}', 'INVALID_POSITION'],
      ['unsubscribe from an unknown id', '{"action":"unsubscribe","subscriptionId":"wss_nope"}', 'SUBSCRIPTION_NOT_FOUND'],
    ])('answers %s with an %s error frame and keeps the socket open', async (_case, raw, code) => {
      const socket = await connect();
      socket.send(raw);
      const error = await socket.waitForFrame((frame) => frame.type === 'error');
      expect(error).toEqual({ type: 'error', error: { code, message: expect.any(String) } });
      socket.send({ action: 'ping' });
      await socket.waitForFrame((frame) => frame.type === 'pong');
      expect(socket.isOpen).toBe(true);
    });

    it('answers a binary frame with INVALID_MESSAGE', async () => {
      const socket = await connect();
      socket.ws.send(Buffer.from('{"action":"ping"}'), { binary: true });
      expect(await socket.waitForFrame((frame) => frame.type === 'error')).toMatchObject({ error: { code: 'INVALID_MESSAGE' } });
    });

    it('sends event frames with exactly the spec’s fields', async () => {
      const socket = await connect();
      const subscriptionId = await socket.subscribe('*', 'beginning');
      await append('order-1', [{ type: 'order.created', data: { total: 42 }, metadata: { by: 'test' } }]);
      const frame = await socket.waitForFrame((candidate) => candidate.type === 'event');
      expect(frame).toEqual({
        type: 'event',
        subscriptionId,
        event: {
          streamId: 'order-1',
          streamPosition: 0,
          globalPosition: 1,
          eventId: expect.stringMatching(/^[0-9a-f-]{36}$/),
          type: 'order.created',
          data: { total: 42 },
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        },
      });
    });

    it('applies each filter form, to stream and DCB events alike, with several subscriptions on one connection', async () => {
      const socket = await connect();
      const ids = {
        all: await socket.subscribe('*', 'beginning'),
        prefix: await socket.subscribe('order.*', 'beginning'),
        suffix: await socket.subscribe('*.paid', 'beginning'),
        exact: await socket.subscribe('invoice.paid', 'beginning'),
      };
      await append('order-1', [{ type: 'order.created' }, { type: 'order.paid' }]);
      await append('invoice-1', [{ type: 'invoice.paid' }, { type: 'orders.archived' }]);
      await api
        .http()
        .post(`/event-stores/${storeId}/events`)
        .set(bearer(tenant.key))
        .send({ events: [{ type: 'order.tagged', data: {}, tags: ['customer:1'] }] })
        .expect(200);

      await socket.waitUntil(() => socket.positions(ids.all).length === 5);
      // Frames of later subscriptions may still be on their way; what has arrived must be the right ones.
      await socket.waitUntil(() => socket.positions(ids.prefix).length === 3 && socket.positions(ids.suffix).length === 2);
      expect(socket.positions(ids.all)).toEqual([1, 2, 3, 4, 5]);
      expect(socket.positions(ids.prefix)).toEqual([1, 2, 5]);
      expect(socket.positions(ids.suffix)).toEqual([2, 3]);
      await socket.waitUntil(() => socket.positions(ids.exact).length === 1);
      expect(socket.positions(ids.exact)).toEqual([3]);
    });

    it('starts after the given position: beginning, N, a numeric string, or only new events for latest', async () => {
      await append('s-1', [{ type: 't' }, { type: 't' }, { type: 't' }]);
      const socket = await connect();
      const ids = {
        beginning: await socket.subscribe('*', 'beginning'),
        afterTwo: await socket.subscribe('*', 2),
        afterOne: await socket.subscribe('*', '1'),
        latest: await socket.subscribe('*', 'latest'),
      };
      await socket.waitUntil(() => socket.positions(ids.beginning).length === 3 && socket.positions(ids.afterOne).length === 2);
      await append('s-1', [{ type: 't' }]);
      await socket.waitUntil(() => Object.values(ids).every((id) => socket.positions(id).includes(4)));
      expect(socket.positions(ids.beginning)).toEqual([1, 2, 3, 4]);
      expect(socket.positions(ids.afterTwo)).toEqual([3, 4]);
      expect(socket.positions(ids.afterOne)).toEqual([2, 3, 4]);
      expect(socket.positions(ids.latest)).toEqual([4]);
    });

    it('delivers an event appended right after the subscribed ack of a latest subscription, however slow reading the last position is', async () => {
      // `latest` means after the store's last event when the ack was sent: an append the client makes
      // once it holds the ack must reach it. Made deterministic: the server's read of the last position
      // takes 300 ms, so an ack sent before that read would let the client's append land before it.
      const eventLog = testApp.app.get(EventLogReader);
      const lastPosition = eventLog.lastPosition.bind(eventLog);
      const slowRead = jest.spyOn(eventLog, 'lastPosition').mockImplementation(async (db, eventStoreId) => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        return lastPosition(db, eventStoreId);
      });
      try {
        const socket = await connect();
        for (let round = 0; round < 3; round += 1) {
          const subscriptionId = await socket.subscribe('*', 'latest');
          const position = await append('slow-latest', [{ type: 't' }]);
          await socket.waitUntil(
            () => socket.positions(subscriptionId).includes(position),
            3000,
            `round ${round}: event ${position} on the new subscription`,
          );
          expect(socket.positions(subscriptionId)).toEqual([position]);
        }
        expect(slowRead).toHaveBeenCalled();
      } finally {
        slowRead.mockRestore();
      }
    });

    it('sends nothing more of a subscription after unsubscribe', async () => {
      const socket = await connect();
      const kept = await socket.subscribe('*');
      const dropped = await socket.subscribe('*');
      await append('s-1', [{ type: 't' }]);
      await socket.waitUntil(() => socket.positions(dropped).length === 1);
      socket.send({ action: 'unsubscribe', subscriptionId: dropped });
      await socket.waitForFrame((frame) => frame.type === 'unsubscribed');
      await append('s-1', [{ type: 't' }]);
      await socket.waitUntil(() => socket.positions(kept).length === 2);
      expect(socket.positions(dropped)).toEqual([1]);
    });

    it('refuses more than WS_MAX_SUBSCRIPTIONS_PER_CONNECTION subscriptions on one connection with SUBSCRIPTION_LIMIT, and takes one again after an unsubscribe', async () => {
      const socket = await connect();
      for (let i = 0; i < SUBSCRIPTION_LIMIT; i += 1) socket.send({ action: 'subscribe', eventFilter: '*' });
      await socket.waitUntil(() => socket.frames.filter((frame) => frame.type === 'subscribed').length === SUBSCRIPTION_LIMIT);
      socket.send({ action: 'subscribe', eventFilter: '*' });
      expect(await socket.waitForFrame((frame) => frame.type === 'error')).toEqual({
        type: 'error',
        error: {
          code: 'SUBSCRIPTION_LIMIT',
          message: `A connection holds at most ${SUBSCRIPTION_LIMIT} subscriptions (WS_MAX_SUBSCRIPTIONS_PER_CONNECTION)`,
        },
      });
      // The socket stays open, and a freed place can be taken.
      const first = socket.frames.find((frame) => frame.type === 'subscribed')!.subscriptionId;
      socket.send({ action: 'unsubscribe', subscriptionId: first });
      await socket.waitForFrame((frame) => frame.type === 'unsubscribed');
      await socket.subscribe('*');
      // Another connection of the same key has places of its own.
      await (await connect()).subscribe('*');
    });
  });

  describe('replay and live', () => {
    it('gives every position exactly once and in order to clients subscribing from the beginning while a writer appends', async () => {
      let writing = true;
      let lastPosition = 0;
      const writer = (async () => {
        for (let i = 0; writing || i < 5; i += 1) {
          const size = i % 7 === 0 ? 25 : 1;
          lastPosition = await append(
            `stream-${i % 13}`,
            Array.from({ length: size }, () => ({ type: i % 2 ? 'a.odd' : 'b.even' })),
          );
        }
      })();
      // Clients join while the log grows, so each switches from replay to live at a different point.
      const clients: { socket: TestSocket; subscriptionId: string }[] = [];
      for (let i = 0; i < 4; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 300));
        const socket = await connect();
        clients.push({ socket, subscriptionId: await socket.subscribe('*', 'beginning') });
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
      writing = false;
      await writer;

      for (const { socket, subscriptionId } of clients) {
        await socket.waitUntil(() => socket.positions(subscriptionId).length >= lastPosition, 20_000, `all ${lastPosition} events`);
        expect(socket.positions(subscriptionId)).toEqual(range(1, lastPosition));
      }
      expect(lastPosition).toBeGreaterThan(100);
    });

    it('reads on after a page cut short before the store’s end (a byte budget), replayed and live, filtered or not', async () => {
      // A page may stop early at a byte budget, holding at least one event: here every page holds at most 3.
      const eventLog = testApp.app.get(EventLogReader);
      const readMatchingAfter = eventLog.readMatchingAfter.bind(eventLog);
      const shortPages = jest.spyOn(eventLog, 'readMatchingAfter').mockImplementation(async (...args) => {
        const page = await readMatchingAfter(...args);
        if (page.events.length <= 3) return page;
        // As the budget cuts a page: more follow, and lastPosition is the last event returned.
        return { events: page.events.slice(0, 3), hasMore: true, lastPosition: page.events[2].globalPosition };
      });
      try {
        const types = (positions: number[]) => positions.map((position) => ({ type: position % 4 === 0 ? 'match.me' : 'other.thing' }));
        await append('paged', types(range(1, 40)));
        const socket = await connect();
        const all = await socket.subscribe('*', 'beginning');
        const matching = await socket.subscribe('match.*', 'beginning');
        const latest = await socket.subscribe('*', 'latest');
        // Ten events in one append reach the live feed at once: its pages are cut short too.
        await append('paged', types(range(41, 50)));
        await socket.waitUntil(() => socket.positions(all).length >= 50 && socket.positions(latest).length >= 10);
        expect(socket.positions(all)).toEqual(range(1, 50));
        expect(socket.positions(latest)).toEqual(range(41, 50));
        await socket.waitUntil(() => socket.positions(matching).length >= 12);
        expect(socket.positions(matching)).toEqual(range(1, 50).filter((position) => position % 4 === 0));
        expect(shortPages).toHaveBeenCalled();
      } finally {
        shortPages.mockRestore();
      }
    });

    it('gives a filtered subscription exactly the matching positions across the switch', async () => {
      const types = range(1, 60).map((position) => (position % 3 === 0 ? 'match.me' : 'other.thing'));
      const appendAll = async (positions: number[]) => {
        for (const position of positions) await append('mixed', [{ type: types[position - 1] }]);
      };
      await appendAll(range(1, 30));
      const socket = await connect();
      const subscriptionId = await socket.subscribe('match.*', 'beginning');
      await appendAll(range(31, 60));
      const expected = range(1, 60).filter((position) => position % 3 === 0);
      await socket.waitUntil(() => socket.positions(subscriptionId).length === expected.length);
      expect(socket.positions(subscriptionId)).toEqual(expected);
    });
  });

  describe('registry and closes', () => {
    it('lists open connections with their subscriptions, and their subscriptions among the store’s', async () => {
      const socket = await TestSocket.open(url(storeId, { apiKey: tenant.key, clientId: 'dashboard-1' }), { 'User-Agent': 'e2e-test' });
      sockets.push(socket);
      const subscriptionId = await socket.subscribe('order.*', 'beginning');

      const { body } = await api.http().get(`/event-stores/${storeName}/websocket-connections`).set(bearer(tenant.key)).expect(200);
      expect(body).toEqual({
        connections: [
          {
            connectionId: expect.stringMatching(/^conn_/),
            clientId: 'dashboard-1',
            connectedAt: expect.any(String),
            ipAddress: expect.stringContaining('127.0.0.1'),
            userAgent: 'e2e-test',
            subscriptions: [{ subscriptionId, eventFilter: 'order.*' }],
          },
        ],
        totalCount: 1,
      });

      const listed = await api.http().get(`/event-stores/${storeId}/subscriptions`).set(bearer(tenant.key)).expect(200);
      expect(listed.body.subscriptions).toEqual([
        expect.objectContaining({
          subscriptionId,
          eventStoreId: storeId,
          eventFilter: 'order.*',
          subscriberType: 'websocket',
          subscriberConfig: { connectionId: body.connections[0].connectionId, clientId: 'dashboard-1' },
          status: 'active',
          failedDeliveries: 0,
        }),
      ]);
      const one = await api.http().get(`/event-stores/${storeId}/subscriptions/${subscriptionId}`).set(bearer(tenant.key)).expect(200);
      expect(one.body).toMatchObject({ subscriptionId, subscriberType: 'websocket' });

      socket.close();
      await socket.closed;
      await waitFor(
        async () => (await api.http().get(`/event-stores/${storeId}/subscriptions`).set(bearer(tenant.key))).body.totalCount === 0,
      );
    });

    it('ends a WebSocket subscription through DELETE …/subscriptions/{id}: the client gets unsubscribed', async () => {
      const socket = await connect();
      const subscriptionId = await socket.subscribe('*');
      // A second subscription on the same connection: once it has the event, the ended one would have had it too.
      const barrier = await socket.subscribe('*');
      await api.http().delete(`/event-stores/${storeId}/subscriptions/${subscriptionId}`).set(bearer(tenant.key)).expect(200);
      expect(await socket.waitForFrame((frame) => frame.type === 'unsubscribed')).toEqual({ type: 'unsubscribed', subscriptionId });
      const position = await append('s-1', [{ type: 't' }]);
      await socket.waitUntil(() => socket.positions(barrier).includes(position));
      // A frame dispatched with the barrier's was written before the answer to a ping sent now.
      const sentAt = socket.frames.length;
      socket.send({ action: 'ping' });
      await socket.waitForFrame((frame) => frame.type === 'pong', sentAt);
      expect(socket.positions(subscriptionId)).toEqual([]);
      await api.http().delete(`/event-stores/${storeId}/subscriptions/${subscriptionId}`).set(bearer(tenant.key)).expect(404);
    });

    it('closes every connection of a client through DELETE …/websocket-connections/{clientId} with 1000 and the reason', async () => {
      const first = await connect({ apiKey: tenant.key, clientId: 'kiosk' });
      const second = await connect({ apiKey: tenant.key, clientId: 'kiosk' });
      const other = await connect({ apiKey: tenant.key, clientId: 'other' });

      const { body } = await api
        .http()
        .delete(`/event-stores/${storeId}/websocket-connections/kiosk?reason=Maintenance`)
        .set(bearer(tenant.key))
        .expect(200);
      expect(body).toEqual({ success: true, message: expect.any(String), connectionsClosedCount: 2 });
      expect(await first.closedWithin(2000)).toEqual({ code: 1000, reason: 'Maintenance' });
      expect(await second.closedWithin(2000)).toEqual({ code: 1000, reason: 'Maintenance' });
      expect(other.isOpen).toBe(true);

      const listed = await api.http().get(`/event-stores/${storeId}/websocket-connections`).set(bearer(tenant.key)).expect(200);
      expect(listed.body.connections.map((connection: { clientId: string }) => connection.clientId)).toEqual(['other']);
      await api.http().delete(`/event-stores/${storeId}/websocket-connections/kiosk`).set(bearer(tenant.key)).expect(404);
      await api
        .http()
        .delete(`/event-stores/${storeId}/websocket-connections/other?reason=${'x'.repeat(121)}`)
        .set(bearer(tenant.key))
        .expect(400);
    });

    it('needs the admin scope to list or close connections', async () => {
      const reader = await api.keyFor(tenant.tenantId, ['read']);
      await api.http().get(`/event-stores/${storeId}/websocket-connections`).set(bearer(reader.key)).expect(403);
      await api.http().delete(`/event-stores/${storeId}/websocket-connections/anyone`).set(bearer(reader.key)).expect(403);
    });

    it('closes the sockets of a revoked key with 1008 within 2 s', async () => {
      const key = await api.keyFor(tenant.tenantId, ['read']);
      const socket = await connect({ apiKey: key.key });
      const bystander = await connect();
      await api.admin().revokeApiKey(key.apiKeyId).expect(204);
      expect(await socket.closedWithin(2000)).toEqual({ code: 1008, reason: 'API key revoked' });
      expect(bystander.isOpen).toBe(true);
    });

    it('closes the sockets of a deleted store with 1000 within 2 s', async () => {
      const socket = await connect();
      await socket.subscribe('*', 'beginning');
      await api.http().delete(`/event-stores/${storeId}`).set(bearer(tenant.key)).expect(204);
      expect(await socket.closedWithin(2000)).toEqual({ code: 1000, reason: 'Event store deleted' });
    });

    it('closes a consumer that stops reading with 1008 once its unsent frames pass the bound', async () => {
      const socket = await connect();
      const subscriptionId = await socket.subscribe('*');
      socket.ws.pause();
      // ~20 MB of live events, more than the kernel's socket buffers hold, so the server's own buffer must grow past 64 KiB.
      const payload = 'x'.repeat(64 * 1024);
      for (let batch = 0; batch < 6; batch += 1) {
        await append(
          'big',
          Array.from({ length: 50 }, () => ({ type: 'big.event', data: { payload } })),
        );
      }
      socket.ws.resume();
      expect(await socket.closedWithin(20_000)).toEqual({ code: 1008, reason: 'Slow consumer: too many unsent events' });
      expect(socket.positions(subscriptionId).length).toBeLessThan(300);
    });
  });
});

describe('WebSocket replays of one API key', () => {
  const REPLAYS_PER_KEY = 2;
  let testApp: TestApp;
  let api: ApiClient;
  let tenant: TenantKey;
  let storeId: string;
  const sockets: TestSocket[] = [];

  const connect = async (key = tenant.key) => {
    const socket = await TestSocket.open(`${testApp.wsBase()}/event-stores/${storeId}/events/ws?apiKey=${key}`);
    sockets.push(socket);
    return socket;
  };
  const append = (count: number, payloadBytes: number) =>
    api
      .http()
      .post(`/event-stores/${storeId}/streams/s-1`)
      .set(bearer(tenant.key))
      .send({ events: Array.from({ length: count }, () => ({ type: 't', data: { payload: 'x'.repeat(payloadBytes) } })) })
      .expect(200)
      .then((response) => response.body.globalPosition as number);

  beforeAll(async () => {
    testApp = await startTestApp({ WS_MAX_REPLAYS_PER_KEY: String(REPLAYS_PER_KEY), WS_MAX_BUFFERED_BYTES: '65536' });
    await testApp.listen();
    api = new ApiClient(testApp.server);
  });
  beforeEach(async () => {
    tenant = await api.tenantWithKey();
    storeId = (await api.createStore(tenant.key, { name: 'replays' }).expect(201)).body.id;
  });
  afterEach(() => sockets.splice(0).forEach((socket) => socket.close()));
  afterAll(async () => {
    await testApp.close();
  });

  it("runs at most WS_MAX_REPLAYS_PER_KEY replays of a key at once: a further one waits its turn (not another key's, nor a latest subscription), then replays in full", async () => {
    // 20 MB per replay: more than the kernel's socket buffers take, so a client that stops reading stalls its replays mid-way, holding the key's turns.
    for (let batch = 0; batch < 10; batch += 1) await append(500, 4000);
    const stalled = await connect();
    for (let turn = 0; turn < REPLAYS_PER_KEY; turn += 1) await stalled.subscribe('*', 'beginning');
    stalled.ws.pause();

    const waiting = await connect();
    const queued = await waiting.subscribe('*', 'beginning');
    const latest = await waiting.subscribe('*', 'latest');
    const otherKey = await api.keyFor(tenant.tenantId, ['read']);
    const other = await connect(otherKey.key);
    const elsewhere = await other.subscribe('*', 'beginning');
    await other.waitUntil(() => other.positions(elsewhere).length === 5000, 30_000, "the other key's replay");
    const position = await append(1, 10);
    await waiting.waitUntil(() => waiting.positions(latest).includes(position), 10_000, 'the live event');
    expect(waiting.positions(queued)).toEqual([]);

    // Its socket closed, the stalled replays end and give their turns back.
    stalled.close();
    await waiting.waitUntil(() => waiting.positions(queued).length === position, 30_000, 'the queued replay');
    expect(waiting.positions(queued)).toEqual(range(1, position));
  });
});

describe('WebSocket liveness', () => {
  let testApp: TestApp;
  let api: ApiClient;

  beforeAll(async () => {
    testApp = await startTestApp({ WS_PING_INTERVAL_MS: '250' });
    await testApp.listen();
    api = new ApiClient(testApp.server);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('pings every socket, and drops a peer that stops answering', async () => {
    const tenant = await api.tenantWithKey();
    const { body: store } = await api.createStore(tenant.key, { name: 'liveness' }).expect(201);
    const socket = await TestSocket.open(`${testApp.wsBase()}/event-stores/${store.id}/events/ws?apiKey=${tenant.key}`);
    try {
      await socket.waitUntil(() => socket.pings >= 2, 3000, 'two pings');
      // A paused client reads nothing, so it answers no ping: gone after at most two intervals.
      socket.ws.pause();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      socket.ws.resume();
      expect((await socket.closedWithin(3000)).code).toBe(1006);
      const { body } = await api.http().get(`/event-stores/${store.id}/websocket-connections`).set(bearer(tenant.key)).expect(200);
      expect(body.totalCount).toBe(0);
    } finally {
      socket.close();
    }
  });
});

describe('WebSocket live feed woken by NOTIFY', () => {
  let testApp: TestApp;
  let api: ApiClient;
  let listener: Client;
  const notifications: string[] = [];

  beforeAll(async () => {
    testApp = await startTestApp();
    await testApp.listen();
    api = new ApiClient(testApp.server);
    // The audit's once-a-second poll is the other thing that wakes feeds; switched off here, only a NOTIFY can.
    jest.spyOn(testApp.app.get(ConnectionAudit), 'audit').mockResolvedValue(undefined);
    listener = new Client({ connectionString: testApp.database.url });
    await listener.connect();
    listener.on('notification', ({ channel, payload }) => notifications.push(`${channel} ${payload}`));
    await listener.query('LISTEN event_store_appends');
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await listener.end();
    await testApp.close();
  });

  it('wakes the store’s feed with the <storeId>:<last position> of each committed append, and the socket gets the events', async () => {
    const tenant = await api.tenantWithKey();
    const { body: store } = await api.createStore(tenant.key, { name: 'notified' }).expect(201);
    const socket = await TestSocket.open(`${testApp.wsBase()}/event-stores/${store.id}/events/ws?apiKey=${tenant.key}`);
    const wake = jest.spyOn(testApp.app.get(StoreFeeds), 'wake');
    try {
      const subscriptionId = await socket.subscribe('*', 'latest');
      const appendEvents = async (count: number) =>
        (
          await api
            .http()
            .post(`/event-stores/${store.id}/streams/s-1`)
            .set(bearer(tenant.key))
            .send({ events: Array.from({ length: count }, () => ({ type: 't', data: {} })) })
            .expect(200)
        ).body.globalPosition as number;
      const wakesOfStore = () => wake.mock.calls.filter(([eventStoreId]) => eventStoreId === store.id);
      const notificationsOfStore = () =>
        notifications.filter((notification) => notification.startsWith(`event_store_appends ${store.id}:`));

      expect(await appendEvents(3)).toBe(3);
      await waitFor(() => wakesOfStore().length >= 1, { what: 'a wake-up of the store' });
      // Postgres announced the append on the channel, once, as <storeId>:<last position>; the instance woke the feed with exactly that.
      await waitFor(() => notificationsOfStore().length >= 1, { what: 'the NOTIFY' });
      expect(notificationsOfStore()).toEqual([`event_store_appends ${store.id}:3`]);
      expect(wakesOfStore()).toEqual([[store.id, 3]]);
      await socket.waitUntil(() => socket.positions(subscriptionId).length === 3);

      expect(await appendEvents(2)).toBe(5);
      await waitFor(() => wakesOfStore().length >= 2, { what: 'a second wake-up of the store' });
      await waitFor(() => notificationsOfStore().length >= 2, { what: 'the second NOTIFY' });
      expect(notificationsOfStore()).toEqual([`event_store_appends ${store.id}:3`, `event_store_appends ${store.id}:5`]);
      expect(wakesOfStore()).toEqual([
        [store.id, 3],
        [store.id, 5],
      ]);
      await socket.waitUntil(() => socket.positions(subscriptionId).length === 5);
      expect(socket.positions(subscriptionId)).toEqual([1, 2, 3, 4, 5]);
    } finally {
      wake.mockRestore();
      socket.close();
    }
  });
});

describe('WebSocket gateway without Redis', () => {
  let testApp: TestApp;
  let api: ApiClient;

  beforeAll(async () => {
    // Nothing listens on port 1: every Redis command fails.
    testApp = await startTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
    await testApp.listen();
    api = new ApiClient(testApp.server);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('still admits sockets and delivers events, and answers listings with 503', async () => {
    const tenant = await api.tenantWithKey();
    const { body: store } = await api.createStore(tenant.key, { name: 'no-redis' }).expect(201);
    const socket = await TestSocket.open(`${testApp.wsBase()}/event-stores/${store.id}/events/ws?apiKey=${tenant.key}`);
    try {
      const subscriptionId = await socket.subscribe('*', 'beginning');
      await api
        .http()
        .post(`/event-stores/${store.id}/streams/s-1`)
        .set(bearer(tenant.key))
        .send({ events: [{ type: 't', data: {} }] })
        .expect(200);
      await socket.waitUntil(() => socket.positions(subscriptionId).length === 1);

      const listing = await api.http().get(`/event-stores/${store.id}/websocket-connections`).set(bearer(tenant.key)).expect(503);
      expect(listing.body.error.code).toBe('SERVICE_UNAVAILABLE');
      await api.http().get(`/event-stores/${store.id}/subscriptions`).set(bearer(tenant.key)).expect(503);
    } finally {
      socket.close();
    }
  });
});
