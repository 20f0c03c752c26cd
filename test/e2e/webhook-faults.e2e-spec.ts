import Redis from 'ioredis';
import { ApiClient, bearer, TenantKey } from '../support/api-client';
import { freePort, type ServiceProcess } from '../support/service-process';
import { startTestApp, TestApp } from '../support/test-app';
import { testEnvironment } from '../support/test-environment';
import { ReceivedWebhook, WebhookReceiver } from '../support/webhook-receiver';
import { startWorker } from '../support/worker-process';

/**
 * DECISIONS §8's durability: Postgres holds the truth, so a killed worker, a flushed Redis or a second
 * worker changes when events arrive, never whether or in what order they first arrive.
 */
// Worker processes start, die and restart here; the default 30 s is too tight for that on a busy machine.
jest.setTimeout(120_000);

describe('Webhook delivery under faults', () => {
  // This file's own prefix, so flushing it touches no other test file's keys.
  const redisPrefix = `${testEnvironment.redisPrefix}-faults`;
  let testApp: TestApp;
  let api: ApiClient;
  let receiver: WebhookReceiver;
  let tenant: TenantKey;
  let storeId: string;
  const workers: ServiceProcess[] = [];

  const launchWorker = async (overrides: Record<string, string> = {}) => {
    const worker = await startWorker(testApp.config, overrides);
    workers.push(worker);
    return worker;
  };
  const subscribe = async (body: Record<string, unknown> = {}) =>
    (
      await api
        .http()
        .post(`/event-stores/${storeId}/subscribe`)
        .set(bearer(tenant.key))
        .send({ eventFilter: '*', subscriberConfig: { url: receiver.url() }, ...body })
        .expect(201)
    ).body.subscriptionId as string;
  /** `count` single-event appends spread over `streams` streams, `concurrency` at a time. */
  const appendMany = async (count: number, streams: number, concurrency = 8) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let i = next++; i < count; i = next++) {
          await api
            .http()
            .post(`/event-stores/${storeId}/streams/stream-${i % streams}`)
            .set(bearer(tenant.key))
            .send({ events: [{ type: 'tick', data: { i } }] })
            .expect(200);
        }
      }),
    );
  };
  const range = (count: number) => Array.from({ length: count }, (_, i) => i + 1);
  const firstDeliveries = (webhooks: ReceivedWebhook[]) => {
    const seen = new Set<number>();
    return webhooks.map((w) => w.body.event.globalPosition).filter((position) => !seen.has(position) && seen.add(position));
  };
  const flushPrefix = async () => {
    const redis = new Redis(testApp.config.REDIS_URL);
    try {
      const keys = await redis.keys(`${redisPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      return keys.length;
    } finally {
      redis.disconnect();
    }
  };

  beforeAll(async () => {
    testApp = await startTestApp({ REDIS_PREFIX: redisPrefix });
    api = new ApiClient(testApp.server);
    receiver = await WebhookReceiver.start();
  });
  beforeEach(async () => {
    tenant = await api.tenantWithKey();
    storeId = (await api.createStore(tenant.key, { name: `faults-${Math.random().toString(36).slice(2, 8)}` }).expect(201)).body.id;
    receiver.respondWith(() => 200);
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop('SIGKILL')));
  });
  afterAll(async () => {
    await receiver.close();
    await testApp.close();
  });

  it('delivers 500 events appended concurrently across 20 streams in global-position order, none missing or repeated', async () => {
    await launchWorker();
    const subscriptionId = await subscribe();
    await appendMany(500, 20);
    await receiver.waitUntil(() => receiver.delivered(subscriptionId).length >= 500, 60000);
    expect(receiver.for(subscriptionId).map((w) => w.body.event.globalPosition)).toEqual(range(500));
    expect(Math.max(...receiver.for(subscriptionId).map((w) => w.concurrent))).toBe(0);
  });

  it('loses nothing when the worker is SIGKILLed mid-stream and restarted; first deliveries stay in order', async () => {
    const killed = await launchWorker();
    const subscriptionId = await subscribe();
    receiver.respondWith(() => ({ status: 200, delayMs: 10 }));
    await appendMany(150, 10);
    await receiver.waitUntil(() => receiver.delivered(subscriptionId).length >= 30);
    await killed.stop('SIGKILL');
    const deliveredBeforeKill = receiver.delivered(subscriptionId).length;
    expect(deliveredBeforeKill).toBeLessThan(150);

    await launchWorker();
    await receiver.waitUntil(() => new Set(receiver.delivered(subscriptionId).map((w) => w.body.event.globalPosition)).size === 150, 60000);
    // At least once: the delivery in flight at the kill may come twice, but every position comes, and first arrivals are in order.
    expect(firstDeliveries(receiver.delivered(subscriptionId))).toEqual(range(150));
    expect(receiver.delivered(subscriptionId).length - 150).toBeLessThanOrEqual(1);
  });

  it('delivers everything, retries included, after the queue’s Redis keys are flushed mid-stream', async () => {
    await launchWorker({ WEBHOOK_SWEEP_INTERVAL_MS: '300' });
    const subscriptionId = await subscribe({ retryPolicy: { maxRetries: 2, initialBackoffMs: 1500 } });
    // Event 40 fails once, so its retry is a delayed job in Redis when the keys vanish.
    receiver.respondWith((w) => ({ status: w.body.event.globalPosition === 40 && w.body.attempt === 1 ? 503 : 200, delayMs: 5 }));
    await appendMany(100, 5);
    await receiver.waitUntil(() => receiver.for(subscriptionId).some((w) => w.status === 503));
    expect(await flushPrefix()).toBeGreaterThan(0);

    await receiver.waitUntil(() => receiver.delivered(subscriptionId).length === 100, 30000);
    expect(receiver.delivered(subscriptionId).map((w) => w.body.event.globalPosition)).toEqual(range(100));
    expect(
      receiver
        .for(subscriptionId)
        .filter((w) => w.body.event.globalPosition === 40)
        .map((w) => w.body.attempt),
    ).toEqual([1, 2]);
  });

  it('never delivers one subscription’s events concurrently or out of order with two workers running', async () => {
    await Promise.all([launchWorker(), launchWorker()]);
    const subscriptions = await Promise.all([subscribe(), subscribe({ eventFilter: 'tick' })]);
    receiver.respondWith(() => ({ status: 200, delayMs: 2 }));
    await appendMany(200, 10);
    await receiver.waitUntil(() => subscriptions.every((id) => receiver.delivered(id).length >= 200), 60000);
    for (const id of subscriptions) {
      expect(receiver.for(id).map((w) => w.body.event.globalPosition)).toEqual(range(200));
      expect(Math.max(...receiver.for(id).map((w) => w.concurrent))).toBe(0);
    }
  });

  it('finishes the delivery in flight on SIGTERM and records nothing for events it did not send', async () => {
    const stopped = await launchWorker();
    const subscriptionId = await subscribe({ retryPolicy: { maxRetries: 0 } });
    receiver.respondWith(() => ({ status: 200, delayMs: 300 }));
    await appendMany(10, 2);
    // The next request is in flight (each takes 300 ms) when the signal arrives.
    await receiver.waitUntil(() => receiver.delivered(subscriptionId).length >= 1);
    await stopped.stop('SIGTERM');
    expect(stopped.log).toMatch(/Shutting down on SIGTERM[\s\S]*Shutdown complete/);

    const deliveredByFirst = receiver.delivered(subscriptionId).length;
    expect(deliveredByFirst).toBeGreaterThanOrEqual(1);
    expect(deliveredByFirst).toBeLessThan(10);
    const state = await api.http().get(`/event-stores/${storeId}/subscriptions/${subscriptionId}`).set(bearer(tenant.key)).expect(200);
    expect(state.body).toMatchObject({ failedDeliveries: 0, lastProcessedEventGlobalPosition: deliveredByFirst });

    await launchWorker();
    await receiver.waitUntil(() => receiver.delivered(subscriptionId).length === 10);
    expect(receiver.for(subscriptionId).map((w) => w.body.event.globalPosition)).toEqual(range(10));
    const deadLetters = await api
      .http()
      .get(`/event-stores/${storeId}/subscriptions/${subscriptionId}/dead-letters`)
      .set(bearer(tenant.key))
      .expect(200);
    expect(deadLetters.body.totalCount).toBe(0);
  });

  it('delivers what a new subscription starts before at once, without waiting for an append or the sweep', async () => {
    await launchWorker({ WEBHOOK_SWEEP_INTERVAL_MS: '600000' });
    await appendMany(5, 1);
    // Let the worker's only sweep (at start) pass, so only the subscribe's own wake-up can deliver.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const subscriptionId = await subscribe({ position: 'beginning' });
    await receiver.waitUntil(() => receiver.delivered(subscriptionId).length === 5, 10000);
    expect(receiver.delivered(subscriptionId).map((w) => w.body.event.globalPosition)).toEqual(range(5));
  });

  it('logs each failed attempt and each dead letter at warn, one line each, without the URL, header values or secret', async () => {
    const worker = await launchWorker();
    const secret = `whsec_${Buffer.from('a-signing-secret-of-32-bytes-xyz').toString('base64')}`;
    const failing = await subscribe({
      subscriberConfig: {
        url: receiver.url('/hook/path-token-123?token=query-token-456'),
        headers: { authorization: 'Bearer header-value-789' },
        secret,
      },
      retryPolicy: { maxRetries: 2, initialBackoffMs: 100, backoffMultiplier: 2 },
    });
    // Nothing listens on a port just freed: the connection is refused, a failure without a status.
    const unreachable = await subscribe({
      subscriberConfig: { url: `http://127.0.0.1:${await freePort()}/hook` },
      retryPolicy: { maxRetries: 0 },
    });
    receiver.respondWith(() => 500);
    await appendMany(1, 1);
    await worker.waitForOutput(new RegExp(`${failing}:1 failed \\(attempt 3 of 3\\)`), 30000);
    await worker.waitForOutput(new RegExp(`${unreachable}:1 failed \\(attempt 1 of 1\\)`), 30000);

    const lines = worker.log
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.context === 'WebhookDelivery');
    const failure = { level: 40, eventStoreId: storeId, globalPosition: 1, maxAttempts: 3, statusCode: 500, reason: 'HTTP 500' };
    expect(lines.filter((line) => line.subscriptionId === failing)).toEqual([
      expect.objectContaining({ ...failure, attempt: 1, retryAt: expect.any(String) }),
      expect.objectContaining({ ...failure, attempt: 2, retryAt: expect.any(String) }),
      expect.objectContaining({ ...failure, attempt: 3, deadLettered: true }),
    ]);
    const [first, second, last] = lines.filter((line) => line.subscriptionId === failing);
    // The next attempt's time follows the retry policy (100 ms, then 200 ms) from the line's own time. Both
    // clocks are read in one synchronous call; the 100 ms of slack covers a pause of a loaded machine between them.
    const waitOf = (line: Record<string, unknown>) => Date.parse(line.retryAt as string) - (line.time as number);
    expect(waitOf(first)).toBeLessThanOrEqual(100);
    expect(waitOf(first)).toBeGreaterThan(0);
    expect(waitOf(second)).toBeLessThanOrEqual(200);
    expect(waitOf(second)).toBeGreaterThan(100);
    expect(last).not.toHaveProperty('retryAt');
    expect(lines.filter((line) => line.subscriptionId === unreachable)).toEqual([
      expect.objectContaining({ level: 40, attempt: 1, maxAttempts: 1, statusCode: null, reason: expect.stringMatching(/ECONNREFUSED/) }),
    ]);
    for (const secretPart of ['path-token-123', 'query-token-456', 'header-value-789', secret]) {
      expect({ secretPart, logged: worker.log.includes(secretPart) }).toEqual({ secretPart, logged: false });
    }
  });

  it('checks a name’s addresses when the delivery connects: a worker refusing private targets never reaches localhost', async () => {
    await launchWorker({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' });
    const subscriptionId = await subscribe({
      subscriberConfig: { url: receiver.url().replace('127.0.0.1', 'localhost') },
      retryPolicy: { maxRetries: 0 },
    });
    await appendMany(1, 1);
    const deadLetters = await eventually(async () => {
      const response = await api
        .http()
        .get(`/event-stores/${storeId}/subscriptions/${subscriptionId}/dead-letters`)
        .set(bearer(tenant.key));
      return response.body.totalCount === 1 ? response.body.deadLetters : null;
    });
    expect(deadLetters).toEqual([
      expect.objectContaining({ lastStatusCode: null, lastError: expect.stringMatching(/localhost is not an allowed webhook target/) }),
    ]);
    expect(receiver.received.filter((w) => w.body.subscriptionId === subscriptionId)).toHaveLength(0);
  });

  it('checks the target again at delivery: a worker refusing private addresses dead-letters instead of connecting', async () => {
    await launchWorker({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' });
    // Created through an API that allows private targets, as if the name had resolved elsewhere then.
    const subscriptionId = await subscribe({ retryPolicy: { maxRetries: 0 } });
    await appendMany(1, 1);
    const deadLetters = await eventually(async () => {
      const response = await api
        .http()
        .get(`/event-stores/${storeId}/subscriptions/${subscriptionId}/dead-letters`)
        .set(bearer(tenant.key));
      return response.body.totalCount === 1 ? response.body.deadLetters : null;
    });
    expect(deadLetters).toEqual([
      expect.objectContaining({ lastStatusCode: null, lastError: expect.stringMatching(/127\.0\.0\.1 is not an allowed webhook target/) }),
    ]);
    expect(receiver.for(subscriptionId)).toHaveLength(0);
  });
});

async function eventually<T>(probe: () => Promise<T | null>, timeoutMs = 10000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`nothing within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
