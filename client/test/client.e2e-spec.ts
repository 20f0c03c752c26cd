import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort } from '../../test/support/service-process';
import {
  AppendConditionFailedError,
  type EventStore,
  EventStoreClient,
  EventStoreError,
  type FetchLike,
  ForbiddenError,
  IdempotencyConflictError,
  NetworkError,
  type NewEvent,
  NotFoundError,
  type StoredEvent,
  StreamNotFoundError,
  StreamSizeExceededError,
  UnauthorizedError,
  ValidationError,
  VersionConflictError,
} from '../src/index.js';
import { all, type Exchange, recordingFetch, RunningApi, uniqueName } from './harness';
import { CourseFullError, courseCapacity, seedCourse, subscribeStudent } from './courses';

jest.setTimeout(60_000);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Rejects with what `promise` threw, or fails if it resolved. */
async function failureOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure, got a result');
}

const tick = (i: number): NewEvent => ({ type: 'tick', data: { i } });

describe('EventStoreClient against the built API', () => {
  let service: RunningApi;
  let key: string;
  let log: Exchange[];
  let client: EventStoreClient;
  const requests = (method: string, pathPattern: RegExp) => log.filter((e) => e.method === method && pathPattern.test(e.url.pathname));

  beforeAll(async () => {
    service = await RunningApi.start();
    key = (await service.tenantWithKey()).key;
  });
  afterAll(() => service.stop());
  beforeEach(() => {
    log = [];
    client = new EventStoreClient({ baseUrl: service.url, apiKey: key, fetch: recordingFetch(log) });
  });

  describe('stores', () => {
    it('creates, lists, gets and deletes stores, by name and by id', async () => {
      const name = uniqueName('orders');
      const created = await client.createStore({ name, description: 'Orders', settings: { retentionPeriodDays: 30 } });
      expect(created).toMatchObject({ id: expect.stringMatching(/^es_/), name, description: 'Orders', status: 'active' });
      expect(created.settings.retentionPeriodDays).toBe(30);

      const listed = await client.listStoresPage({ filter: name });
      expect(listed.eventStores.map((store) => store.id)).toEqual([created.id]);
      expect(listed.totalCount).toBe(1);
      expect((await all(client.listStores({ filter: name }))).map((store) => store.id)).toEqual([created.id]);

      const byName = await client.getStore(name);
      const byId = await client.store(created.id).details();
      expect(byName.id).toBe(created.id);
      expect(byId.name).toBe(name);
      expect(byName.statistics.totalEvents).toBe(0);

      const duplicate = await failureOf(client.createStore({ name }));
      expect(duplicate).toBeInstanceOf(EventStoreError);
      expect(duplicate).toMatchObject({ code: 'EVENT_STORE_ALREADY_EXISTS', status: 409 });

      const before = log.length;
      client.store('anything-at-all');
      expect(log.length).toBe(before);

      await expect(client.deleteStore(name)).resolves.toBeUndefined();
      const gone = await failureOf(client.getStore(created.id));
      expect(gone).toBeInstanceOf(NotFoundError);
      expect(gone).toMatchObject({ code: 'NOT_FOUND', status: 404, requestId: expect.any(String) });
    });

    it('says who its key is, and how many events a store took in each of the last 60 minutes', async () => {
      const { key: readOnly, tenantId } = await service.tenantWithKey(['read']);
      const reader = new EventStoreClient({ baseUrl: service.url, apiKey: readOnly });
      expect(await reader.currentApiKey()).toEqual({
        apiKeyId: expect.stringMatching(/^key_/),
        apiKeyName: 'key-read',
        tenantId,
        tenantName: expect.stringMatching(/^tenant-/),
        scopes: ['read'],
      });
      expect((await client.currentApiKey()).scopes).toEqual(['read', 'write', 'admin']);

      const name = uniqueName('busy');
      await client.createStore({ name });
      const store = client.store(name);
      await store.appendToStream('s-1', [tick(1), tick(2)]);
      await store.appendEvents([{ ...tick(3), tags: ['t:1'] }]);
      const activity = await store.activity();
      expect(activity.lastPosition).toBe(3);
      expect(activity.minutes).toHaveLength(60);
      expect(activity.minutes.reduce((sum, minute) => sum + minute.events, 0)).toBe(3);
      expect(requests('GET', /\/activity$/)).toHaveLength(1);
    });
  });

  describe('streams', () => {
    let store: EventStore;
    beforeAll(async () => {
      const name = uniqueName('streams');
      await new EventStoreClient({ baseUrl: service.url, apiKey: key }).createStore({ name });
      store = new EventStoreClient({ baseUrl: service.url, apiKey: key }).store(name);
    });
    beforeEach(() => {
      store = client.store(store.ref);
    });

    it('appends, reads both ways and in ranges, aggregates, and says when a stream does not exist', async () => {
      const result = await store.appendToStream(
        'order-1',
        [
          { type: 'order.created', data: { total: 42 }, metadata: { by: 'test' } },
          { type: 'order.paid', data: { amount: 42 } },
        ],
        { expectedStreamVersion: 'no_stream' },
      );
      expect(result).toEqual({ streamId: 'order-1', eventsAppended: 2, streamVersion: 2, globalPosition: expect.any(Number) });

      const forward = await all(store.readStream('order-1'));
      expect(forward.map((e) => [e.streamPosition, e.type])).toEqual([
        [0, 'order.created'],
        [1, 'order.paid'],
      ]);
      expect(forward[0].metadata).toEqual({ by: 'test' });
      expect(forward[1].globalPosition).toBe(result.globalPosition);
      const backward = await all(store.readStream('order-1', { direction: 'backward' }));
      expect(backward.map((e) => e.streamPosition)).toEqual([1, 0]);
      expect((await all(store.readStream('order-1', { fromStreamPosition: 1 }))).map((e) => e.type)).toEqual(['order.paid']);
      expect((await all(store.readStream('order-1', { toStreamPosition: 0 }))).map((e) => e.type)).toEqual(['order.created']);

      type OrderEvent = StoredEvent<'order.created', { total: number }> | StoredEvent<'order.paid', { amount: number }>;
      const order = await store.aggregateStream<{ total: number; paid: number }, OrderEvent>('order-1', {
        initialState: { total: 0, paid: 0 },
        evolve: (state, event) =>
          event.type === 'order.created' ? { ...state, total: event.data.total } : { ...state, paid: state.paid + event.data.amount },
      });
      expect(order).toEqual({ state: { total: 42, paid: 42 }, streamVersion: 2 });
      await expect(store.aggregateStream('order-404', { initialState: 0, evolve: (n) => n + 1 })).resolves.toBeNull();

      const missing = await failureOf(all(store.readStream('order-404')));
      expect(missing).toBeInstanceOf(StreamNotFoundError);
      expect(missing).toBeInstanceOf(NotFoundError);
      expect(missing).toMatchObject({ code: 'STREAM_NOT_FOUND', status: 404, details: { streamId: 'order-404' } });

      // Every append carried an Idempotency-Key the client made up.
      const appends = requests('POST', /\/streams\//);
      expect(appends).toHaveLength(1);
      expect(appends[0].headers['idempotency-key']).toMatch(UUID);
    });

    it('refuses an append at the wrong version with VersionConflictError, and appends nothing', async () => {
      await store.appendToStream('conflict-1', [tick(1), tick(2)]);
      const conflict = await failureOf(store.appendToStream('conflict-1', [tick(3)], { expectedStreamVersion: 1 }));
      expect(conflict).toBeInstanceOf(VersionConflictError);
      expect(conflict).toMatchObject({ code: 'VERSION_CONFLICT', status: 409, expectedStreamVersion: 1, streamVersion: 2 });
      expect((conflict as VersionConflictError).details).toMatchObject({ streamId: 'conflict-1' });
      expect(requests('POST', /conflict-1/)).toHaveLength(2); // a 409 is never retried
      const aggregate = await store.aggregateStream('conflict-1', { initialState: 0, evolve: (n) => n + 1 });
      expect(aggregate).toEqual({ state: 2, streamVersion: 2 });
      await expect(
        store.appendToStream('conflict-1', [tick(3)], { expectedStreamVersion: aggregate!.streamVersion }),
      ).resolves.toMatchObject({
        streamVersion: 3,
      });
    });

    it('reads a 2,500-event stream across pages of 1000, both ways, and stops fetching on break', async () => {
      for (let first = 0; first < 2500; first += 1000) {
        const count = Math.min(1000, 2500 - first);
        await store.appendToStream(
          'big',
          Array.from({ length: count }, (_, i) => tick(first + i)),
        );
      }
      log.length = 0;
      const events = await all(store.readStream('big'));
      expect(events.map((e) => e.streamPosition)).toEqual(Array.from({ length: 2500 }, (_, i) => i));
      expect(events.map((e) => (e.data as { i: number }).i)).toEqual(Array.from({ length: 2500 }, (_, i) => i));
      expect(
        requests('GET', /\/streams\/big$/).map((e) => [e.url.searchParams.get('limit'), e.url.searchParams.get('fromStreamPosition')]),
      ).toEqual([
        ['1000', null],
        ['1000', '1000'],
        ['1000', '2000'],
      ]);

      log.length = 0;
      const backward = await all(store.readStream('big', { direction: 'backward' }));
      expect(backward.map((e) => e.streamPosition)).toEqual(Array.from({ length: 2500 }, (_, i) => 2499 - i));
      expect(requests('GET', /\/streams\/big$/).map((e) => e.url.searchParams.get('toStreamPosition'))).toEqual([null, '1499', '499']);

      log.length = 0;
      const aggregate = await store.aggregateStream('big', { initialState: 0, evolve: (sum, e) => sum + (e.data as { i: number }).i });
      expect(aggregate).toEqual({ state: (2499 * 2500) / 2, streamVersion: 2500 });
      expect(requests('GET', /\/streams\/big$/)).toHaveLength(3);

      log.length = 0;
      const taken: number[] = [];
      for await (const event of store.readStream('big')) {
        taken.push(event.streamPosition);
        if (taken.length === 10) break;
      }
      expect(taken).toEqual(Array.from({ length: 10 }, (_, i) => i));
      expect(log).toHaveLength(1);

      log.length = 0;
      const acrossStore = await all(store.readEvents({ streams: ['big'] }));
      expect(acrossStore).toHaveLength(2500);
      expect(acrossStore.map((e) => e.globalPosition)).toEqual([...acrossStore.map((e) => e.globalPosition)].sort((a, b) => a - b));
      const pages = requests('GET', /\/events$/);
      expect(pages).toHaveLength(3);
      expect(pages[1].url.searchParams.get('fromGlobalPosition')).toBe(String(acrossStore[999].globalPosition + 1));
    });

    it('reads across the store by type, stream, time and direction, and lists streams', async () => {
      await store.appendToStream('cart-7', [
        { type: 'cart.opened', data: {} },
        { type: 'cart.checked-out', data: {} },
      ]);
      await store.appendToStream('invoice-7', [{ type: 'invoice.sent', data: {} }]);
      const carts = await all(store.readEvents({ types: 'cart.*' }));
      expect(carts.map((e) => e.type)).toEqual(['cart.opened', 'cart.checked-out']);
      const two = await all(store.readEvents({ streams: ['cart-7', 'invoice-7'], direction: 'backward' }));
      expect(two.map((e) => e.type)).toEqual(['invoice.sent', 'cart.checked-out', 'cart.opened']);
      const since = new Date(Date.parse(carts[0].createdAt) - 1);
      expect((await all(store.readEvents({ types: ['cart.*', 'invoice.sent'], createdAfter: since }))).map((e) => e.streamId)).toEqual([
        'cart-7',
        'cart-7',
        'invoice-7',
      ]);
      expect(await all(store.readEvents({ types: 'cart.*', createdBefore: since }))).toEqual([]);
      const from = await all(store.readEvents({ streams: 'cart-7', fromGlobalPosition: carts[1].globalPosition }));
      expect(from.map((e) => e.type)).toEqual(['cart.checked-out']);

      const streams = await store.listStreamsPage({ streamType: 'cart' });
      expect(streams.streams.map((s) => [s.streamId, s.streamVersion])).toEqual([['cart-7', 2]]);
      expect(streams.pagination).toMatchObject({ total: 1, hasMore: false });
      const page = await store.listStreamsPage({ limit: 1, hasEvents: true });
      expect(page.streams).toHaveLength(1);
      expect(page.pagination.hasMore).toBe(true);
    });

    it('stores an append once when its Idempotency-Key is used again, and refuses the key for another request', async () => {
      const first = await store.appendToStream('idem-1', [tick(1)], { idempotencyKey: 'my-key-1' });
      const again = await store.appendToStream('idem-1', [tick(1)], { idempotencyKey: 'my-key-1' });
      expect(again).toEqual(first);
      expect(await all(store.readStream('idem-1'))).toHaveLength(1);
      const other = await failureOf(store.appendToStream('idem-1', [tick(2)], { idempotencyKey: 'my-key-1' }));
      expect(other).toBeInstanceOf(IdempotencyConflictError);
      expect(other).toMatchObject({ code: 'IDEMPOTENCY_CONFLICT', status: 409 });
    });

    it('retries an append whose answer was lost with the same Idempotency-Key, so it is stored once', async () => {
      // The request reaches the service and commits, then the connection "fails" before the answer arrives.
      let lost = 0;
      const losingFetch: FetchLike = async (url, init) => {
        const response = await recordingFetch(log)(url, init);
        if (init.method === 'POST' && lost++ === 0) throw new TypeError('fetch failed: socket hang up');
        return response;
      };
      const flaky = new EventStoreClient({ baseUrl: service.url, apiKey: key, fetch: losingFetch, retry: { initialDelayMs: 10 } }).store(
        store.ref,
      );
      const result = await flaky.appendToStream('lost-answer', [tick(1), tick(2)], { expectedStreamVersion: 'no_stream' });
      expect(result).toMatchObject({ eventsAppended: 2, streamVersion: 2 });
      const posts = requests('POST', /lost-answer/);
      expect(posts.map((e) => e.status)).toEqual([200, 200]);
      expect(posts[0].headers['idempotency-key']).toMatch(UUID);
      expect(posts[1].headers['idempotency-key']).toBe(posts[0].headers['idempotency-key']);
      expect(await all(store.readStream('lost-answer'))).toHaveLength(2);
    });

    it('refuses an append past the stream size limit with StreamSizeExceededError', async () => {
      const name = uniqueName('small');
      await client.createStore({ name, settings: { maxStreamSizeBytes: 64 } });
      const failure = await failureOf(client.store(name).appendToStream('s-1', [{ type: 'big', data: { text: 'x'.repeat(100) } }]));
      expect(failure).toBeInstanceOf(StreamSizeExceededError);
      expect(failure).toMatchObject({ code: 'STREAM_SIZE_EXCEEDED', status: 409, details: { maxStreamSizeBytes: 64 } });
    });
  });

  describe('errors', () => {
    it('gives every failing field of a VALIDATION_ERROR', async () => {
      const store = client.store(uniqueName('never-created'));
      const failure = await failureOf(store.appendToStream('s', [{ type: 'has space', data: {} }]));
      expect(failure).toBeInstanceOf(ValidationError);
      expect(failure).toMatchObject({ code: 'VALIDATION_ERROR', status: 400 });
      expect((failure as ValidationError).fields).toEqual([
        expect.objectContaining({ field: 'events.0.type', message: expect.any(String) }),
      ]);
    });

    it('tells an unknown key from a missing scope, and retries neither', async () => {
      const stranger = new EventStoreClient({ baseUrl: service.url, apiKey: 'esk_not-a-key', fetch: recordingFetch(log) });
      const unauthorized = await failureOf(stranger.listStoresPage());
      expect(unauthorized).toBeInstanceOf(UnauthorizedError);
      expect(unauthorized).toMatchObject({ code: 'UNAUTHORIZED', status: 401 });

      const { key: readOnly } = await service.tenantWithKey(['read']);
      const reader = new EventStoreClient({ baseUrl: service.url, apiKey: readOnly, fetch: recordingFetch(log) });
      const forbidden = await failureOf(reader.createStore({ name: uniqueName('nope') }));
      expect(forbidden).toBeInstanceOf(ForbiddenError);
      expect(forbidden).toMatchObject({ code: 'FORBIDDEN', status: 403 });
      expect(log.map((e) => e.status)).toEqual([401, 403]);
    });

    it('parses the flat envelope of the /api family too', async () => {
      const unauthorized = await failureOf(client.request('GET', '/api/event-stores'));
      expect(unauthorized).toBeInstanceOf(UnauthorizedError);
      expect(log.at(-1)!.response).toMatchObject({ error: 'UNAUTHORIZED', message: expect.any(String) });
      expect(unauthorized.message).toBe((log.at(-1)!.response as { message: string }).message);

      const { accessToken } = await client.request<{ accessToken: string }>('POST', '/api/auth/token');
      const withToken = new EventStoreClient({ baseUrl: service.url, apiKey: accessToken, fetch: recordingFetch(log) });
      const missing = await failureOf(withToken.request('GET', '/api/event-stores/no-such-store'));
      expect(log.at(-1)!.response).toMatchObject({ error: 'NOT_FOUND', details: expect.any(Object) });
      expect(missing).toBeInstanceOf(NotFoundError);
      expect(missing).toMatchObject({ code: 'NOT_FOUND', status: 404 });
    });

    it('retries network failures with backoff, a bounded number of times', async () => {
      const nowhere = `http://127.0.0.1:${await freePort()}`;
      const offline = new EventStoreClient({
        baseUrl: nowhere,
        apiKey: key,
        fetch: recordingFetch(log),
        retry: { maxAttempts: 3, initialDelayMs: 50 },
      });
      const failure = await failureOf(offline.listStoresPage({ filter: 'ord' }));
      expect(failure).toBeInstanceOf(NetworkError);
      expect(failure).toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
      expect(log).toHaveLength(3);
      // Where it went and why it failed, from the runtime's cause; never the key.
      const port = new URL(nowhere).port;
      expect(failure.message).toBe(`GET ${nowhere}/event-stores?filter=ord failed: fetch failed (connect ECONNREFUSED 127.0.0.1:${port})`);
      expect(failure.message).not.toContain(key);
    });

    it('says which URL got no complete answer in time', async () => {
      const silent = createServer(() => undefined); // takes the request and never answers
      silent.listen(0, '127.0.0.1');
      await once(silent, 'listening');
      const baseUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/prefix`;
      try {
        const slow = new EventStoreClient({ baseUrl, apiKey: key, timeoutMs: 200, retry: false });
        const failure = await failureOf(slow.store('orders').details());
        expect(failure).toBeInstanceOf(NetworkError);
        expect(failure).toMatchObject({
          code: 'TIMEOUT',
          message: `GET ${baseUrl}/event-stores/orders got no complete answer within 200 ms`,
        });
      } finally {
        silent.closeAllConnections();
        silent.close();
      }
    });
  });

  describe('aborting', () => {
    it('rejects a call whose signal is already aborted without sending it', async () => {
      const failure = await failureOf(client.listStoresPage({ signal: AbortSignal.abort() }));
      expect(failure.name).toBe('AbortError');
      expect(log).toHaveLength(0);
    });

    it('cancels a request in flight', async () => {
      const controller = new AbortController();
      const abortingFetch: FetchLike = (url, init) => {
        const response = recordingFetch(log)(url, init);
        controller.abort();
        return response;
      };
      const aborting = new EventStoreClient({ baseUrl: service.url, apiKey: key, fetch: abortingFetch });
      const failure = await failureOf(aborting.listStoresPage({ signal: controller.signal }));
      expect(failure.name).toBe('AbortError');
      expect(log).toHaveLength(1); // not retried
    });

    it('stops waiting between retries when aborted', async () => {
      const nowhere = `http://127.0.0.1:${await freePort()}`;
      const offline = new EventStoreClient({
        baseUrl: nowhere,
        apiKey: key,
        fetch: recordingFetch(log),
        retry: { maxAttempts: 10, initialDelayMs: 5000, maxDelayMs: 5000 },
      });
      const started = Date.now();
      const failure = await failureOf(offline.listStoresPage({ signal: AbortSignal.timeout(300) }));
      expect(failure.name).toBe('TimeoutError');
      expect(Date.now() - started).toBeLessThan(2000);
    });
  });

  describe('Dynamic Consistency Boundary', () => {
    let store: EventStore;
    beforeEach(async () => {
      const name = uniqueName('dcb');
      await client.createStore({ name });
      store = client.store(name);
      log.length = 0;
    });

    it('appends tagged events on a condition, and says which positions broke it', async () => {
      const query = { items: [{ types: ['username.claimed'], tags: ['username:ada'] }] };
      const { lastPosition } = await store.appendEvents([{ type: 'username.claimed', data: { userId: 'u1' }, tags: ['username:ada'] }], {
        condition: { failIfEventsMatch: query, after: 0 },
      });
      expect(lastPosition).toBe(1);
      expect(requests('POST', /\/events$/)[0].headers['idempotency-key']).toMatch(UUID);

      const failure = await failureOf(
        store.appendEvents([{ type: 'username.claimed', data: { userId: 'u2' }, tags: ['username:ada'] }], {
          condition: { failIfEventsMatch: query, after: 0 },
        }),
      );
      expect(failure).toBeInstanceOf(AppendConditionFailedError);
      expect(failure).toMatchObject({ code: 'APPEND_CONDITION_FAILED', status: 409, conflictingPositions: [1], after: 0 });
      expect(failure.message).toMatch(/match/);

      const claimed = await all(store.queryEvents(query));
      expect(claimed.map((e) => [e.globalPosition, e.data, e.tags])).toEqual([[1, { userId: 'u1' }, ['username:ada']]]);
    });

    it('queries across pages of 1000, and from a position', async () => {
      for (let first = 0; first < 2500; first += 1000) {
        await store.appendEvents(
          Array.from({ length: Math.min(1000, 2500 - first) }, (_, i) => ({ ...tick(first + i), tags: ['bulk', `n:${first + i}`] })),
        );
      }
      await store.appendEvents([{ type: 'other', data: {}, tags: ['bulk'] }]);
      log.length = 0;
      const ticks = await all(store.queryEvents({ items: [{ types: ['tick'], tags: ['bulk'] }] }));
      expect(ticks.map((e) => e.globalPosition)).toEqual(Array.from({ length: 2500 }, (_, i) => i + 1));
      expect(requests('POST', /\/query$/).map((e) => (e.body as { after: number; limit: number }).after)).toEqual([0, 1000, 2000]);
      expect(requests('POST', /\/query$/).every((e) => (e.body as { limit: number }).limit === 1000)).toBe(true);
      const late = await all(store.queryEvents({ items: [{ tags: ['bulk'] }] }, { after: 2495 }));
      expect(late.map((e) => e.type)).toEqual(['tick', 'tick', 'tick', 'tick', 'tick', 'other']);
    });

    it('decides with composed projections: course capacity and the student limit', async () => {
      await seedCourse(store, 'c1', { capacity: 2 });
      for (const course of ['c2', 'c3', 'c4']) await seedCourse(store, course, { capacity: 10 });

      const first = await subscribeStudent(store, 's1', 'c1');
      expect(first.attempts).toBe(1);
      expect(first.state.course).toEqual({ defined: true, capacity: 2, subscriptions: 0 });
      await expect(subscribeStudent(store, 's1', 'c1')).rejects.toThrow('s1 is already subscribed to c1');
      await subscribeStudent(store, 's2', 'c1');
      await expect(subscribeStudent(store, 's3', 'c1')).rejects.toBeInstanceOf(CourseFullError);
      await subscribeStudent(store, 's1', 'c2');
      const third = await subscribeStudent(store, 's1', 'c3');
      expect(third.state.student).toEqual({ courses: ['c1', 'c2'] });
      await expect(subscribeStudent(store, 's1', 'c4')).rejects.toThrow('s1 may not take more than 3 courses');
      await expect(subscribeStudent(store, 's9', 'c404')).rejects.toThrow('Course c404 does not exist');

      const subscribed = await all(store.queryEvents({ items: [{ types: ['student.subscribed'] }] }));
      expect(subscribed.map((e) => e.data)).toEqual([
        { studentId: 's1', courseId: 'c1' },
        { studentId: 's2', courseId: 'c1' },
        { studentId: 's1', courseId: 'c2' },
        { studentId: 's1', courseId: 'c3' },
      ]);

      // A decision that returns nothing appends nothing.
      log.length = 0;
      const nothing = await store.decide(courseCapacity('c1'), () => []);
      expect(nothing).toMatchObject({ events: [], lastPosition: undefined, attempts: 1, state: { subscriptions: 2 } });
      expect(requests('POST', /\/events$/)).toHaveLength(0);
    });

    it('lets exactly one of 20 concurrent decisions take the last seat, the others re-reading only what was appended since', async () => {
      await seedCourse(store, 'hot', { capacity: 31, taken: 30 });
      await seedCourse(store, 'cold', { capacity: 5, taken: 3 });
      const seeded = await all(store.queryEvents({ items: [{ tags: ['course:hot'] }] }));
      const lastSeeded = seeded.at(-1)!.globalPosition;

      const contenders = 20;
      let arrived = 0;
      let releaseAll!: () => void;
      const allArrived = new Promise<void>((resolve) => (releaseAll = resolve));
      const logs = Array.from({ length: contenders }, () => [] as Exchange[]);
      const outcomes = await Promise.allSettled(
        logs.map((own, n) => {
          const contender = new EventStoreClient({ baseUrl: service.url, apiKey: key, fetch: recordingFetch(own) }).store(store.ref);
          let decisions = 0;
          // Every contender has read the full course before any of them appends.
          return subscribeStudent(contender, `late-${n}`, 'hot', async () => {
            if (decisions++ === 0 && ++arrived === contenders) releaseAll();
            await allArrived;
          });
        }),
      );

      const winners = outcomes.filter((outcome) => outcome.status === 'fulfilled');
      const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
      expect(winners).toHaveLength(1);
      expect(refused).toHaveLength(contenders - 1);
      for (const { reason } of refused) expect(reason).toBeInstanceOf(CourseFullError);
      const winnerPosition = (winners[0] as PromiseFulfilledResult<{ lastPosition: number }>).value.lastPosition;

      for (const [n, own] of logs.entries()) {
        const queries = own.filter((e) => e.url.pathname.endsWith('/query'));
        const appends = own.filter((e) => e.url.pathname.endsWith('/events'));
        const won = outcomes[n].status === 'fulfilled';
        // One full read, then (for the losers) one read of what came after it: never from the start again.
        expect(queries.map((e) => (e.body as { after: number }).after)).toEqual(won ? [0] : [0, lastSeeded]);
        expect((queries[0].response as { events: unknown[]; lastPosition: number }).events).toHaveLength(31);
        expect((queries[0].response as { lastPosition: number }).lastPosition).toBe(lastSeeded);
        expect(appends.map((e) => e.status)).toEqual(won ? [200] : [409]);
        if (!won) {
          const reread = queries[1].response as { events: StoredEvent[] };
          expect(reread.events.map((e) => e.globalPosition)).toEqual([winnerPosition]);
        }
      }
      const seats = await all(store.queryEvents({ items: [{ types: ['student.subscribed'], tags: ['course:hot'] }] }));
      expect(seats).toHaveLength(31);
    });
  });
});
