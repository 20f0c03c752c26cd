import { ApiClient, bearer, TenantKey } from '../support/api-client';
import { freePort, ServiceProcess } from '../support/service-process';
import { startTestApp, TEST_METRICS_TOKEN, TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { WebhookReceiver } from '../support/webhook-receiver';
import { TestSocket } from '../support/ws-client';
import { startWorker } from '../support/worker-process';

// A worker process starts here; the default 30 s is tight for that on a busy machine.
jest.setTimeout(120_000);

/** The value of one sample in Prometheus text (0 when the series does not exist yet). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(',').filter(Boolean);
    if (wanted.every((label) => present.includes(label)) && (wanted.length > 0 || present.length === 0)) return Number(match[3]);
  }
  return 0;
}

describe('Prometheus metrics', () => {
  let testApp: TestApp;
  let api: ApiClient;
  let tenant: TenantKey;
  let storeId: string;
  let receiver: WebhookReceiver;
  let worker: ServiceProcess | undefined;

  beforeAll(async () => {
    testApp = await startTestApp({ RATE_LIMIT_REQUESTS_PER_MINUTE: '50', RATE_LIMIT_EVENTS_PER_MINUTE: '40' });
    api = new ApiClient(testApp.server);
    tenant = await api.tenantWithKey();
    storeId = (await api.createStore(tenant.key, { name: 'metered' }).expect(201)).body.id;
    receiver = await WebhookReceiver.start();
  });
  afterAll(async () => {
    await worker?.stop('SIGKILL');
    await receiver.close();
    await testApp.close();
  });

  const scrape = async () => (await api.http().get('/metrics').set(bearer(TEST_METRICS_TOKEN)).expect(200)).text;
  const append = (count: number, streamId = 'metered-1') =>
    api
      .http()
      .post(`/event-stores/${storeId}/streams/${streamId}`)
      .set(bearer(tenant.key))
      .send({ events: Array.from({ length: count }, (_, i) => ({ type: 'm.x', data: { i } })) });
  const dcbAppend = (body: Record<string, unknown>) =>
    api.http().post(`/event-stores/${storeId}/events`).set(bearer(tenant.key)).send(body);

  it('serves metrics only to METRICS_TOKEN', async () => {
    await api.http().get('/metrics').expect(401);
    await api.http().get('/metrics').set(bearer(tenant.key)).expect(401);
    const response = await api.http().get('/metrics').set(bearer(TEST_METRICS_TOKEN)).expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0.0.4/);
    expect(response.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('counts appended events and times appends, by API, and times requests by route template', async () => {
    const before = await scrape();
    await append(3).expect(200);
    await dcbAppend({ events: [{ type: 'd.x', data: {}, tags: ['t:1'] }] }).expect(200);
    const failed = await dcbAppend({
      events: [{ type: 'd.x', data: {} }],
      condition: { failIfEventsMatch: { items: [{ tags: ['t:1'] }] } },
    }).expect(409);
    expect(failed.body.code).toBe('APPEND_CONDITION_FAILED');
    const after = await scrape();

    expect(sample(after, 'events_appended_total', { api: 'stream' }) - sample(before, 'events_appended_total', { api: 'stream' })).toBe(3);
    expect(sample(after, 'events_appended_total', { api: 'dcb' }) - sample(before, 'events_appended_total', { api: 'dcb' })).toBe(1);
    expect(
      sample(after, 'event_append_duration_seconds_count', { api: 'stream' }) -
        sample(before, 'event_append_duration_seconds_count', { api: 'stream' }),
    ).toBe(1);
    expect(sample(after, 'event_append_duration_seconds_sum', { api: 'stream' })).toBeGreaterThan(0);
    expect(sample(after, 'dcb_condition_failures_total') - sample(before, 'dcb_condition_failures_total')).toBe(1);
    const appendRoute = { method: 'POST', route: '/event-stores/:eventStoreId/streams/:streamId', status: '200' };
    expect(
      sample(after, 'http_request_duration_seconds_count', appendRoute) -
        sample(before, 'http_request_duration_seconds_count', appendRoute),
    ).toBe(1);
    const conflictRoute = { method: 'POST', route: '/event-stores/:eventStoreId/events', status: '409' };
    expect(
      sample(after, 'http_request_duration_seconds_count', conflictRoute) -
        sample(before, 'http_request_duration_seconds_count', conflictRoute),
    ).toBe(1);
    expect(after).not.toContain(storeId);
    expect(sample(after, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('counts rejections by limit: requests per key and events per store', async () => {
    const before = await scrape();
    const burner = await api.keyFor(tenant.tenantId, ['read']);
    let status = 200;
    // Twice the limit and one: a 429 comes even when the UTC minute (the window) turns during the loop.
    for (let i = 0; i < 101 && status === 200; i++) status = (await api.http().get('/event-stores').set(bearer(burner.key))).status;
    expect(status).toBe(429);
    const budgetStore = (await api.createStore(tenant.key, { name: 'over-budget' }).expect(201)).body.id;
    await api
      .http()
      .post(`/event-stores/${budgetStore}/streams/s`)
      .set(bearer(tenant.key))
      .send({ events: Array(41).fill({ type: 'x', data: {} }) })
      .expect(429);
    const after = await scrape();
    expect(
      sample(after, 'rate_limit_rejections_total', { limit: 'requests' }) -
        sample(before, 'rate_limit_rejections_total', { limit: 'requests' }),
    ).toBe(1);
    expect(
      sample(after, 'rate_limit_rejections_total', { limit: 'events' }) -
        sample(before, 'rate_limit_rejections_total', { limit: 'events' }),
    ).toBe(1);
  });

  it('counts the WebSocket connections open on the instance', async () => {
    await testApp.listen();
    const url = `${testApp.wsBase()}/event-stores/${storeId}/events/ws?apiKey=${tenant.key}`;
    const sockets = [await TestSocket.open(url), await TestSocket.open(url)];
    expect(sample(await scrape(), 'websocket_connections')).toBe(2);
    sockets[0].close();
    await sockets[0].closed;
    await waitFor(async () => sample(await scrape(), 'websocket_connections') === 1, { timeoutMs: 30_000, intervalMs: 200 });
    sockets[1].close();
  });

  it('reports subscription lag and dead letters from the database, and the worker its deliveries by outcome', async () => {
    receiver.respondWith((webhook) => (webhook.path === '/failing' ? 500 : 200));
    const subscribe = (path: string, retryPolicy: Record<string, number>) =>
      api
        .http()
        .post(`/event-stores/${storeId}/subscribe`)
        .set(bearer(tenant.key))
        .send({ eventFilter: 'm.*', subscriberConfig: { url: receiver.url(path) }, position: 'beginning', retryPolicy })
        .expect(201);
    await subscribe('/ok', {});
    await subscribe('/failing', { maxRetries: 1, initialBackoffMs: 100 });
    const before = await scrape();
    expect(sample(before, 'webhook_subscription_lag_max')).toBe(4);
    expect(sample(before, 'webhook_subscriptions_lagging')).toBe(2);
    expect(sample(before, 'webhook_dead_letters')).toBe(0);

    const metricsPort = await freePort();
    worker = await startWorker(testApp.config, { WORKER_METRICS_PORT: String(metricsPort), METRICS_TOKEN: TEST_METRICS_TOKEN });
    const workerMetrics = async () => {
      const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { headers: bearer(TEST_METRICS_TOKEN) });
      expect(response.status).toBe(200);
      return response.text();
    };
    // The 3 stream events each reach /ok, and fail twice at /failing (one retry) before a dead letter.
    await waitFor(async () => sample(await workerMetrics(), 'webhook_deliveries_total', { outcome: 'dead_lettered' }) === 3, {
      timeoutMs: 30_000,
      intervalMs: 200,
    });
    await waitFor(async () => sample(await scrape(), 'webhook_subscription_lag_max') === 0, { timeoutMs: 30_000, intervalMs: 200 });
    const fromWorker = await workerMetrics();
    expect(sample(fromWorker, 'webhook_deliveries_total', { outcome: 'delivered' })).toBe(3);
    expect(sample(fromWorker, 'webhook_deliveries_total', { outcome: 'failed' })).toBe(3);
    const after = await scrape();
    expect(sample(after, 'webhook_dead_letters')).toBe(3);
    expect(sample(after, 'webhook_subscriptions_lagging')).toBe(0);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).status).toBe(401);
  });
});

describe('Prometheus metrics without METRICS_TOKEN', () => {
  it('are refused to everyone', async () => {
    const testApp = await startTestApp({ METRICS_TOKEN: '' });
    try {
      const response = await new ApiClient(testApp.server).http().get('/metrics').set(bearer(TEST_METRICS_TOKEN)).expect(401);
      expect(response.body.error.code).toBe('UNAUTHORIZED');
    } finally {
      await testApp.close();
    }
  });
});
