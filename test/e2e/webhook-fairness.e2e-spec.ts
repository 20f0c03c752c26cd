import { ApiClient, bearer, TenantKey } from '../support/api-client';
import { fairShareBound, latencies, recordFigures } from '../support/fair-share';
import type { ServiceProcess } from '../support/service-process';
import { startTestApp, TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { WebhookReceiver } from '../support/webhook-receiver';
import { startWorker } from '../support/worker-process';

/**
 * One tenant's slow receivers must cost its own subscriptions time, not another tenant's: a real
 * worker process delivers to a real receiver that answers one tenant's 200 subscriptions after 3 s.
 */
// 200 subscriptions to create and a 10 s window to measure, on a machine that may be busy.
jest.setTimeout(120_000);

const SLOW_SUBSCRIPTIONS_PER_STORE = 100;
const SLOW_RECEIVER_DELAY_MS = 3000;
const MEASURED_APPENDS = 20;

describe('Webhook delivery across tenants', () => {
  let testApp: TestApp;
  let api: ApiClient;
  let receiver: WebhookReceiver;
  let worker: ServiceProcess;

  const newStore = async (tenant: TenantKey) =>
    (await api.createStore(tenant.key, { name: `fair-${Math.random().toString(36).slice(2, 8)}` }).expect(201)).body.id as string;
  const subscribe = async (tenant: TenantKey, storeId: string, path: string) =>
    (
      await api
        .http()
        .post(`/event-stores/${storeId}/subscribe`)
        .set(bearer(tenant.key))
        .send({ eventFilter: '*', subscriberConfig: { url: receiver.url(path) } })
        .expect(201)
    ).body.subscriptionId as string;
  const append = (tenant: TenantKey, storeId: string, data: Record<string, unknown>) =>
    api
      .http()
      .post(`/event-stores/${storeId}/streams/s`)
      .set(bearer(tenant.key))
      .send({ events: [{ type: 'tick', data }] })
      .expect(200);

  beforeAll(async () => {
    testApp = await startTestApp();
    api = new ApiClient(testApp.server);
    [receiver, worker] = await Promise.all([WebhookReceiver.start(), startWorker(testApp.config)]);
  });
  afterAll(async () => {
    await worker.stop('SIGKILL');
    await receiver.close();
    await testApp.close();
  });

  /**
   * The quiet tenant appends MEASURED_APPENDS events, 300 ms apart (with `alongside` each time), and
   * its delivery latencies, from the append's start to the receiver, are returned.
   */
  const quietLatencies = async (
    tenant: TenantKey,
    storeId: string,
    subscriptionId: string,
    alongside?: (i: number) => Promise<unknown>,
  ) => {
    const delivered = receiver.delivered(subscriptionId).length;
    const sentAt = new Map<number, number>();
    for (let i = 0; i < MEASURED_APPENDS; i++) {
      const started = Date.now();
      const [response] = await Promise.all([append(tenant, storeId, { i }), alongside?.(i)]);
      sentAt.set(response.body.globalPosition, started);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    await waitFor(() => receiver.delivered(subscriptionId).length >= delivered + MEASURED_APPENDS, {
      timeoutMs: 60000,
      what: `the quiet tenant's ${MEASURED_APPENDS} deliveries`,
    });
    const deliveries = receiver.delivered(subscriptionId).slice(delivered);
    expect(deliveries.map((w) => w.body.event.globalPosition)).toEqual([...sentAt.keys()]);
    return latencies(deliveries.map((w) => w.receivedAt - sentAt.get(w.body.event.globalPosition)!));
  };

  it('keeps another tenant’s delivery latency within its fair share while one tenant has 200 subscriptions to a receiver answering after 3 s', async () => {
    const noisy = await api.tenantWithKey();
    const quiet = await api.tenantWithKey();
    const quietStore = await newStore(quiet);
    const quietSubscription = await subscribe(quiet, quietStore, '/quiet');
    // The quiet tenant's own baseline, on this machine as loaded now: nobody else delivers.
    const alone = await quietLatencies(quiet, quietStore, quietSubscription);

    // Two stores of 100 (the per-store cap): the worker's share is per tenant, however many stores it has.
    const noisyStores = [await newStore(noisy), await newStore(noisy)];
    for (const storeId of noisyStores) {
      for (let i = 0; i < SLOW_SUBSCRIPTIONS_PER_STORE; i++) await subscribe(noisy, storeId, `/slow/${storeId}/${i}`);
    }
    receiver.respondWith((w) => (noisyStores.includes(w.body.eventStoreId) ? { status: 200, delayMs: SLOW_RECEIVER_DELAY_MS } : 200));

    // Five events per slow subscription: 3,000 s of receiver time in all, far more than the window.
    for (const storeId of noisyStores) for (let i = 0; i < 5; i++) await append(noisy, storeId, { i });
    await waitFor(() => receiver.received.some((w) => noisyStores.includes(w.body.eventStoreId)), {
      timeoutMs: 20000,
      what: 'the first slow delivery',
    });

    // The noisy tenant keeps appending meanwhile: each append wakes its 100 subscriptions of that store.
    const during = await quietLatencies(quiet, quietStore, quietSubscription, (i) => append(noisy, noisyStores[i % 2], { i }));
    recordFigures('webhook deliveries of a quiet tenant', {
      alone: { p50: alone.p50, p95: alone.p95, p99: alone.p99 },
      during: { p50: during.p50, p95: during.p95, p99: during.p99 },
    });
    // The p95 of 20 deliveries is the second slowest. A worker that let the noisy tenant's slots hold up
    // the quiet one would delay most of them (by up to the receiver's 3 s); the slowest alone can be one
    // caught in a stall of the whole machine (a full suite run once saw 1.3 s against a bound of 1.1 s).
    expect(during.p95).toBeLessThanOrEqual(fairShareBound(alone.p95));

    // The slow tenant was being served all along, each subscription still one request at a time and in order.
    const slow = receiver.received.filter((w) => noisyStores.includes(w.body.eventStoreId));
    expect(slow.length).toBeGreaterThan(0);
    for (const id of new Set(slow.map((w) => w.body.subscriptionId))) {
      const positions = slow.filter((w) => w.body.subscriptionId === id).map((w) => w.body.event.globalPosition);
      expect(positions).toEqual(Array.from({ length: positions.length }, (_, i) => i + 1));
      expect(Math.max(...receiver.for(id).map((w) => w.concurrent))).toBe(0);
    }
  });
});
