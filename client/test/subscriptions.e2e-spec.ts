import { randomBytes } from 'node:crypto';
import { type ClientOptions, WebSocket } from 'ws';
import { FaultyLink } from '../../test/support/faulty-link';
import type { ServiceProcess } from '../../test/support/service-process';
import { waitFor } from '../../test/support/wait-for';
import { WebhookReceiver } from '../../test/support/webhook-receiver';
import {
  type EventStore,
  EventStoreClient,
  ForbiddenError,
  type LiveEvent,
  NotFoundError,
  type ReconnectInfo,
  type Subscription,
  UnauthorizedError,
  verifyWebhook,
  WebhookVerificationError,
} from '../src/index.js';
import { all, RunningApi, uniqueName } from './harness';

// The API restarts in one of these tests, and a worker delivers webhooks in others.
jest.setTimeout(120_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Iterates a subscription in the background, recording what it yields and how it ended. */
function collect(subscription: Subscription, { delayMs = 0 } = {}) {
  const events: LiveEvent[] = [];
  const done = (async () => {
    for await (const event of subscription) {
      events.push(event);
      if (delayMs > 0) await sleep(delayMs);
    }
  })();
  // Keep the outcome for the test to inspect; an unobserved rejection must not crash the run.
  const ended = done.then(
    () => ({ error: undefined as unknown }),
    (error: unknown) => ({ error }),
  );
  return { events, ended, positions: () => events.map((event) => event.globalPosition) };
}

/** A WebSocket class that counts the connections it opens, and can send the first ones elsewhere. */
function countingWebSocket(route: (url: string, attempt: number) => string = (url) => url) {
  const opened: string[] = [];
  class Counting extends WebSocket {
    constructor(url: string, options?: ClientOptions) {
      const target = route(url, opened.length + 1);
      opened.push(target);
      super(target, options);
    }
  }
  return { WebSocket: Counting, opened };
}

describe('Subscriptions and webhooks against the built API and worker', () => {
  let service: RunningApi;
  let key: string;
  let tenantId: string;
  let client: EventStoreClient;
  let store: EventStore;
  const subscriptions: Subscription[] = [];

  const subscribe = (options: Parameters<EventStore['subscribe']>[0], on: EventStore = store) => {
    const subscription = on.subscribe(options);
    subscriptions.push(subscription);
    return subscription;
  };
  const tick = (i: number) => ({ type: 'order.tick', data: { i } });

  beforeAll(async () => {
    service = await RunningApi.start();
    ({ key, tenantId } = await service.tenantWithKey());
  });
  afterAll(() => service.stop());
  beforeEach(async () => {
    client = new EventStoreClient({ baseUrl: service.url, apiKey: key, WebSocket });
    const name = uniqueName('live');
    await client.createStore({ name });
    store = client.store(name);
  });
  afterEach(() => subscriptions.splice(0).forEach((subscription) => subscription.close()));

  describe('WebSocket subscriptions', () => {
    it('replays the stored events, then follows live ones, each once and in order; break closes the socket', async () => {
      await store.appendToStream('order-1', [tick(1), tick(2), { type: 'user.registered', data: {} }, tick(3)]);
      const subscription = subscribe({ eventFilter: 'order.*', position: 'beginning', clientId: 'replay-then-live' });
      await subscription.ready();
      expect(await all(store.listSubscriptions())).toEqual([
        expect.objectContaining({
          subscriberType: 'websocket',
          eventFilter: 'order.*',
          subscriberConfig: expect.objectContaining({ clientId: 'replay-then-live' }),
        }),
      ]);

      const received: LiveEvent[] = [];
      const appending = (async () => {
        for (let i = 4; i <= 6; i += 1) await store.appendToStream('order-2', [tick(i), { type: 'user.seen', data: {} }]);
      })();
      for await (const event of subscription) {
        received.push(event);
        if (received.length === 6) break;
      }
      await appending;
      expect(received.map((event) => (event.data as { i: number }).i)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(received.every((event) => event.type === 'order.tick')).toBe(true);
      expect(received[0]).toEqual({
        streamId: 'order-1',
        streamPosition: 0,
        globalPosition: 1,
        eventId: expect.any(String),
        type: 'order.tick',
        data: { i: 1 },
        createdAt: expect.any(String),
      });
      expect(subscription.position).toBe(received[5].globalPosition);
      await waitFor(async () => (await all(store.listWebSocketConnections())).length === 0, { what: 'the socket closed after break' });
    });

    it('starts after the last stored event with `latest`', async () => {
      await store.appendToStream('order-1', [tick(1), tick(2)]);
      const subscription = subscribe({ position: 'latest' });
      const { events } = collect(subscription);
      await subscription.ready();
      await store.appendToStream('order-1', [tick(3)]);
      await waitFor(() => events.length === 1, { what: 'the live event' });
      await sleep(200);
      expect(events.map((event) => event.globalPosition)).toEqual([3]);
    });

    it('survives an administrator closing its socket and the server restarting while events are appended: every position once, in order', async () => {
      const reconnects: ReconnectInfo[] = [];
      const subscription = subscribe({
        position: 'beginning',
        clientId: 'resilient',
        reconnect: { initialDelayMs: 100, maxDelayMs: 1000 },
        onReconnect: (info) => reconnects.push(info),
      });
      const received = collect(subscription);
      await subscription.ready();

      // A writer that rides out the restart on the client's own retries (each append keeps its Idempotency-Key).
      const writer = new EventStoreClient({
        baseUrl: service.url,
        apiKey: key,
        retry: { maxAttempts: 200, initialDelayMs: 50, maxDelayMs: 500, maxElapsedMs: 60_000 },
      }).store(store.ref);
      let writing = true;
      let lastWritten = 0;
      let appended = 0;
      const writing$ = (async () => {
        for (let i = 0; writing; i += 1) {
          lastWritten = (await writer.appendToStream(`w-${i % 4}`, [tick(i)])).globalPosition;
          appended += 1;
          await sleep(5);
        }
      })();

      await waitFor(() => received.events.length >= 100, { timeoutMs: 20_000, what: '100 events before the close' });
      const closed = await store.closeWebSocketClient('resilient', { reason: 'maintenance' });
      expect(closed.connectionsClosedCount).toBe(1);
      const atClose = received.events.length;
      await waitFor(() => received.events.length >= atClose + 50, { timeoutMs: 20_000, what: 'events after the administrator close' });
      await service.restart();
      const atRestart = received.events.length;
      await waitFor(() => received.events.length >= atRestart + 50, { timeoutMs: 30_000, what: 'events after the restart' });
      writing = false;
      await writing$;
      await waitFor(() => received.events.length >= lastWritten, { timeoutMs: 20_000, what: 'every written event' });
      await sleep(300);

      expect(received.positions()).toEqual(range(1, lastWritten));
      expect(appended).toBe(lastWritten); // each append stored once, retries included
      expect((await store.details()).statistics.totalEvents).toBe(lastWritten);
      expect(reconnects.some((info) => info.code === 1000 && info.reason === 'maintenance')).toBe(true);
      expect(reconnects.some((info) => info.code === 1001)).toBe(true);
    });

    it('subscribes again on the same socket when its subscription is deleted over HTTP', async () => {
      const subscription = subscribe({ position: 'beginning', clientId: 'deleted-once' });
      const received = collect(subscription);
      await store.appendToStream('order-1', [tick(1), tick(2)]);
      await waitFor(() => received.events.length === 2, { what: 'the first events' });
      const [live] = await all(store.listSubscriptions());
      expect(live).toMatchObject({ subscriberType: 'websocket', subscriberConfig: expect.objectContaining({ clientId: 'deleted-once' }) });
      await expect(store.deleteSubscription(live.subscriptionId)).resolves.toMatchObject({ success: true });
      await waitFor(async () => (await all(store.listSubscriptions())).some((s) => s.subscriptionId !== live.subscriptionId), {
        what: 'a new subscription on the socket',
      });
      await store.appendToStream('order-1', [tick(3), tick(4)]);
      await waitFor(() => received.events.length === 4, { what: 'events after the deletion' });
      await sleep(200);
      expect(received.positions()).toEqual([1, 2, 3, 4]);
      expect(await all(store.listWebSocketConnections())).toHaveLength(1);
    });

    it('replaces a connection that stopped answering heartbeats', async () => {
      const link = await FaultyLink.start(new URL(service.url));
      try {
        // The first connection goes through the link, which then goes silent; the next ones go straight to the API.
        const sockets = countingWebSocket((url, attempt) =>
          attempt === 1 ? url.replace(`:${service.port}/`, `:${new URL(link.url).port}/`) : url,
        );
        const reconnects: ReconnectInfo[] = [];
        const subscription = new EventStoreClient({ baseUrl: service.url, apiKey: key, WebSocket: sockets.WebSocket })
          .store(store.ref)
          .subscribe({
            position: 'beginning',
            heartbeatIntervalMs: 200,
            heartbeatTimeoutMs: 300,
            onReconnect: (info) => reconnects.push(info),
          });
        subscriptions.push(subscription);
        const received = collect(subscription);
        await store.appendToStream('order-1', [tick(1), tick(2)]);
        await waitFor(() => received.events.length === 2, { what: 'events through the link' });

        link.freeze();
        await store.appendToStream('order-1', [tick(3), tick(4)]);
        await waitFor(() => received.events.length === 4, { timeoutMs: 5000, what: 'events after the silent connection was replaced' });
        expect(received.positions()).toEqual([1, 2, 3, 4]);
        expect(reconnects.map((info) => info.code)).toEqual([4000]);
        expect(sockets.opened).toHaveLength(2);
      } finally {
        await link.close();
      }
    });

    it('pauses a consumer that falls behind instead of buffering without bound, and loses nothing', async () => {
      for (let first = 1; first <= 300; first += 100) {
        await store.appendToStream(
          'bulk',
          range(first, first + 99).map((i) => tick(i)),
        );
      }
      const sockets = countingWebSocket();
      const subscription = new EventStoreClient({ baseUrl: service.url, apiKey: key, WebSocket: sockets.WebSocket })
        .store(store.ref)
        .subscribe({ position: 'beginning', maxBufferedEvents: 20 });
      subscriptions.push(subscription);
      await subscription.ready();
      await sleep(500); // the consumer is not reading yet: the buffer fills and the socket is closed
      expect(sockets.opened).toHaveLength(1);
      const received = collect(subscription, { delayMs: 1 });
      await waitFor(() => received.events.length === 300, { timeoutMs: 30_000, what: 'all 300 events' });
      expect(received.positions()).toEqual(range(1, 300));
      // Reopened after each half-buffer taken: about 300 / 10 times.
      expect(sockets.opened.length).toBeGreaterThanOrEqual(10);
    });

    it('ends with the reason when the service refuses the subscription for good', async () => {
      const unknown = collect(subscribe({ position: 'beginning' }, client.store(uniqueName('no-such-store'))));
      const { error: notFound } = await unknown.ended;
      expect(notFound).toBeInstanceOf(NotFoundError);

      const { key: writeOnly } = await service.api.keyFor(tenantId, ['write', 'admin']);
      const writerStore = new EventStoreClient({ baseUrl: service.url, apiKey: writeOnly, WebSocket }).store(store.ref);
      const { error: forbidden } = await collect(subscribe({ position: 'beginning' }, writerStore)).ended;
      expect(forbidden).toBeInstanceOf(ForbiddenError);

      const revoked = new EventStoreClient({ baseUrl: service.url, apiKey: 'esk_unknown', WebSocket }).store(store.ref);
      const { error: unauthorized } = await collect(subscribe({ position: 'beginning' }, revoked)).ended;
      expect(unauthorized).toBeInstanceOf(UnauthorizedError);

      const badFilter = subscribe({ eventFilter: 'not a filter!', position: 'beginning' });
      await expect(badFilter.ready()).rejects.toMatchObject({ code: 'INVALID_FILTER' });
      const { error } = await collect(badFilter).ended;
      expect(error).toMatchObject({ code: 'INVALID_FILTER' });
    });

    it('ends with the abort reason when its signal aborts', async () => {
      const controller = new AbortController();
      const subscription = subscribe({ position: 'beginning', signal: controller.signal });
      const received = collect(subscription);
      await subscription.ready();
      controller.abort();
      const { error } = await received.ended;
      expect((error as Error).name).toBe('AbortError');
    });
  });

  describe('webhooks', () => {
    let receiver: WebhookReceiver;
    let worker: ServiceProcess;
    beforeAll(async () => {
      receiver = await WebhookReceiver.start();
      worker = await service.startWorker();
    });
    afterAll(async () => {
      await worker.stop();
      await receiver.close();
    });

    it('verifies a delivery of the real worker, and refuses a tampered one', async () => {
      const secret = `whsec_${randomBytes(32).toString('base64')}`;
      await store.appendToStream('order-1', [{ type: 'order.created', data: { total: 42 } }]);
      const created = await store.createWebhookSubscription({
        url: receiver.url('/orders'),
        eventFilter: 'order.*',
        secret,
        headers: { 'x-receiver-token': 'letmein' },
        position: 'beginning',
      });
      expect(created).toMatchObject({
        subscriptionId: expect.stringMatching(/^sub_/),
        isExistingSubscription: false,
        subscriberType: 'webhook',
      });
      await receiver.waitUntil(() => receiver.delivered(created.subscriptionId).length === 1);
      const [webhook] = receiver.delivered(created.subscriptionId);
      expect(webhook.headers['x-receiver-token']).toBe('letmein');

      const delivery = await verifyWebhook(secret, webhook.rawBody, webhook.headers);
      expect(delivery).toMatchObject({
        subscriptionId: created.subscriptionId,
        deliveryId: `${created.subscriptionId}:${webhook.body.event.eventId}`,
        attempt: 1,
        event: { type: 'order.created', data: { total: 42 }, globalPosition: 1, streamId: 'order-1' },
      });
      // The same check from a Headers object and raw bytes, as fetch-style servers hand them over.
      const headers = new Headers(Object.entries(webhook.headers).map(([name, value]): [string, string] => [name, String(value)]));
      await expect(verifyWebhook(secret, new TextEncoder().encode(webhook.rawBody), headers)).resolves.toEqual(delivery);

      const tampered = webhook.rawBody.replace('"total":42', '"total":4200');
      expect(tampered).not.toBe(webhook.rawBody);
      await expect(verifyWebhook(secret, tampered, webhook.headers)).rejects.toBeInstanceOf(WebhookVerificationError);
      await expect(verifyWebhook(`whsec_${randomBytes(32).toString('base64')}`, webhook.rawBody, webhook.headers)).rejects.toThrow(
        'No webhook-signature matches',
      );
      const later = Number(webhook.headers['webhook-timestamp']) * 1000 + 10 * 60_000;
      await expect(verifyWebhook(secret, webhook.rawBody, webhook.headers, { now: later })).rejects.toThrow(/timestamp/);
      // Several signatures in one header (a rotation): any one that matches is enough.
      const rotated = {
        ...webhook.headers,
        'webhook-signature': `v1,${randomBytes(32).toString('base64')} ${String(webhook.headers['webhook-signature'])}`,
      };
      await expect(verifyWebhook(secret, webhook.rawBody, rotated)).resolves.toEqual(delivery);

      expect(await store.getSubscription(created.subscriptionId)).toMatchObject({ subscriberType: 'webhook', eventFilter: 'order.*' });
      expect((await all(store.listSubscriptions())).map((s) => s.subscriptionId)).toContain(created.subscriptionId);
      await expect(store.deleteSubscription(created.subscriptionId)).resolves.toMatchObject({ success: true });
      await expect(store.getSubscription(created.subscriptionId)).rejects.toBeInstanceOf(NotFoundError);
    });

    it('lists the dead letters of a failing receiver and replays one', async () => {
      let failing = true;
      receiver.respondWith((webhook) => (webhook.path === '/flaky' && failing ? 503 : 200));
      const { subscriptionId } = await store.createWebhookSubscription({
        url: receiver.url('/flaky'),
        eventFilter: '*',
        retryPolicy: { maxRetries: 0, initialBackoffMs: 100 },
      });
      await store.appendToStream('order-9', [{ type: 'order.created', data: { total: 9 } }]);
      await waitFor(async () => (await all(store.listDeadLetters(subscriptionId))).length === 1, {
        timeoutMs: 20_000,
        what: 'a dead letter',
      });
      const [deadLetter] = await all(store.listDeadLetters(subscriptionId));
      expect(deadLetter).toMatchObject({ globalPosition: 1, lastStatusCode: 503, lastError: 'HTTP 503' });

      failing = false;
      await expect(store.replayDeadLetter(subscriptionId, deadLetter.id)).resolves.toEqual({ success: true });
      await receiver.waitUntil(() => receiver.delivered(subscriptionId).length === 1);
      expect(receiver.delivered(subscriptionId)[0].body.event.globalPosition).toBe(1);
      await waitFor(async () => (await all(store.listDeadLetters(subscriptionId))).length === 0, { what: 'the dead letter gone' });
      receiver.respondWith(() => 200);
    });
  });
});
