import { Client } from 'pg';
import { ApiClient, bearer, TenantKey } from '../support/api-client';
import { startTestApp, TEST_METRICS_TOKEN, TestApp } from '../support/test-app';
import { SseClient } from '../support/sse-client';
import { TestSocket } from '../support/ws-client';
import { waitFor } from '../support/wait-for';

/** Durable consumers as a resource (docs/consumers.md): both path families, limits and refusals, parked events. */
describe('Consumers', () => {
  const MAX_CONSUMERS = 3;
  let testApp: TestApp;
  let api: ApiClient;
  let db: Client;
  let tenant: TenantKey;
  let storeId: string;
  let storeName: string;
  let token: string;
  const sockets: TestSocket[] = [];

  const http = () => api.http();
  const a = (path = '') => `/event-stores/${storeId}/consumers${path}`;
  const b = (path = '') => `/api/event-stores/${storeName}/consumers${path}`;
  const create = (body: Record<string, unknown>) => http().post(a()).set(bearer(tenant.key)).send(body);
  const get = (name: string) =>
    http()
      .get(a(`/${name}`))
      .set(bearer(tenant.key));
  const append = (streamId: string, count: number, type = 'order.placed') =>
    http()
      .post(`/event-stores/${storeId}/streams/${streamId}`)
      .set(bearer(tenant.key))
      .send({ events: Array.from({ length: count }, (_, index) => ({ type, data: { index } })) })
      .expect(200);
  const connect = async () => {
    const socket = await TestSocket.open(`${testApp.wsBase()}/event-stores/${storeId}/events/ws?apiKey=${tenant.key}`);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    testApp = await startTestApp({ CONSUMERS_MAX_PER_STORE: String(MAX_CONSUMERS), CONSUMER_MAX_CLIENTS: '2', CONSUMER_METRICS_TOP: '2' });
    await testApp.listen();
    api = new ApiClient(testApp.server);
    db = new Client({ connectionString: testApp.database.url });
    await db.connect();
  });
  beforeEach(async () => {
    tenant = await api.tenantWithKey();
    storeName = `cons-${Math.random().toString(36).slice(2, 8)}`;
    storeId = (await api.createStore(tenant.key, { name: storeName }).expect(201)).body.id;
    token = await api.accessToken(tenant.key);
  });
  afterEach(() => sockets.splice(0).forEach((socket) => socket.close()));
  afterAll(async () => {
    await db.end();
    await testApp.close();
  });

  it('creates, lists, gets and deletes a consumer through family A', async () => {
    await append('order-1', 3);
    const created = await create({ name: 'projection.v1', eventFilter: 'order.*' }).expect(201);
    expect(created.body).toEqual({
      name: 'projection.v1',
      eventFilter: 'order.*',
      ackTimeoutMs: 30000,
      maxDeliveries: 5,
      checkpoint: 0,
      lastPosition: 3,
      lag: 3,
      inFlight: 0,
      connectedClients: 0,
      parked: 0,
      createdAt: expect.any(String),
    });
    const latest = await create({ name: 'from-latest', from: 'latest', ackTimeoutMs: 1000, maxDeliveries: 1 }).expect(201);
    expect(latest.body).toMatchObject({ checkpoint: 3, lag: 0, ackTimeoutMs: 1000, maxDeliveries: 1 });
    expect((await create({ name: 'from-two', from: 2 }).expect(201)).body.checkpoint).toBe(2);

    const list = await http().get(a('?limit=2')).set(bearer(tenant.key)).expect(200);
    expect(list.body.items.map((item: { name: string }) => item.name)).toEqual(['projection.v1', 'from-latest']);
    expect(list.body).toMatchObject({ totalCount: 3, limit: 2, offset: 0 });
    expect((await get('projection.v1').expect(200)).body.name).toBe('projection.v1');

    await http().delete(a('/projection.v1')).set(bearer(tenant.key)).expect(204);
    expect((await get('projection.v1').expect(404)).body.error.code).toBe('CONSUMER_NOT_FOUND');
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM consumers WHERE event_store_id = $1`, [storeId]);
    expect(rows[0].n).toBe(2);
  });

  it('serves the same consumers through family B with a JWT and the flat envelope', async () => {
    await http().post(b()).set(bearer(token)).send({ name: 'jwt-made' }).expect(201);
    expect((await get('jwt-made').expect(200)).body.name).toBe('jwt-made');
    const list = await http().get(b()).set(bearer(token)).expect(200);
    expect(list.body.items.map((item: { name: string }) => item.name)).toEqual(['jwt-made']);
    const missing = await http().get(b('/nope')).set(bearer(token)).expect(404);
    expect(missing.body.error).toBe('CONSUMER_NOT_FOUND');
    await http().put(b('/jwt-made/checkpoint')).set(bearer(token)).send({ position: 0 }).expect(200);
    await http().delete(b('/jwt-made')).set(bearer(token)).expect(204);
    await http().get(b('/jwt-made')).set(bearer(token)).expect(404);
  });

  it('refuses invalid input, duplicates, the store limit and missing scopes', async () => {
    for (const body of [
      { name: '' },
      { name: 'has space' },
      { name: 'x'.repeat(129) },
      { name: 'ok', eventFilter: 'a b' },
      { name: 'ok', from: 'yesterday' },
      { name: 'ok', ackTimeoutMs: 999 },
      { name: 'ok', ackTimeoutMs: 3_600_001 },
      { name: 'ok', maxDeliveries: 0 },
      { name: 'ok', maxDeliveries: 101 },
      { name: 'ok', unknown: true },
    ]) {
      const refused = await create(body).expect(400);
      expect(refused.body.error.code).toBe('VALIDATION_ERROR');
    }
    await create({ name: 'one' }).expect(201);
    expect((await create({ name: 'one' }).expect(409)).body.error.code).toBe('CONSUMER_ALREADY_EXISTS');
    await create({ name: 'two' }).expect(201);
    await create({ name: 'three' }).expect(201);
    const over = await create({ name: 'four' }).expect(409);
    expect(over.body.error).toMatchObject({ code: 'LIMIT_EXCEEDED', details: { limit: 'consumers', maxConsumers: MAX_CONSUMERS } });
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM consumers WHERE event_store_id = $1`, [storeId]);
    expect(rows[0].n).toBe(MAX_CONSUMERS);

    const reader = await api.keyFor(tenant.tenantId, ['read']);
    await http().post(a()).set(bearer(reader.key)).send({ name: 'five' }).expect(403);
    await http().delete(a('/one')).set(bearer(reader.key)).expect(403);
    await http().get(a('/one')).set(bearer(reader.key)).expect(200);
    await http().get(a()).expect(401);
  });

  it('delivers over WebSocket, acks, refuses a moved checkpoint while attached unless forced, and says unsubscribed on delete', async () => {
    await append('order-1', 2);
    await append('order-2', 1);
    await create({ name: 'ws' }).expect(201);
    const socket = await connect();
    socket.send({ action: 'subscribe', consumer: 'ws' });
    await socket.waitForFrame((frame) => frame.type === 'subscribed' && frame.consumer === 'ws');
    // One event per stream at a time: order-1's first and order-2's only.
    await socket.waitUntil(() => socket.frames.filter((frame) => frame.type === 'event').length === 2);
    const first = socket.frames.filter((frame) => frame.type === 'event').map((frame) => frame.event!.globalPosition);
    expect(first).toEqual([1, 3]);
    expect(socket.frames.find((frame) => frame.type === 'event')).toMatchObject({ consumer: 'ws', delivery: 1 });
    expect((await get('ws').expect(200)).body).toMatchObject({ inFlight: 2, connectedClients: 1, checkpoint: 0 });

    const refused = await http().put(a('/ws/checkpoint')).set(bearer(tenant.key)).send({ position: 0 }).expect(409);
    expect(refused.body.error.code).toBe('CONSUMER_IN_USE');

    socket.send({ action: 'ack', consumer: 'ws', positions: [1, 3] });
    await socket.waitUntil(() => socket.frames.filter((frame) => frame.type === 'event').length === 3);
    socket.send({ action: 'ack', consumer: 'ws', upTo: 2 });
    await waitFor(async () => (await get('ws')).body.checkpoint === 3, { what: 'checkpoint 3' });
    expect((await get('ws').expect(200)).body).toMatchObject({ inFlight: 0, lag: 0 });

    await http().put(a('/ws/checkpoint')).set(bearer(tenant.key)).send({ position: 1, force: true }).expect(200);
    await socket.waitUntil(() => socket.frames.filter((frame) => frame.type === 'event').length >= 4);

    socket.send({ action: 'subscribe', consumer: 'missing' });
    const error = await socket.waitForFrame((frame) => frame.type === 'error');
    expect(error.error!.code).toBe('CONSUMER_NOT_FOUND');

    await http().delete(a('/ws')).set(bearer(tenant.key)).expect(204);
    const gone = await socket.waitForFrame((frame) => frame.type === 'unsubscribed');
    expect(gone).toMatchObject({ consumer: 'ws', reason: 'deleted' });
    expect(socket.isOpen).toBe(true);
  });

  it('hands back only the leases of the connection that closed, not those the same clientId holds on its new connection', async () => {
    await append('stream-a', 1);
    await append('stream-b', 1);
    await create({ name: 'reconnecting' }).expect(201);
    const url = `${testApp.wsBase()}/event-stores/${storeId}/events/ws?apiKey=${tenant.key}&clientId=same-client`;
    const [old, renewed] = [await TestSocket.open(url), await TestSocket.open(url)];
    sockets.push(old, renewed);
    old.send({ action: 'subscribe', consumer: 'reconnecting', maxInFlight: 1 });
    await old.waitUntil(() => old.frames.some((frame) => frame.type === 'event'));
    renewed.send({ action: 'subscribe', consumer: 'reconnecting', maxInFlight: 1 });
    await renewed.waitUntil(() => renewed.frames.some((frame) => frame.type === 'event'));
    const held = renewed.frames.find((frame) => frame.type === 'event')!.event!.globalPosition;

    old.ws.terminate();
    await waitFor(async () => (await get('reconnecting')).body.connectedClients === 1, { what: 'the old connection gone' });
    const { rows } = await db.query(`SELECT position, state FROM consumer_events WHERE event_store_id = $1 ORDER BY position`, [storeId]);
    expect(rows.find((row) => Number(row.position) === held)).toMatchObject({ state: 'in_flight' });
    expect((await get('reconnecting').expect(200)).body.inFlight).toBe(1);

    renewed.send({ action: 'ack', consumer: 'reconnecting', positions: [held] });
    await renewed.waitUntil(() => renewed.frames.filter((frame) => frame.type === 'event').length === 2);
    expect(renewed.frames.filter((frame) => frame.type === 'event').map((frame) => [frame.event!.globalPosition, frame.delivery])).toEqual([
      [held, 1],
      [3 - held, 2],
    ]);
  });

  it('refuses a client beyond CONSUMER_MAX_CLIENTS with CONSUMER_LIMIT', async () => {
    await create({ name: 'busy' }).expect(201);
    const sockets = [await connect(), await connect(), await connect()];
    for (const socket of sockets.slice(0, 2)) {
      socket.send({ action: 'subscribe', consumer: 'busy' });
      await socket.waitForFrame((frame) => frame.type === 'subscribed');
    }
    sockets[2].send({ action: 'subscribe', consumer: 'busy' });
    expect((await sockets[2].waitForFrame((frame) => frame.type === 'error')).error!.code).toBe('CONSUMER_LIMIT');
    sockets[0].send({ action: 'unsubscribe', consumer: 'busy' });
    await sockets[0].waitForFrame((frame) => frame.type === 'unsubscribed');
    sockets[2].send({ action: 'subscribe', consumer: 'busy' });
    await sockets[2].waitForFrame((frame) => frame.type === 'subscribed');
  });

  it('parks a poison event after maxDeliveries while the other streams flow, then replays and skips it', async () => {
    await append('poison', 2);
    await append('healthy', 3);
    await create({ name: 'pm', ackTimeoutMs: 1000, maxDeliveries: 2 }).expect(201);
    const socket = await connect();
    socket.send({ action: 'subscribe', consumer: 'pm' });
    await socket.waitForFrame((frame) => frame.type === 'subscribed');
    const events = () => socket.frames.filter((frame) => frame.type === 'event');
    const acked = new Set<number>();
    // Acks everything but position 1 (the poison stream's first event), as it arrives.
    const acking = setInterval(() => {
      const positions = events()
        .map((frame) => frame.event!.globalPosition)
        .filter((position) => position !== 1 && !acked.has(position));
      positions.forEach((position) => acked.add(position));
      if (positions.length > 0) socket.send({ action: 'ack', consumer: 'pm', positions });
    }, 20);
    try {
      await waitFor(async () => (await get('pm')).body.parked === 1, { timeoutMs: 30_000, what: 'the poison event parked' });
      await waitFor(() => acked.size === 4, { timeoutMs: 30_000, what: 'the rest delivered' });
      const deliveriesOfPoison = events().filter((frame) => frame.event!.globalPosition === 1);
      expect(deliveriesOfPoison.map((frame) => frame.delivery)).toEqual([1, 2]);
      const parked = await http().get(a('/pm/parked')).set(bearer(tenant.key)).expect(200);
      expect(parked.body.items).toEqual([
        expect.objectContaining({ position: 1, streamId: 'poison', type: 'order.placed', deliveries: 2 }),
      ]);
      // Parked, it holds neither its stream (position 2 flowed) nor the checkpoint.
      await waitFor(async () => (await get('pm')).body.checkpoint === 5, { what: 'checkpoint past the parked event' });

      await http().post(a('/pm/parked/1/replay')).set(bearer(tenant.key)).expect(202);
      await socket.waitUntil(() => events().filter((frame) => frame.event!.globalPosition === 1).length === 3);
      expect(events().at(-1)).toMatchObject({ delivery: 1 });
      await waitFor(async () => (await get('pm')).body.parked === 1, { timeoutMs: 30_000, what: 'parked again' });
      await http().delete(a('/pm/parked/1')).set(bearer(tenant.key)).expect(204);
      expect((await get('pm').expect(200)).body).toMatchObject({ parked: 0, checkpoint: 5 });
      await http().delete(a('/pm/parked/1')).set(bearer(tenant.key)).expect(404);
    } finally {
      clearInterval(acking);
    }
  });

  it('exports lag and parked per consumer for the CONSUMER_METRICS_TOP largest lags only, and totals over all', async () => {
    await append('order-1', 50);
    await create({ name: 'far-behind' }).expect(201);
    await create({ name: 'a-little', from: 48 }).expect(201);
    await create({ name: 'caught-up', from: 'latest' }).expect(201);
    const scrape = (await http().get('/metrics').set(bearer(TEST_METRICS_TOKEN)).expect(200)).text;
    const lags = scrape
      .split('\n')
      .filter((line) => line.startsWith('consumer_lag{'))
      .map((line) => Number(line.split(' ').at(-1)));
    // Two series whatever the number of consumers in the database (other tests' stores too): the two largest lags.
    const { rows } = await db.query(
      `SELECT GREATEST(st.last_position - c.checkpoint, 0)::int AS lag, count(*) OVER ()::int AS consumers
         FROM consumers c JOIN event_stores st ON st.id = c.event_store_id ORDER BY lag DESC`,
    );
    expect(lags.sort((x, y) => y - x)).toEqual(rows.slice(0, 2).map((row) => row.lag));
    expect(scrape).toContain(`consumer_lag{store="${storeId}",consumer="far-behind"} 50`);
    expect(scrape).toMatch(new RegExp(`^consumers ${rows[0].consumers}$`, 'm'));
    expect(scrape).toMatch(/^consumers_lag_sum \d+$/m);
    expect(scrape).toMatch(/^consumers_parked_sum \d+$/m);
  });

  describe('appends carrying consumer', () => {
    const appendAs = (consumer: Record<string, unknown>, streamId = 'reactions') =>
      http()
        .post(`/event-stores/${storeId}/streams/${streamId}`)
        .set(bearer(tenant.key))
        .send({ events: [{ type: 'reaction.made', data: {} }], consumer });

    it('appends exactly one of 20 concurrent attempts to process the same position; the rest get 409 ALREADY_PROCESSED', async () => {
      await append('order-1', 1);
      await create({ name: 'pm' }).expect(201);
      const responses = await Promise.all(Array.from({ length: 20 }, (_, index) => appendAs({ name: 'pm', position: 1 }, `r-${index}`)));
      const statuses = responses.map((response) => response.status).sort();
      expect(statuses).toEqual([200, ...Array(19).fill(409)]);
      for (const refused of responses.filter((response) => response.status === 409))
        expect(refused.body.error).toMatchObject({ code: 'ALREADY_PROCESSED', details: { consumer: 'pm', position: 1 } });
      const { rows } = await db.query(`SELECT count(*)::int AS n FROM events WHERE event_store_id = $1 AND type = 'reaction.made'`, [
        storeId,
      ]);
      expect(rows[0].n).toBe(1);
      const processed = await db.query(`SELECT position FROM consumer_processed WHERE event_store_id = $1`, [storeId]);
      expect(processed.rows.map((row) => Number(row.position))).toEqual([1]);
      // Another position of the same consumer is its own.
      await appendAs({ name: 'pm', position: 2 }).expect(200);
    });

    it('refuses an unknown consumer with 404 and writes nothing; DCB appends and family B take consumer too', async () => {
      const missing = await appendAs({ name: 'nobody', position: 1 }).expect(404);
      expect(missing.body.error.code).toBe('CONSUMER_NOT_FOUND');
      await appendAs({ name: 'bad name', position: 1 }).expect(400);
      await appendAs({ name: 'pm', position: -1 }).expect(400);
      await appendAs({ name: 'pm', position: 1, extra: 1 }).expect(400);
      await create({ name: 'pm' }).expect(201);
      const dcb = (position: number) =>
        http()
          .post(`/event-stores/${storeId}/events`)
          .set(bearer(tenant.key))
          .send({ events: [{ type: 'reaction.made', data: {} }], consumer: { name: 'pm', position } });
      await dcb(7).expect(200);
      expect((await dcb(7).expect(409)).body.error.code).toBe('ALREADY_PROCESSED');
      const jwtAppend = () =>
        http()
          .post(`/api/event-stores/${storeName}/streams/s-1/events`)
          .set(bearer(token))
          .send({ events: [{ type: 'reaction.made', data: {} }], consumer: { name: 'pm', position: 7 } });
      expect((await jwtAppend().expect(409)).body.error).toBe('ALREADY_PROCESSED');
      const { rows } = await db.query(`SELECT count(*)::int AS n FROM events WHERE event_store_id = $1`, [storeId]);
      expect(rows[0].n).toBe(1);
    });

    it('counts an acked position at or below the checkpoint as processed, and forgets processed positions when the checkpoint moves back', async () => {
      await append('order-1', 2);
      await create({ name: 'pm' }).expect(201);
      const socket = await connect();
      socket.send({ action: 'subscribe', consumer: 'pm' });
      await socket.waitUntil(() => socket.frames.some((frame) => frame.type === 'event'));
      socket.send({ action: 'ack', consumer: 'pm', upTo: 1 });
      await waitFor(async () => (await get('pm')).body.checkpoint >= 1, { what: 'checkpoint 1' });
      expect((await appendAs({ name: 'pm', position: 1 }).expect(409)).body.error.code).toBe('ALREADY_PROCESSED');
      await appendAs({ name: 'pm', position: 2 }).expect(200);
      socket.send({ action: 'unsubscribe', consumer: 'pm' });
      await socket.waitForFrame((frame) => frame.type === 'unsubscribed');
      await waitFor(async () => (await get('pm')).body.connectedClients === 0, { what: 'detached' });
      await http().put(a('/pm/checkpoint')).set(bearer(tenant.key)).send({ position: 0 }).expect(200);
      await appendAs({ name: 'pm', position: 1 }).expect(200);
      await appendAs({ name: 'pm', position: 2 }).expect(200);
    });
  });

  describe('over Server-Sent Events', () => {
    const sse = (name: string, query: Record<string, string>, headers: Record<string, string> = {}) =>
      SseClient.open(
        `${testApp.wsBase().replace('ws:', 'http:')}${a(`/${name}/events`)}?${new URLSearchParams(query).toString()}`,
        headers,
      );
    const ack = (name: string, body: Record<string, unknown>) =>
      http()
        .post(a(`/${name}/ack`))
        .set(bearer(tenant.key))
        .send(body);
    const streams: SseClient[] = [];
    afterEach(() => streams.splice(0).forEach((stream) => stream.drop()));

    it('streams events with id = position, takes the key as ?apiKey=, acks over HTTP, and refuses what it should before the stream starts', async () => {
      await append('order-1', 1);
      await append('order-2', 1);
      await create({ name: 'sse' }).expect(201);
      const stream = await sse('sse', { apiKey: tenant.key, clientId: 'browser-1' });
      streams.push(stream);
      expect(stream.response.statusCode).toBe(200);
      expect(stream.response.headers['content-type']).toMatch(/^text\/event-stream/);
      await stream.waitUntil(() => stream.events().length === 2);
      expect(stream.messages[0]).toMatchObject({ event: 'subscribed' });
      expect(JSON.parse(stream.messages[0].data)).toMatchObject({ consumer: 'sse', clientId: 'browser-1' });
      expect(stream.messages.filter((message) => message.event === 'event').map((message) => message.id)).toEqual(['1', '2']);
      expect(stream.events()[0]).toMatchObject({
        globalPosition: 1,
        streamId: 'order-1',
        type: 'order.placed',
        consumer: 'sse',
        delivery: 1,
      });

      expect((await ack('sse', { positions: [1, 2], clientId: 'someone-else' }).expect(200)).body).toEqual({ acked: 0, checkpoint: 0 });
      expect((await ack('sse', { upTo: 2, clientId: 'browser-1' }).expect(200)).body).toEqual({ acked: 2, checkpoint: 2 });
      await ack('sse', { positions: ['x'] }).expect(400);
      expect((await ack('nope', { upTo: 1 }).expect(404)).body.error.code).toBe('CONSUMER_NOT_FOUND');

      const unknown = await sse('nope', { apiKey: tenant.key });
      expect(unknown.response.statusCode).toBe(404);
      expect(((await unknown.body()).error as { code: string }).code).toBe('CONSUMER_NOT_FOUND');
      const unauthenticated = await sse('sse', {});
      expect(unauthenticated.response.statusCode).toBe(401);
      const other = await api.tenantWithKey();
      expect((await sse('sse', { apiKey: other.key })).response.statusCode).toBe(404);
      const jwtStream = await SseClient.open(
        `${testApp.wsBase().replace('ws:', 'http:')}${b('/sse/events')}?${new URLSearchParams({ accessToken: token }).toString()}`,
      );
      streams.push(jwtStream);
      expect(jwtStream.response.statusCode).toBe(200);

      await http().delete(a('/sse')).set(bearer(tenant.key)).expect(204);
      await stream.ended;
      expect(stream.messages.at(-1)).toMatchObject({ event: 'unsubscribed' });
    });

    it('resumes with Last-Event-ID after a dropped connection: what the client had is not sent again, what it missed is', async () => {
      for (let stream = 1; stream <= 5; stream += 1) await append(`order-${stream}`, 1);
      await create({ name: 'resume' }).expect(201);
      const first = await sse('resume', { apiKey: tenant.key, clientId: 'tab-1' });
      await first.waitUntil(() => first.events().length === 5);
      // The client saw 1 to 3 (say the rest were still in flight when the network failed).
      first.drop();
      const second = await sse('resume', { apiKey: tenant.key, clientId: 'tab-1' }, { 'Last-Event-ID': '3' });
      streams.push(second);
      await second.waitUntil(() => second.events().length === 2, 10_000, 'the two missed events');
      expect(second.events().map((event) => [event.globalPosition, event.delivery])).toEqual([
        [4, 2],
        [5, 2],
      ]);
      // 1 to 3 were re-leased to the new connection as received: the client acks them there.
      expect((await ack('resume', { upTo: 5, clientId: 'tab-1' }).expect(200)).body).toEqual({ acked: 5, checkpoint: 5 });
      await append('order-9', 1);
      await second.waitUntil(() => second.events().length === 3);
      expect(second.events()[2]).toMatchObject({ globalPosition: 6, delivery: 1 });
      expect((await get('resume').expect(200)).body).toMatchObject({ connectedClients: 1, inFlight: 1 });
    });
  });
});
