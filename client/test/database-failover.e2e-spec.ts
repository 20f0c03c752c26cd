import { EventStoreClient, HistoryRolledBackError, LiveEvent } from '../src/index.js';
import { bearer, TenantKey } from '../../test/support/api-client';
import { recordFigures } from '../../test/support/fair-share';
import { Appenders, FailoverService } from './failover-service';
import { PostgresPair } from '../../test/support/postgres-pair';
import { waitFor } from '../../test/support/wait-for';
import { WebhookReceiver } from '../../test/support/webhook-receiver';

// Each scenario starts a primary and a standby, the API (and the worker), and fails the primary over.
jest.setTimeout(300_000);

/**
 * The contract: appending again within 15 s of the promotion. The service itself takes a
 * second or two on a quiet machine (a failed connection drops the host at once; the standby is
 * asked as soon as a request needs a connection); 15 s leaves room for a loaded one.
 */
const RESUMES_WITHIN_MS = 15_000;

/** Every event of the store, in global order, as the (new) primary holds it. */
async function storedEvents(client: EventStoreClient, storeRef: string) {
  const events: { globalPosition: number; eventId: string; data: { appender: number; seq: number } }[] = [];
  for await (const event of client.store(storeRef).readEvents()) events.push(event as never);
  return events;
}

/** Every acknowledged append stored exactly once, nothing stored twice, positions 1..n without a gap. */
function expectExactlyOnce(stored: Awaited<ReturnType<typeof storedEvents>>, appenders: Appenders): void {
  expect(stored.map(({ globalPosition }) => globalPosition)).toEqual(stored.map((_, index) => index + 1));
  const keys = stored.map(({ data }) => `${data.appender}:${data.seq}`);
  expect(new Set(keys).size).toBe(keys.length);
  const storedKeys = new Set(keys);
  expect(appenders.acknowledged.filter(({ appender, seq }) => !storedKeys.has(`${appender}:${seq}`))).toEqual([]);
}

/** Statuses other than a success or a 503 (the database unavailable, retried by the client): there must be none. */
const refusals = (service: FailoverService) =>
  Object.keys(service.statuses()).filter((status) => Number(status) >= 300 && status !== '503');

/** Consumes a subscription into `received` until it ends; resolves with how it ended. */
function consume(subscription: AsyncIterable<LiveEvent>, received: LiveEvent[]): Promise<unknown> {
  return (async () => {
    for await (const event of subscription) received.push(event);
  })().then(
    () => 'ended',
    (error: unknown) => error,
  );
}

describe('Failover of the database primary', () => {
  let pair: PostgresPair | undefined;
  let service: FailoverService | undefined;
  let receiver: WebhookReceiver | undefined;
  /** Subscriptions a test opened: closed whatever happened, or they would reconnect to a stopped API forever. */
  const subscriptions: { close(): void }[] = [];
  afterEach(async () => {
    for (const subscription of subscriptions.splice(0)) subscription.close();
    await service?.stop();
    await receiver?.close();
    await pair?.close();
    service = receiver = pair = undefined;
  });

  const setUp = async (
    replication: 'synchronous' | 'asynchronous',
    { worker = false, env = () => ({}) }: { worker?: boolean; env?: (pair: PostgresPair) => Record<string, string> } = {},
  ) => {
    pair = await PostgresPair.start({ replication, migrate: true, replicationLink: replication === 'asynchronous' });
    service = await FailoverService.start(pair, { worker, env: env(pair) });
    const tenant: TenantKey = await service.admin.tenantWithKey();
    await service.admin.createStore(tenant.key, { name: 'orders' }).expect(201);
    return { pair, service, tenant, client: service.client(tenant) };
  };

  /** A webhook subscription from the beginning to a new receiver; its deliveries, deduplicated by webhook-id as the docs advise. */
  const webhookDeliveries = async (client: EventStoreClient) => {
    receiver = await WebhookReceiver.start();
    const created = await client
      .store('orders')
      .createWebhookSubscription({ eventFilter: '*', url: receiver.url('/hook'), position: 'beginning' });
    const target = receiver;
    return () => new Map(target.delivered(created.subscriptionId).map((w) => [String(w.headers['webhook-id']), w.body.event.eventId]));
  };

  it('loses nothing acknowledged when the primary is killed under appends, and appends again soon after the promotion, without a restart', async () => {
    const { pair, service, client } = await setUp('synchronous', { worker: true });
    const deliveries = await webhookDeliveries(client);
    const live: LiveEvent[] = [];
    const subscription = client.store('orders').subscribe({ position: 'beginning' });
    subscriptions.push(subscription);
    const ended = consume(subscription, live);
    const appenders = new Appenders(client, 'orders', 4);
    await appenders.waitFor(100, 'appends before the failure');

    const killedAt = Date.now();
    await pair.primary.kill();
    const promotion = await pair.standby.promote();
    const afterPromotion = appenders.acknowledged.length;
    await appenders.waitFor(afterPromotion + 100, 'appends after the promotion');
    await appenders.stop();

    const resumedAfterMs = appenders.firstAfter(promotion.writableAt);
    recordFigures('failover: primary killed (synchronous)', {
      acknowledged: appenders.acknowledged.length,
      secondsWithoutAcknowledgedAppend: appenders.longestGap() / 1000,
      killToPromotionSeconds: (promotion.writableAt - killedAt) / 1000,
      resumedAfterPromotionSeconds: resumedAfterMs / 1000,
      statuses: service.statuses(),
    });
    expect(resumedAfterMs).toBeLessThanOrEqual(RESUMES_WITHIN_MS);
    // 503s while no primary answered, retried by the client with its Idempotency-Key: never a 400 or a 500.
    expect(refusals(service)).toEqual([]);
    expect(appenders.failures).toEqual([]);
    const stored = await storedEvents(client, 'orders');
    expectExactlyOnce(stored, appenders);

    // The WebSocket subscriber got every event exactly once, in order; the webhook receiver every one at least once.
    await waitFor(() => live.length >= stored.length, { timeoutMs: 60_000, what: 'every event on the WebSocket' });
    subscription.close();
    expect(await ended).toBe('ended');
    expect(live.map(({ eventId }) => eventId)).toEqual(stored.map(({ eventId }) => eventId));
    await waitFor(() => deliveries().size >= stored.length, { timeoutMs: 120_000, what: 'every event delivered to the webhook' });
    expect(new Set(deliveries().values())).toEqual(new Set(stored.map(({ eventId }) => eventId)));
    expect(service.api.child.exitCode).toBeNull();
  });

  it('leaves a primary that froze (no answer, connections held) and appends on the promoted standby', async () => {
    const { pair, service, client } = await setUp('synchronous');
    const appenders = new Appenders(client, 'orders', 4);
    await appenders.waitFor(50, 'appends before the freeze');

    const frozenAt = Date.now();
    await pair.primary.freeze();
    // A failover manager notices a silent primary after some seconds of its own, then promotes.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const promotion = await pair.standby.promote();
    const afterPromotion = appenders.acknowledged.length;
    await appenders.waitFor(afterPromotion + 50, 'appends after the promotion');
    await appenders.stop();

    const resumedAfterMs = appenders.firstAfter(promotion.writableAt);
    recordFigures('failover: primary frozen (synchronous)', {
      acknowledged: appenders.acknowledged.length,
      secondsWithoutAcknowledgedAppend: appenders.longestGap() / 1000,
      freezeToPromotionSeconds: (promotion.writableAt - frozenAt) / 1000,
      resumedAfterPromotionSeconds: resumedAfterMs / 1000,
      statuses: service.statuses(),
    });
    expect(resumedAfterMs).toBeLessThanOrEqual(RESUMES_WITHIN_MS);
    expect(refusals(service)).toEqual([]);
    expect(appenders.failures).toEqual([]);
    expectExactlyOnce(await storedEvents(client, 'orders'), appenders);
  });

  it('is not ready while the primary is back read-only at its address, and moves to the standby once it is promoted', async () => {
    const { pair, service, client } = await setUp('synchronous');
    const appenders = new Appenders(client, 'orders', 2);
    await appenders.waitFor(20, 'appends before the restart');
    expect(await service.readiness()).toBe(200);

    await pair.primary.stop();
    await pair.primary.start({ readOnly: true });
    // Every host answers, none takes writes: not ready, and appends wait (503, retried), never a 500.
    await waitFor(async () => (await service.readiness()) === 503, { timeoutMs: 30_000, what: 'readiness to fail' });
    const stalled = appenders.acknowledged.length;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(appenders.acknowledged.length).toBe(stalled);
    expect(await service.readiness()).toBe(503);

    const promotion = await pair.standby.promote();
    await appenders.waitFor(stalled + 20, 'appends after the promotion');
    await appenders.stop();
    const resumedAfterMs = appenders.firstAfter(promotion.writableAt);
    recordFigures('failover: primary back read-only', {
      acknowledged: appenders.acknowledged.length,
      secondsWithoutAcknowledgedAppend: appenders.longestGap() / 1000,
      resumedAfterPromotionSeconds: resumedAfterMs / 1000,
      statuses: service.statuses(),
    });
    expect(resumedAfterMs).toBeLessThanOrEqual(RESUMES_WITHIN_MS);
    await waitFor(async () => (await service.readiness()) === 200, { timeoutMs: 30_000, what: 'readiness again' });
    expect(refusals(service)).toEqual([]);
    expectExactlyOnce(await storedEvents(client, 'orders'), appenders);
  });

  it('tells WebSocket subscribers when an asynchronous failover rolled the history back, and gives reused positions new webhook ids', async () => {
    const { pair, service, client } = await setUp('asynchronous', { worker: true });
    const deliveries = await webhookDeliveries(client);
    const store = client.store('orders');
    const live: LiveEvent[] = [];
    const subscription = store.subscribe({ position: 'beginning' });
    subscriptions.push(subscription);
    const ended = consume(subscription, live);
    const append = (n: number, phase: string) => store.appendToStream(`s-${phase}`, [{ type: phase, data: { n } }]);

    for (let n = 0; n < 10; n += 1) await append(n, 'replicated');
    await pair.waitForReplay();
    await pair.cutReplication();
    for (let n = 0; n < 10; n += 1) await append(n, 'lost');
    await waitFor(() => live.length === 20 && deliveries().size === 20, { timeoutMs: 60_000, what: 'the lost events delivered' });
    const lost = new Set(live.slice(10).map(({ eventId }) => eventId));

    await pair.primary.kill();
    await pair.standby.promote();
    // The subscriber is told, with where the store ends now, rather than left waiting past positions that will be reused.
    const ending = await ended;
    expect(ending).toBeInstanceOf(HistoryRolledBackError);
    expect((ending as HistoryRolledBackError).lastPosition).toBe(10);
    await waitFor(() => /its history was rolled back/.test(service.api.log), { what: 'the rollback in the log' });

    // New events take positions 11-20 again: the webhook receiver gets them under new ids, dropping none as a repeat.
    for (let n = 0; n < 10; n += 1) await append(n, 'after');
    const stored = await storedEvents(client, 'orders');
    expect(stored.map(({ globalPosition }) => globalPosition)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(stored.some(({ eventId }) => lost.has(eventId))).toBe(false);
    await waitFor(() => stored.every(({ eventId }) => [...deliveries().values()].includes(eventId)), {
      timeoutMs: 60_000,
      what: 'the new events delivered despite reusing positions',
    });
    expect(deliveries().size).toBe(30);
    // Resubscribing from a position past the store's end is refused the same way, never left waiting.
    const resumed: LiveEvent[] = [];
    const resubscription = client.store('orders').subscribe({ position: 25 });
    subscriptions.push(resubscription);
    const refusal = await consume(resubscription, resumed);
    expect(refusal).toBeInstanceOf(HistoryRolledBackError);
    expect(service.statuses()['500']).toBeUndefined();
  });

  it('reads after an append from the primary while the standby lags, and from the standby otherwise', async () => {
    const { pair, service, tenant, client } = await setUp('synchronous', {
      env: (started) => ({ DATABASE_REPLICA_URLS: started.standby.url() }),
    });
    const store = client.store('orders');
    await store.appendToStream('order-1', [{ type: 'placed', data: {} }]);
    await pair.waitForReplay();
    await pair.pauseReplay();
    const { globalPosition } = await store.appendToStream('order-1', [{ type: 'paid', data: {} }]);

    // The client sends the highest position it has seen: the lagging standby cannot serve it, the primary does.
    const events: LiveEvent[] = [];
    for await (const event of store.readStream('order-1')) events.push(event);
    expect(events.map(({ type }) => type)).toEqual(['placed', 'paid']);
    const sent = service.exchanges.filter(({ method, url }) => method === 'GET' && url.pathname.endsWith('/streams/order-1')).at(-1)!;
    expect(sent.headers['min-global-position']).toBe(String(globalPosition));

    // Without it, the standby answers, as it stands.
    const stale = await service.admin.http().get('/event-stores/orders/streams/order-1').set(bearer(tenant.key)).expect(200);
    expect(stale.body.events.map(({ type }: { type: string }) => type)).toEqual(['placed']);
    const fresh = await service.admin
      .http()
      .get('/event-stores/orders/streams/order-1')
      .set({ ...bearer(tenant.key), 'Min-Global-Position': String(globalPosition) })
      .expect(200);
    expect(fresh.body.events).toHaveLength(2);

    // The store's other reads a standby may serve honour the header the same way: events, the list of streams, DCB queries.
    const read = (method: 'get' | 'post', path: string, headers: Record<string, string> = {}, body?: object) =>
      service.admin
        .http()
        [method](`/event-stores/orders${path}`)
        .set({ ...bearer(tenant.key), ...headers })
        .send(body)
        .expect(200);
    const atLeast = { 'Min-Global-Position': String(globalPosition) };
    const eventsSeen = async (headers?: Record<string, string>) => [
      (await read('get', '/events', headers)).body.events.length,
      (await read('get', '/streams', headers)).body.streams[0].streamVersion,
      (await read('post', '/query', headers, { query: { items: [] } })).body.events.length,
    ];
    expect(await eventsSeen()).toEqual([1, 1, 1]);
    expect(await eventsSeen(atLeast)).toEqual([2, 2, 2]);

    // So does a stream read with a token (the /api paths), which the same query serves.
    const token = { Authorization: `Bearer ${await service.admin.accessToken(tenant.key)}` };
    const readWithToken = (headers: Record<string, string> = {}) =>
      service.admin
        .http()
        .get('/api/event-stores/orders/streams/order-1/events')
        .set({ ...token, ...headers })
        .expect(200);
    expect((await readWithToken()).body).toMatchObject({ currentStreamVersion: 1, events: [{ type: 'placed' }] });
    expect((await readWithToken(atLeast)).body).toMatchObject({ currentStreamVersion: 2, events: [{ type: 'placed' }, { type: 'paid' }] });

    await pair.resumeReplay();
    await pair.waitForReplay();
    const caughtUp = await service.admin.http().get('/event-stores/orders/streams/order-1').set(bearer(tenant.key)).expect(200);
    expect(caughtUp.body.events).toHaveLength(2);
  });
});
