import { JwtService } from '@nestjs/jwt';
import Redis from 'ioredis';
import { Client } from 'pg';
import { REDIS_CLIENT } from '../../src/common/redis/redis.module';
import { RequestRateLimitedError } from '../../src/limits/limits.errors';
import { RequestRateLimiter } from '../../src/limits/request-rate-limiter';
import { Metrics } from '../../src/metrics/metrics';
import { ApiKeyRevocations } from '../../src/tenants/api-key-revocations';
import { ApiClient, bearer, TenantKey } from '../support/api-client';
import { startOfRoomyWindow } from '../support/rate-limit-window';
import { startTestApp, TEST_ADMIN_TOKEN, TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { TestSocket } from '../support/ws-client';

const RATE_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];
const event = (type: string, data: Record<string, unknown> = {}) => ({ type, data });

describe('Request rate limit per API key (DECISIONS §7)', () => {
  const LIMIT = 6;
  let first: TestApp;
  let second: TestApp;
  let viaFirst: ApiClient;
  let viaSecond: ApiClient;

  beforeAll(async () => {
    first = await startTestApp({ RATE_LIMIT_REQUESTS_PER_MINUTE: String(LIMIT) });
    // A second API instance on the same database and Redis: the window is shared.
    second = await startTestApp({ RATE_LIMIT_REQUESTS_PER_MINUTE: String(LIMIT) }, first.database);
    viaFirst = new ApiClient(first.server);
    viaSecond = new ApiClient(second.server);
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('counts requests of one key across two instances, then refuses with 429 RATE_LIMITED and Retry-After', async () => {
    const tenant = await viaFirst.tenantWithKey();
    await startOfRoomyWindow();
    const responses = [];
    for (let i = 0; i < LIMIT; i++) {
      const api = i % 2 === 0 ? viaFirst : viaSecond;
      responses.push(await api.http().get('/event-stores').set(bearer(tenant.key)).expect(200));
    }
    expect(responses.map((r) => r.headers['x-ratelimit-remaining'])).toEqual(['5', '4', '3', '2', '1', '0']);
    expect(responses.every((r) => r.headers['x-ratelimit-limit'] === String(LIMIT))).toBe(true);
    const resets = new Set(responses.map((r) => r.headers['x-ratelimit-reset']));
    expect(resets.size).toBe(1);
    const reset = Number([...resets][0]);
    expect(reset % 60).toBe(0);
    expect(reset).toBeGreaterThan(Date.now() / 1000);

    const refused = await viaSecond.http().get('/event-stores').set(bearer(tenant.key)).expect(429);
    expect(refused.body.error).toEqual({
      code: 'RATE_LIMITED',
      message: expect.any(String),
      details: { limit: 'requests', requestsPerMinute: LIMIT, retryAfterSeconds: Number(refused.headers['retry-after']) },
    });
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect(refused.headers['x-ratelimit-reset']).toBe(String(reset));
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(Math.ceil(reset - Date.now() / 1000) + 1);
  });

  it('starts a fresh count when the next minute begins', async () => {
    const tenant = await viaFirst.tenantWithKey();
    await startOfRoomyWindow();
    for (let i = 0; i < LIMIT; i++) await viaFirst.http().get('/event-stores').set(bearer(tenant.key)).expect(200);
    const refused = await viaSecond.http().get('/event-stores').set(bearer(tenant.key)).expect(429);
    const reset = Number(refused.headers['x-ratelimit-reset']);

    // The key's window as the limiter keeps it in Redis; moved back a minute, as if every request so far was made in the previous one.
    const redis = new Redis(first.config.REDIS_URL);
    const counter = `${first.config.REDIS_PREFIX}:rate-limit:requests:${tenant.apiKeyId}`;
    try {
      expect(await redis.hgetall(counter)).toEqual({ window: String(reset - 60), count: String(LIMIT + 1) });
      await redis.hset(counter, 'window', reset - 120);

      const next = await viaFirst.http().get('/event-stores').set(bearer(tenant.key)).expect(200);
      expect(next.headers['x-ratelimit-remaining']).toBe(String(LIMIT - 1));
      expect(next.headers['x-ratelimit-reset']).toBe(String(reset));
      expect(await redis.hgetall(counter)).toEqual({ window: String(reset - 60), count: '1' });
      const after = await viaSecond.http().get('/event-stores').set(bearer(tenant.key)).expect(200);
      expect(after.headers['x-ratelimit-remaining']).toBe(String(LIMIT - 2));
    } finally {
      await redis.quit();
    }
  });

  it('counts WebSocket upgrades as requests: the 101 carries the headers, and past the limit the upgrade gets 429', async () => {
    const tenant = await viaFirst.tenantWithKey();
    await first.listen();
    await startOfRoomyWindow();
    const { body: store } = await viaFirst.createStore(tenant.key, { name: 'ws-limited' }).expect(201);
    const url = `${first.wsBase()}/event-stores/${store.id}/events/ws?apiKey=${tenant.key}`;
    const sockets = [];
    for (let i = 1; i < LIMIT; i++) sockets.push(await TestSocket.open(url));
    try {
      expect(sockets.map((socket) => socket.upgradeHeaders['x-ratelimit-remaining'])).toEqual(['4', '3', '2', '1', '0']);
      const refused = await TestSocket.refusal(url);
      expect(refused).toMatchObject({ status: 429, body: { error: { code: 'RATE_LIMITED', details: { limit: 'requests' } } } });
      expect(refused.headers['x-ratelimit-remaining']).toBe('0');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    } finally {
      sockets.forEach((socket) => socket.close());
    }
  });

  it('counts the requests of one turn of the event loop with one call to Redis per key, each in its own place in the window', async () => {
    const [one, other] = [await viaFirst.tenantWithKey(), await viaFirst.tenantWithKey()];
    await startOfRoomyWindow();
    const limiter = first.app.get(RequestRateLimiter);
    const redis = first.app.get<{ takeRequests(key: string, requests: number): Promise<unknown> }>(REDIS_CLIENT);
    const calls = jest.spyOn(redis, 'takeRequests');
    try {
      const counted = await Promise.allSettled([
        ...Array.from({ length: LIMIT + 2 }, () => limiter.count(one.apiKeyId)),
        limiter.count(other.apiKeyId),
      ]);
      // ioredis's auto-pipelining calls the command again on its pipeline: only the client's own calls are the limiter's.
      expect(calls.mock.calls.filter((_, i) => calls.mock.contexts[i] === redis)).toEqual([
        [expect.stringMatching(new RegExp(`:${one.apiKeyId}$`)), LIMIT + 2],
        [expect.stringMatching(new RegExp(`:${other.apiKeyId}$`)), 1],
      ]);
      const remaining = counted.map((outcome) =>
        outcome.status === 'fulfilled' ? outcome.value['X-RateLimit-Remaining'] : (outcome.reason as Error).constructor.name,
      );
      expect(remaining).toEqual(['5', '4', '3', '2', '1', '0', 'RequestRateLimitedError', 'RequestRateLimitedError', '5']);
      expect(counted[LIMIT]).toMatchObject({ status: 'rejected', reason: expect.any(RequestRateLimitedError) });
    } finally {
      calls.mockRestore();
    }
    // The window holds every request counted, refused ones too, as when each was counted alone.
    await viaFirst.http().get('/event-stores').set(bearer(one.key)).expect(429);
    await viaFirst.http().get('/event-stores').set(bearer(other.key)).expect(200).expect('X-RateLimit-Remaining', '4');
  });

  /**
   * Holds this instance's next revocation check (which tells whether a remembered key may be used) while `send` makes a request with the tenant's key, and hands the test the request's
   * answer, a reading of the key's count in Redis and the check's release.
   */
  const whileTheKeyIsConfirmed = async <T>(
    tenant: TenantKey,
    send: () => Promise<T>,
    work: (held: { answer: Promise<T>; counted: () => Promise<string | null>; confirm: () => void }) => Promise<void>,
  ) => {
    const revocations = first.app.get(ApiKeyRevocations);
    const caughtUp = revocations.caughtUp.bind(revocations);
    let confirm!: () => void;
    const confirmed = new Promise<void>((resolve) => (confirm = resolve));
    const check = jest.spyOn(revocations, 'caughtUp').mockImplementationOnce(async () => {
      await confirmed;
      return caughtUp();
    });
    const redis = new Redis(first.config.REDIS_URL);
    const counter = `${first.config.REDIS_PREFIX}:rate-limit:requests:${tenant.apiKeyId}`;
    try {
      const answer = send();
      // Settled by `work`; a failure before it gets there must not go unhandled meanwhile.
      answer.catch(() => undefined);
      await work({ answer, counted: () => redis.hget(counter, 'count'), confirm });
      expect(check).toHaveBeenCalledTimes(1);
    } finally {
      confirm();
      check.mockRestore();
      await redis.quit();
    }
  };
  const listStores = (tenant: TenantKey) => async () => viaFirst.http().get('/event-stores').set(bearer(tenant.key));

  it('counts a remembered key while the key is confirmed, once: the two Redis round trips overlap', async () => {
    const tenant = await viaFirst.tenantWithKey();
    await startOfRoomyWindow();
    await viaFirst.http().get('/event-stores').set(bearer(tenant.key)).expect(200);
    await whileTheKeyIsConfirmed(tenant, listStores(tenant), async ({ answer, counted, confirm }) => {
      await waitFor(async () => (await counted()) === '2', { what: 'the request counted before its key is confirmed' });
      confirm();
      const response = await answer;
      expect(response.status).toBe(200);
      expect(response.headers['x-ratelimit-remaining']).toBe(String(LIMIT - 2));
      expect(await counted()).toBe('2');
    });
  });

  it('counts a WebSocket upgrade with a remembered key the same way, while the key is confirmed', async () => {
    const tenant = await viaFirst.tenantWithKey();
    await first.listen();
    await startOfRoomyWindow();
    const { body: store } = await viaFirst.createStore(tenant.key, { name: 'ws-counted' }).expect(201);
    const url = `${first.wsBase()}/event-stores/${store.id}/events/ws?apiKey=${tenant.key}`;
    await whileTheKeyIsConfirmed(
      tenant,
      () => TestSocket.open(url),
      async ({ answer, counted, confirm }) => {
        await waitFor(async () => (await counted()) === '2', { what: 'the upgrade counted before its key is confirmed' });
        confirm();
        const socket = await answer;
        try {
          expect(socket.upgradeHeaders['x-ratelimit-remaining']).toBe(String(LIMIT - 2));
          expect(await counted()).toBe('2');
        } finally {
          socket.close();
        }
      },
    );
  });

  it('answers 401, not 429, for a remembered key revoked while it was confirmed, though its last request counted', async () => {
    const tenant = await viaFirst.tenantWithKey();
    await startOfRoomyWindow();
    for (let i = 0; i < LIMIT; i++) await viaFirst.http().get('/event-stores').set(bearer(tenant.key)).expect(200);
    await whileTheKeyIsConfirmed(tenant, listStores(tenant), async ({ answer, counted, confirm }) => {
      await waitFor(async () => (await counted()) === String(LIMIT + 1), { what: 'the request counted, past the limit' });
      await viaSecond.admin().revokeApiKey(tenant.apiKeyId).expect(204);
      confirm();
      const refused = await answer;
      expect(refused.status).toBe(401);
      expect(refused.body.error.code).toBe('UNAUTHORIZED');
      expect(refused.headers['x-ratelimit-remaining']).toBeUndefined();
    });
  });

  it("does not spend a key's limit for a token that names the key without proving it, even while the key is remembered", async () => {
    const tenant = await viaFirst.tenantWithKey();
    await startOfRoomyWindow();
    const { accessToken } = (await viaFirst.http().post('/api/auth/token').set(bearer(tenant.key)).expect(200)).body;
    // Used once, the key is remembered by its id, as a token finds it.
    await viaFirst.http().get('/api/event-stores').set(bearer(accessToken)).expect(200);
    const jwt = new JwtService();
    const forged = jwt.sign(jwt.decode(accessToken), { secret: 'not-the-secret-not-the-secret-not-the-secret' });
    for (let i = 0; i < LIMIT + 2; i++) {
      const refused = await viaFirst.http().get('/api/event-stores').set(bearer(forged)).expect(401);
      expect(refused.headers['x-ratelimit-remaining']).toBeUndefined();
    }
    const counted = await viaFirst.http().get('/event-stores').set(bearer(tenant.key)).expect(200);
    expect(counted.headers['x-ratelimit-remaining']).toBe(String(LIMIT - 3));
  });

  it('fails the requests of a turn it could not count, rather than leave them waiting', async () => {
    const tenant = await viaFirst.tenantWithKey();
    await startOfRoomyWindow();
    const limiter = first.app.get(RequestRateLimiter);
    const failure = new Error('metrics unavailable');
    const metrics = jest.spyOn(first.app.get(Metrics), 'rateLimitRejected').mockImplementation(() => {
      throw failure;
    });
    try {
      const counted = await Promise.allSettled(Array.from({ length: LIMIT + 2 }, () => limiter.count(tenant.apiKeyId)));
      expect(counted.map((outcome) => outcome.status)).toEqual([...Array<string>(LIMIT).fill('fulfilled'), 'rejected', 'rejected']);
      expect(counted[LIMIT]).toEqual({ status: 'rejected', reason: failure });
    } finally {
      metrics.mockRestore();
    }
  });

  it('limits each key on its own', async () => {
    const tenant = await viaFirst.tenantWithKey();
    const other = await viaFirst.keyFor(tenant.tenantId, ['read']);
    await startOfRoomyWindow();
    for (let i = 0; i < LIMIT; i++) await viaFirst.http().get('/event-stores').set(bearer(tenant.key)).expect(200);
    await viaFirst.http().get('/event-stores').set(bearer(tenant.key)).expect(429);
    const response = await viaSecond.http().get('/event-stores').set(bearer(other.key)).expect(200);
    expect(response.headers['x-ratelimit-remaining']).toBe(String(LIMIT - 1));
  });

  it('puts the headers on error responses of authenticated requests too', async () => {
    const tenant = await viaFirst.tenantWithKey();
    const readOnly = await viaFirst.keyFor(tenant.tenantId, ['read']);
    await startOfRoomyWindow();
    const notFound = await viaFirst.http().get('/event-stores/no-such-store').set(bearer(tenant.key)).expect(404);
    const invalid = await viaFirst.http().get('/event-stores').query({ limit: 5000 }).set(bearer(tenant.key)).expect(400);
    const forbidden = await viaFirst.http().post('/event-stores').set(bearer(readOnly.key)).send({ name: 'nope' }).expect(403);
    for (const response of [notFound, invalid, forbidden]) {
      for (const header of RATE_HEADERS) expect(response.headers[header]).toEqual(expect.any(String));
    }
    expect([notFound, invalid].map((r) => r.headers['x-ratelimit-remaining'])).toEqual(['5', '4']);
    // A 403 is an authenticated request: it counts, on its own key.
    expect(forbidden.headers['x-ratelimit-remaining']).toBe('5');
  });

  it('counts family B tokens against the key behind them, the token exchange included', async () => {
    const tenant = await viaFirst.tenantWithKey();
    await startOfRoomyWindow();
    const exchange = await viaFirst.http().post('/api/auth/token').set(bearer(tenant.key)).expect(200);
    expect(exchange.headers['x-ratelimit-remaining']).toBe('5');
    const listed = await viaSecond.http().get('/api/event-stores').set(bearer(exchange.body.accessToken)).expect(200);
    expect(listed.headers['x-ratelimit-remaining']).toBe('4');
    const viaKey = await viaFirst.http().get('/event-stores').set(bearer(tenant.key)).expect(200);
    expect(viaKey.headers['x-ratelimit-remaining']).toBe('3');
  });

  it('neither counts nor marks unauthenticated requests, operator requests or health checks', async () => {
    const tenant = await viaFirst.tenantWithKey();
    await startOfRoomyWindow();
    const unauthenticated = [
      await viaFirst.http().get('/event-stores').expect(401),
      await viaFirst.http().get('/event-stores').set(bearer('esk_not-a-real-key')).expect(401),
      await viaFirst.http().get('/api/event-stores').set(bearer('not.a.jwt')).expect(401),
      await viaFirst.http().get('/admin/tenants').set(bearer(TEST_ADMIN_TOKEN)).expect(200),
      await viaFirst.http().get('/health').expect(200),
    ];
    for (const response of unauthenticated) {
      for (const header of [...RATE_HEADERS, 'retry-after']) expect(response.headers[header]).toBeUndefined();
    }
    for (let i = 0; i < LIMIT + 2; i++) await viaFirst.http().get('/admin/tenants').set(bearer(TEST_ADMIN_TOKEN)).expect(200);
    const counted = await viaFirst.http().get('/event-stores').set(bearer(tenant.key)).expect(200);
    expect(counted.headers['x-ratelimit-remaining']).toBe(String(LIMIT - 1));
  });

  it('documents the 429 and its headers in the API description', async () => {
    const document = (await viaFirst.http().get('/docs-json').expect(200)).body;
    const refusal = document.paths['/event-stores/{eventStoreId}/streams/{streamId}'].post.responses['429'];
    expect(Object.keys(refusal.headers)).toEqual([
      'X-Request-Id',
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
      'Retry-After',
    ]);
    expect(refusal.content['application/json'].schema.$ref).toBe('#/components/schemas/ErrorResponseDto');
    const flat = document.paths['/api/auth/token'].post.responses['429'];
    expect(flat.content['application/json'].schema.$ref).toBe('#/components/schemas/FlatErrorResponseDto');
    expect(document.paths['/admin/tenants'].get.responses['429']).toBeUndefined();
  });
});

describe('Request rate limit with Redis unreachable', () => {
  it('serves authenticated requests uncounted and without rate-limit headers (fails open)', async () => {
    const healthy = await startTestApp({ RATE_LIMIT_REQUESTS_PER_MINUTE: '1' });
    const down = await startTestApp({ RATE_LIMIT_REQUESTS_PER_MINUTE: '1', REDIS_URL: 'redis://127.0.0.1:1' }, healthy.database);
    try {
      const tenant = await new ApiClient(healthy.server).tenantWithKey();
      const api = new ApiClient(down.server);
      for (let i = 0; i < 3; i++) {
        const response = await api.http().get('/event-stores').set(bearer(tenant.key)).expect(200);
        expect(response.headers['x-ratelimit-limit']).toBeUndefined();
      }
    } finally {
      await down.close();
      await healthy.close();
    }
  });
});

describe('Event budget per store (DECISIONS §7)', () => {
  const BUDGET = 10;
  let testApp: TestApp;
  let api: ApiClient;
  let tenant: TenantKey;
  let sql: Client;

  beforeAll(async () => {
    testApp = await startTestApp({ RATE_LIMIT_EVENTS_PER_MINUTE: String(BUDGET) });
    api = new ApiClient(testApp.server);
    tenant = await api.tenantWithKey();
    sql = new Client({ connectionString: testApp.database.url });
    await sql.connect();
  });
  afterAll(async () => {
    await sql.end();
    await testApp.close();
  });

  const newStore = async () =>
    (await api.createStore(tenant.key, { name: `budget-${Math.random().toString(36).slice(2, 10)}` }).expect(201)).body.id as string;
  const appendTo = (storeId: string, streamId: string, count: number) =>
    api
      .http()
      .post(`/event-stores/${storeId}/streams/${streamId}`)
      .set(bearer(tenant.key))
      .send({ events: Array.from({ length: count }, (_, i) => event('budget.used', { i })) });
  const storedEvents = async (storeId: string) =>
    Number((await sql.query(`SELECT count(*) FROM events WHERE event_store_id = $1`, [storeId])).rows[0].count);

  it('counts stream, family B and DCB appends together, and refuses the one that would pass the budget, writing nothing', async () => {
    const storeId = await newStore();
    await startOfRoomyWindow();
    await appendTo(storeId, 'orders-1', 4).expect(200);
    const token = await api.accessToken(tenant.key);
    await api
      .http()
      .post(`/api/event-stores/${storeId}/streams/orders-2/events`)
      .set(bearer(token))
      .send({ events: [event('budget.used')] })
      .expect(201);
    await api
      .http()
      .post(`/event-stores/${storeId}/events`)
      .set(bearer(tenant.key))
      .send({ events: [{ ...event('dcb.used'), tags: ['t:1'] }, event('dcb.used')] })
      .expect(200);
    expect(await storedEvents(storeId)).toBe(7);

    const refused = await appendTo(storeId, 'orders-1', 4).expect(429);
    expect(refused.body.error).toEqual({
      code: 'RATE_LIMITED',
      message: expect.any(String),
      details: {
        limit: 'events',
        eventStoreId: storeId,
        eventsPerMinute: BUDGET,
        eventsUsed: 7,
        eventsRequested: 4,
        retryAfterSeconds: expect.any(Number),
      },
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBe(refused.body.error.details.retryAfterSeconds);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const flat = await api
      .http()
      .post(`/api/event-stores/${storeId}/streams/orders-2/events`)
      .set(bearer(token))
      .send({ events: Array(4).fill(event('x')) })
      .expect(429);
    expect(flat.body).toMatchObject({ error: 'RATE_LIMITED', details: { limit: 'events', eventsUsed: 7 } });
    await api
      .http()
      .post(`/event-stores/${storeId}/events`)
      .set(bearer(tenant.key))
      .send({ events: Array(4).fill(event('dcb.used')) })
      .expect(429);

    expect(await storedEvents(storeId)).toBe(7);
    const stream = await api.http().get(`/event-stores/${storeId}/streams/orders-1`).set(bearer(tenant.key)).expect(200);
    expect(stream.body.streamVersion).toBe(4);
    // What is left of the budget can still be used, to the event.
    await appendTo(storeId, 'orders-1', 3).expect(200);
    await appendTo(storeId, 'orders-1', 1).expect(429);
    expect(await storedEvents(storeId)).toBe(BUDGET);
  });

  it('does not count appends that fail, nor idempotent replays, and keeps stores apart', async () => {
    const storeId = await newStore();
    const otherStoreId = await newStore();
    await startOfRoomyWindow();
    await appendTo(storeId, 'cart', 2).expect(200);
    await api
      .http()
      .post(`/event-stores/${storeId}/streams/cart`)
      .set(bearer(tenant.key))
      .send({ events: Array(5).fill(event('x')), expectedStreamVersion: 0 })
      .expect(409);
    const keyed = () =>
      api
        .http()
        .post(`/event-stores/${storeId}/streams/cart`)
        .set(bearer(tenant.key))
        .set('Idempotency-Key', 'once')
        .send({ events: Array(8).fill(event('x')) });
    await keyed().expect(200);
    // The budget is now used up, yet the replay answers: it appends nothing, so it costs nothing.
    const replay = await keyed().expect(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    await appendTo(storeId, 'cart', 1).expect(429);
    await appendTo(otherStoreId, 'cart', BUDGET).expect(200);
    expect(await storedEvents(storeId)).toBe(BUDGET);
  });

  it('starts a fresh budget when the next minute begins', async () => {
    const storeId = await newStore();
    await startOfRoomyWindow();
    await appendTo(storeId, 'rolling', 4).expect(200);
    const budget = async () =>
      (
        await sql.query(
          `SELECT budget_used::int AS used, budget_window_start = date_trunc('minute', now(), 'UTC') AS "thisMinute" FROM event_stores WHERE id = $1`,
          [storeId],
        )
      ).rows[0];
    expect(await budget()).toEqual({ used: 4, thisMinute: true });

    // The whole budget used in this minute: refused.
    await sql.query(`UPDATE event_stores SET budget_used = $2 WHERE id = $1`, [storeId, BUDGET]);
    const refused = await appendTo(storeId, 'rolling', 1).expect(429);
    expect(refused.body.error.details).toMatchObject({ eventsUsed: BUDGET, eventsRequested: 1 });

    // The same use, but in the previous minute: this one starts from zero.
    await sql.query(`UPDATE event_stores SET budget_window_start = budget_window_start - interval '1 minute' WHERE id = $1`, [storeId]);
    await appendTo(storeId, 'rolling', 4).expect(200);
    expect(await budget()).toEqual({ used: 4, thisMinute: true });
    const over = await appendTo(storeId, 'rolling', BUDGET - 4 + 1).expect(429);
    expect(over.body.error.details).toMatchObject({ eventsUsed: 4, eventsRequested: BUDGET - 4 + 1 });
    await appendTo(storeId, 'rolling', BUDGET - 4).expect(200);
    expect(await storedEvents(storeId)).toBe(4 + BUDGET);
  });

  it('decides racing appends under the store lock: exactly as many as fit succeed', async () => {
    const storeId = await newStore();
    await startOfRoomyWindow();
    const statuses = await Promise.all(Array.from({ length: 12 }, (_, i) => appendTo(storeId, `race-${i}`, 3).then((r) => r.status)));
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(9);
    expect(await storedEvents(storeId)).toBe(9);
    const { rows } = await sql.query(`SELECT last_position, total_events FROM event_stores WHERE id = $1`, [storeId]);
    expect(rows[0]).toEqual({ last_position: '9', total_events: '9' });
  });
});

describe('Request size limit', () => {
  it('answers a body over MAX_BODY_BYTES with 413 PAYLOAD_TOO_LARGE in each family envelope, storing nothing', async () => {
    const testApp = await startTestApp({ MAX_BODY_BYTES: '2048' });
    const api = new ApiClient(testApp.server);
    try {
      const tenant = await api.tenantWithKey();
      const storeId = (await api.createStore(tenant.key, { name: 'sized' }).expect(201)).body.id;
      const big = { events: [event('too.big', { blob: 'x'.repeat(4096) })] };
      const nested = await api.http().post(`/event-stores/${storeId}/streams/s`).set(bearer(tenant.key)).send(big).expect(413);
      expect(nested.body).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: expect.any(String), details: {} } });
      const token = await api.accessToken(tenant.key);
      const flat = await api.http().post(`/api/event-stores/${storeId}/streams/s/events`).set(bearer(token)).send(big).expect(413);
      expect(flat.body).toEqual({ error: 'PAYLOAD_TOO_LARGE', message: expect.any(String), details: {} });
      await api.http().get(`/event-stores/${storeId}/streams/s`).set(bearer(tenant.key)).expect(404);
    } finally {
      await testApp.close();
    }
  });
});
