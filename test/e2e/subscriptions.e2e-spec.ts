import { Client } from 'pg';
import { Webhook } from 'standardwebhooks';
import { ApiClient, bearer, TenantKey } from '../support/api-client';
import type { ServiceProcess } from '../support/service-process';
import { startTestApp, TestApp } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';
import { startWorker } from '../support/worker-process';

describe('Webhook subscriptions', () => {
  let testApp: TestApp;
  let api: ApiClient;
  let worker: ServiceProcess;
  let receiver: WebhookReceiver;
  let db: Client;
  let tenant: TenantKey;
  let storeId: string;

  const http = () => api.http();
  const subscribe = (body: Record<string, unknown>, ref = storeId, key = tenant.key) =>
    http().post(`/event-stores/${ref}/subscribe`).set(bearer(key)).send(body);
  const webhook = (extra: Record<string, unknown> = {}, config: Record<string, unknown> = {}) => ({
    eventFilter: '*',
    subscriberConfig: { url: receiver.url(), ...config },
    ...extra,
  });
  const append = (streamId: string, ...types: string[]) =>
    http()
      .post(`/event-stores/${storeId}/streams/${streamId}`)
      .set(bearer(tenant.key))
      .send({ events: types.map((type, index) => ({ type, data: { index } })) })
      .expect(200);
  const getSubscription = (id: string) => http().get(`/event-stores/${storeId}/subscriptions/${id}`).set(bearer(tenant.key));
  const deadLetters = (id: string) => http().get(`/event-stores/${storeId}/subscriptions/${id}/dead-letters`).set(bearer(tenant.key));
  const positions = (webhooks: { body: { event: { globalPosition: number } } }[]) => webhooks.map((w) => w.body.event.globalPosition);

  beforeAll(async () => {
    testApp = await startTestApp();
    api = new ApiClient(testApp.server);
    [worker, receiver] = await Promise.all([startWorker(testApp.config), WebhookReceiver.start()]);
    db = new Client({ connectionString: testApp.database.url });
    await db.connect();
  });
  beforeEach(async () => {
    tenant = await api.tenantWithKey();
    storeId = (await api.createStore(tenant.key, { name: `subs-${Math.random().toString(36).slice(2, 8)}` }).expect(201)).body.id;
    receiver.respondWith(() => 200);
  });
  afterAll(async () => {
    await worker.stop();
    await Promise.all([receiver.close(), db.end()]);
    await testApp.close();
  });

  describe('endpoints', () => {
    it('creates a webhook subscription with 201, every field, and the secret shown once', async () => {
      const created = await subscribe(webhook({ eventFilter: 'order.*' }, { headers: { 'X-Team': 'billing' } })).expect(201);
      expect(created.body).toEqual({
        subscriptionId: expect.stringMatching(/^sub_[0-9a-f]{24}$/),
        eventStoreId: storeId,
        eventFilter: 'order.*',
        subscriberType: 'webhook',
        subscriberConfig: { url: receiver.url(), secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]+={0,2}$/) },
        retryPolicy: { maxRetries: 3, backoffMultiplier: 2, initialBackoffMs: 1000 },
        status: 'active',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        lastDeliveryAttempt: null,
        failedDeliveries: 0,
        lastProcessedEventGlobalPosition: 0,
        isExistingSubscription: false,
      });

      const { subscriberConfig, isExistingSubscription, ...shown } = created.body;
      const fetched = await getSubscription(created.body.subscriptionId).expect(200);
      expect(fetched.body).toEqual({ ...shown, subscriberConfig: { url: subscriberConfig.url } });
      expect(JSON.stringify(fetched.body)).not.toContain('billing');
      expect(isExistingSubscription).toBe(false);

      const listed = await http().get(`/event-stores/${storeId}/subscriptions`).set(bearer(tenant.key)).expect(200);
      expect(listed.body).toEqual({ subscriptions: [fetched.body], totalCount: 1 });
    });

    it('returns an identical existing subscription with 200 and isExistingSubscription, without its secret', async () => {
      const first = await subscribe(webhook({}, { headers: { 'X-A': '1', 'X-B': '2' } })).expect(201);
      const again = await subscribe(webhook({ retryPolicy: { maxRetries: 5 } }, { headers: { 'X-B': '2', 'X-A': '1' } })).expect(200);
      expect(again.body).toMatchObject({
        subscriptionId: first.body.subscriptionId,
        isExistingSubscription: true,
        subscriberConfig: { url: receiver.url() },
      });
      expect(again.body.subscriberConfig.secret).toBeUndefined();

      const withSameSecret = await subscribe(
        webhook({}, { headers: { 'X-A': '1', 'X-B': '2' }, secret: first.body.subscriberConfig.secret }),
      ).expect(200);
      expect(withSameSecret.body.subscriptionId).toBe(first.body.subscriptionId);

      // Another filter, other headers or another secret make another subscription.
      const others = [
        webhook({ eventFilter: 'order.*' }, { headers: { 'X-A': '1', 'X-B': '2' } }),
        webhook({}, { headers: { 'X-A': '1' } }),
        webhook({}, { headers: { 'X-A': '1', 'X-B': '2' }, secret: `whsec_${Buffer.alloc(32, 7).toString('base64')}` }),
      ];
      for (const body of others) expect((await subscribe(body).expect(201)).body.subscriptionId).not.toBe(first.body.subscriptionId);
      const { rows } = await db.query(`SELECT count(*)::int AS n FROM subscriptions WHERE event_store_id = $1`, [storeId]);
      expect(rows[0].n).toBe(4);
    });

    it('creates one subscription when the same request arrives twice at once', async () => {
      const responses = await Promise.all([subscribe(webhook()), subscribe(webhook())]);
      expect(responses.map((r) => r.status).sort()).toEqual([200, 201]);
      expect(new Set(responses.map((r) => r.body.subscriptionId)).size).toBe(1);
    });

    it('starts after the given position: latest, beginning, a number or a numeric string', async () => {
      await append('order-1', 'a', 'b', 'c');
      // A header per case keeps each request from matching the previous subscription.
      const startOf = async (position?: unknown) =>
        (await subscribe(webhook({ position }, { headers: { 'X-Case': String(position) } })).expect(201)).body
          .lastProcessedEventGlobalPosition;
      expect(await startOf(undefined)).toBe(3);
      expect(await startOf('latest')).toBe(3);
      expect(await startOf('beginning')).toBe(0);
      expect(await startOf(2)).toBe(2);
      expect(await startOf('1')).toBe(1);
    });

    it('deletes a subscription with 200, and answers 404 for it afterwards', async () => {
      const { subscriptionId } = (await subscribe(webhook()).expect(201)).body;
      const deleted = await http().delete(`/event-stores/${storeId}/subscriptions/${subscriptionId}`).set(bearer(tenant.key)).expect(200);
      expect(deleted.body).toEqual({ success: true, message: `Subscription '${subscriptionId}' deleted` });
      for (const response of [
        await getSubscription(subscriptionId),
        await http().delete(`/event-stores/${storeId}/subscriptions/${subscriptionId}`).set(bearer(tenant.key)),
        await deadLetters(subscriptionId),
      ]) {
        expect(response.status).toBe(404);
        expect(response.body.error).toMatchObject({ code: 'NOT_FOUND', details: { subscriptionId } });
      }
    });

    it.each([
      ['no eventFilter', { subscriberConfig: { url: 'http://127.0.0.1/x' } }, 'eventFilter'],
      ['a malformed filter', { eventFilter: 'order*', subscriberConfig: { url: 'http://127.0.0.1/x' } }, 'eventFilter'],
      [
        'websocket through REST',
        { eventFilter: '*', subscriberType: 'websocket', subscriberConfig: { url: 'http://127.0.0.1/x' } },
        'subscriberType',
        /open a WebSocket/,
      ],
      [
        'queue',
        { eventFilter: '*', subscriberType: 'queue', subscriberConfig: { url: 'http://127.0.0.1/x' } },
        'subscriberType',
        /coming soon/,
      ],
      [
        'durable_object',
        { eventFilter: '*', subscriberType: 'durable_object', subscriberConfig: { url: 'http://127.0.0.1/x' } },
        'subscriberType',
        /coming soon/,
      ],
      [
        'an unknown subscriberType',
        { eventFilter: '*', subscriberType: 'email', subscriberConfig: { url: 'http://127.0.0.1/x' } },
        'subscriberType',
      ],
      ['no subscriberConfig', { eventFilter: '*' }, 'subscriberConfig'],
      ['an ftp url', { eventFilter: '*', subscriberConfig: { url: 'ftp://127.0.0.1/x' } }, 'subscriberConfig.url'],
      ['a url with credentials', { eventFilter: '*', subscriberConfig: { url: 'http://user:pw@127.0.0.1/x' } }, 'subscriberConfig.url'],
      [
        'a url over 2048 characters',
        { eventFilter: '*', subscriberConfig: { url: `http://127.0.0.1/${'a'.repeat(2040)}` } },
        'subscriberConfig.url',
      ],
      [
        'a header the service sets',
        { eventFilter: '*', subscriberConfig: { url: 'http://127.0.0.1/x', headers: { 'Webhook-Signature': 'v1,x' } } },
        'subscriberConfig.headers',
      ],
      [
        'a non-string header value',
        { eventFilter: '*', subscriberConfig: { url: 'http://127.0.0.1/x', headers: { 'X-N': 1 } } },
        'subscriberConfig.headers',
      ],
      [
        'a malformed secret',
        { eventFilter: '*', subscriberConfig: { url: 'http://127.0.0.1/x', secret: 'hunter2' } },
        'subscriberConfig.secret',
      ],
      [
        'maxRetries above 20',
        { eventFilter: '*', subscriberConfig: { url: 'http://127.0.0.1/x' }, retryPolicy: { maxRetries: 21 } },
        'retryPolicy.maxRetries',
      ],
      [
        'backoffMultiplier below 1',
        { eventFilter: '*', subscriberConfig: { url: 'http://127.0.0.1/x' }, retryPolicy: { backoffMultiplier: 0.5 } },
        'retryPolicy.backoffMultiplier',
      ],
      [
        'initialBackoffMs below 100',
        { eventFilter: '*', subscriberConfig: { url: 'http://127.0.0.1/x' }, retryPolicy: { initialBackoffMs: 99 } },
        'retryPolicy.initialBackoffMs',
      ],
      ['a negative position', { eventFilter: '*', subscriberConfig: { url: 'http://127.0.0.1/x' }, position: -1 }, 'position'],
      ['an unknown position word', { eventFilter: '*', subscriberConfig: { url: 'http://127.0.0.1/x' }, position: 'middle' }, 'position'],
      ['a fractional position', { eventFilter: '*', subscriberConfig: { url: 'http://127.0.0.1/x' }, position: '1.5' }, 'position'],
    ])('refuses %s with 400 on the field, storing nothing', async (_case, body, field, message = /./) => {
      const response = await subscribe(body).expect(400);
      expect(response.body.error.code).toBe('VALIDATION_ERROR');
      expect(response.body.error.details.fields).toEqual(expect.arrayContaining([{ field, message: expect.stringMatching(message) }]));
      const { rows } = await db.query(`SELECT count(*)::int AS n FROM subscriptions WHERE event_store_id = $1`, [storeId]);
      expect(rows[0].n).toBe(0);
    });

    it('needs the admin scope, the caller’s own store, and a key', async () => {
      const reader = await api.keyFor(tenant.tenantId, ['read', 'write']);
      expect((await subscribe(webhook(), storeId, reader.key).expect(403)).body.error.code).toBe('FORBIDDEN');
      expect((await http().get(`/event-stores/${storeId}/subscriptions`).set(bearer(reader.key)).expect(403)).body.error.code).toBe(
        'FORBIDDEN',
      );
      const stranger = await api.tenantWithKey();
      expect((await subscribe(webhook(), storeId, stranger.key).expect(404)).body.error.code).toBe('NOT_FOUND');
      await http().post(`/event-stores/${storeId}/subscribe`).send(webhook()).expect(401);
    });
  });

  describe('delivery', () => {
    it('delivers matching stream and DCB events in order, signed, with the configured headers', async () => {
      const created = await subscribe(webhook({ eventFilter: 'order.*' }, { headers: { 'X-Team': 'billing' } })).expect(201);
      const { subscriptionId, subscriberConfig } = created.body;
      await append('order-1', 'order.placed', 'invoice.sent', 'order.paid');
      await http()
        .post(`/event-stores/${storeId}/events`)
        .set(bearer(tenant.key))
        .send({ events: [{ type: 'order.shipped', data: { carrier: 'dhl' }, tags: ['order:1'] }] })
        .expect(200);
      await append('invoice-1', 'invoice.paid');

      await receiver.waitUntil(() => receiver.delivered(subscriptionId).length === 3);
      const delivered = receiver.delivered(subscriptionId);
      expect(positions(delivered)).toEqual([1, 3, 4]);
      expect(delivered.map((w) => w.body.event.type)).toEqual(['order.placed', 'order.paid', 'order.shipped']);
      expect(delivered[2].body.event).toMatchObject({ streamId: '__dcb__', tags: ['order:1'], data: { carrier: 'dhl' } });
      const [first] = delivered;
      expect(first.body).toEqual({
        event: expect.objectContaining({
          streamId: 'order-1',
          streamPosition: 0,
          globalPosition: 1,
          type: 'order.placed',
          data: { index: 0 },
        }),
        eventStoreId: storeId,
        subscriptionId,
        deliveryId: `${subscriptionId}:${first.body.event.eventId}`,
        attempt: 1,
      });
      // Built from the event's id, which no other event ever has (a position may be handed out again after a rolled-back history).
      expect(first.headers).toMatchObject({
        'content-type': 'application/json',
        'webhook-id': `${subscriptionId}:${first.body.event.eventId}`,
        'x-team': 'billing',
      });
      for (const w of delivered) {
        expect(new Webhook(subscriberConfig.secret).verify(w.rawBody, w.headers as Record<string, string>)).toEqual(w.body);
      }

      // The checkpoint also passes the non-matching event at the end of the log.
      await expectEventually(async () => (await getSubscription(subscriptionId)).body.lastProcessedEventGlobalPosition === 5);
      const state = (await getSubscription(subscriptionId).expect(200)).body;
      expect(state).toMatchObject({ failedDeliveries: 0, lastDeliveryAttempt: expect.any(String) });
    });

    it('delivers from the start position: existing events for beginning and N, only new ones for latest', async () => {
      await append('s-1', 'e', 'e', 'e');
      const ids = await Promise.all(
        ['beginning', 2, 'latest'].map(
          async (position) =>
            (await subscribe(webhook({ position }, { headers: { 'X-P': String(position) } })).expect(201)).body.subscriptionId,
        ),
      );
      await append('s-1', 'e');
      const [fromBeginning, fromTwo, fromLatest] = ids;
      await receiver.waitUntil(
        () =>
          receiver.delivered(fromBeginning).length === 4 &&
          receiver.delivered(fromTwo).length === 2 &&
          receiver.delivered(fromLatest).length === 1,
      );
      expect(positions(receiver.delivered(fromBeginning))).toEqual([1, 2, 3, 4]);
      expect(positions(receiver.delivered(fromTwo))).toEqual([3, 4]);
      expect(positions(receiver.delivered(fromLatest))).toEqual([4]);
    });

    it('retries a failing delivery with the policy’s waits and delivers it on attempt 3', async () => {
      const { subscriptionId } = (
        await subscribe(webhook({ retryPolicy: { maxRetries: 3, initialBackoffMs: 400, backoffMultiplier: 2 } })).expect(201)
      ).body;
      receiver.respondWith((w) => (w.body.event.type === 'flaky' && w.body.attempt < 3 ? 503 : 200));
      await append('s-1', 'flaky', 'steady');

      await receiver.waitUntil(() => receiver.delivered(subscriptionId).length === 2);
      const attempts = receiver.for(subscriptionId);
      expect(attempts.map((w) => [w.body.event.globalPosition, w.body.attempt, w.status])).toEqual([
        [1, 1, 503],
        [1, 2, 503],
        [1, 3, 200],
        [2, 1, 200],
      ]);
      expect(new Set(attempts.slice(0, 3).map((w) => w.headers['webhook-id']))).toEqual(
        new Set([`${subscriptionId}:${attempts[0].body.event.eventId}`]),
      );
      // Never early. Late by the scheduling slack of the machine, which a loaded one stretches to seconds; the upper bound
      // is only there to fail a retry that waits far longer than its backoff.
      const waits = [attempts[1].receivedAt - attempts[0].receivedAt, attempts[2].receivedAt - attempts[1].receivedAt];
      expect(waits[0]).toBeGreaterThanOrEqual(400);
      expect(waits[0]).toBeLessThan(400 + 10_000);
      expect(waits[1]).toBeGreaterThanOrEqual(800);
      expect(waits[1]).toBeLessThan(800 + 10_000);
      expect((await getSubscription(subscriptionId)).body.failedDeliveries).toBe(0);
    });

    it('dead-letters an event after the last retry, moves on, and delivers it again on replay', async () => {
      const { subscriptionId } = (await subscribe(webhook({ retryPolicy: { maxRetries: 1, initialBackoffMs: 100 } })).expect(201)).body;
      receiver.respondWith((w) => (w.body.event.type === 'poison' ? 500 : 200));
      await append('s-1', 'poison', 'fine', 'fine');

      await receiver.waitUntil(() => receiver.delivered(subscriptionId).length === 2);
      expect(receiver.for(subscriptionId).map((w) => [w.body.event.globalPosition, w.body.attempt, w.status])).toEqual([
        [1, 1, 500],
        [1, 2, 500],
        [2, 1, 200],
        [3, 1, 200],
      ]);
      await expectEventually(async () => (await getSubscription(subscriptionId)).body.lastProcessedEventGlobalPosition === 3);
      expect((await getSubscription(subscriptionId)).body.failedDeliveries).toBe(1);
      const { rows: events } = await db.query(`SELECT event_id FROM events WHERE event_store_id = $1 AND global_position = 1`, [storeId]);
      const listed = await deadLetters(subscriptionId).expect(200);
      expect(listed.body).toEqual({
        deadLetters: [
          {
            id: expect.stringMatching(/^dl_/),
            globalPosition: 1,
            eventId: events[0].event_id,
            type: 'poison',
            streamId: 's-1',
            attempts: 2,
            lastStatusCode: 500,
            lastError: 'HTTP 500',
            failedAt: expect.any(String),
            replayRequestedAt: null,
          },
        ],
        totalCount: 1,
      });

      receiver.respondWith(() => 200);
      const deadLetterId = listed.body.deadLetters[0].id;
      const replay = await http()
        .post(`/event-stores/${storeId}/subscriptions/${subscriptionId}/dead-letters/${deadLetterId}/replay`)
        .set(bearer(tenant.key))
        .expect(202);
      expect(replay.body).toEqual({ success: true });
      await receiver.waitUntil(() => receiver.delivered(subscriptionId).length === 3);
      const replayed = receiver.for(subscriptionId).at(-1)!.body;
      expect(replayed).toMatchObject({
        event: { globalPosition: 1 },
        deliveryId: `${subscriptionId}:${replayed.event.eventId}`,
        attempt: 1,
      });
      // The same webhook-id as the failed attempts: a receiver that processed one of them drops it.
      expect(replayed.deliveryId).toBe(receiver.for(subscriptionId)[0].body.deliveryId);
      await expectEventually(async () => (await deadLetters(subscriptionId)).body.totalCount === 0);
      const missing = await http()
        .post(`/event-stores/${storeId}/subscriptions/${subscriptionId}/dead-letters/${deadLetterId}/replay`)
        .set(bearer(tenant.key))
        .expect(404);
      expect(missing.body.error.details).toEqual({ subscriptionId, deadLetterId });
    });

    it('replays every dead letter at once, in position order, once, naming each one’s type and stream', async () => {
      const { subscriptionId } = (await subscribe(webhook({ retryPolicy: { maxRetries: 0, initialBackoffMs: 100 } })).expect(201)).body;
      const replayAll = (id = subscriptionId) =>
        http().post(`/event-stores/${storeId}/subscriptions/${id}/dead-letters/replay`).set(bearer(tenant.key));
      expect((await replayAll().expect(202)).body).toEqual({ success: true, queued: 0 });
      receiver.respondWith(() => 500);
      await append('s-1', 'first');
      await append('s-2', 'second', 'third');
      await http()
        .post(`/event-stores/${storeId}/events`)
        .set(bearer(tenant.key))
        .send({ events: [{ type: 'tagged', data: {}, tags: ['t:1'] }] })
        .expect(200);
      await expectEventually(async () => (await deadLetters(subscriptionId)).body.totalCount === 4);
      type Listed = { globalPosition: number; type: string | null; streamId: string | null; lastError: string };
      const listed = async (): Promise<Listed[]> => (await deadLetters(subscriptionId).expect(200)).body.deadLetters;
      expect((await listed()).map((d) => [d.globalPosition, d.type, d.streamId])).toEqual([
        [1, 'first', 's-1'],
        [2, 'second', 's-2'],
        [3, 'third', 's-2'],
        [4, 'tagged', '__dcb__'],
      ]);

      receiver.respondWith(() => 200);
      expect((await replayAll().expect(202)).body).toEqual({ success: true, queued: 4 });
      // Those delivered meanwhile are gone and the others wait already: nothing more to queue.
      expect((await replayAll().expect(202)).body).toEqual({ success: true, queued: 0 });
      await receiver.waitUntil(() => receiver.delivered(subscriptionId).length === 4);
      expect(positions(receiver.delivered(subscriptionId))).toEqual([1, 2, 3, 4]);
      await expectEventually(async () => (await listed()).length === 0);

      // Retention deletes a dead letter's event: the letter stays, no longer saying what it was, and its replay is dropped.
      receiver.respondWith(() => 500);
      await append('s-3', 'fifth');
      await expectEventually(async () => (await listed()).length === 1);
      await db.query(`DELETE FROM events WHERE event_store_id = $1 AND global_position = 5`, [storeId]);
      expect((await listed())[0]).toMatchObject({ globalPosition: 5, type: null, streamId: null });
      expect((await replayAll().expect(202)).body).toEqual({ success: true, queued: 1 });
      await expectEventually(async () => (await listed())[0].lastError === 'The event is no longer stored (retention)');

      const missing = await replayAll('sub_000000000000000000000000').expect(404);
      expect(missing.body.error).toMatchObject({ code: 'NOT_FOUND', details: { subscriptionId: 'sub_000000000000000000000000' } });
    });

    it('delivers a replay after the retry in progress, before newer events', async () => {
      const { subscriptionId } = (await subscribe(webhook({ retryPolicy: { maxRetries: 1, initialBackoffMs: 800 } })).expect(201)).body;
      receiver.respondWith((w) => (w.body.event.type === 'poison' || (w.body.event.type === 'slow' && w.body.attempt === 1) ? 500 : 200));
      await append('s-1', 'poison', 'poison');
      await receiver.waitUntil(() => receiver.for(subscriptionId).filter((w) => w.status === 500).length === 4);
      await expectEventually(async () => (await deadLetters(subscriptionId)).body.totalCount === 2);
      const [first] = (await deadLetters(subscriptionId)).body.deadLetters;

      // Event 3 fails once and waits 800 ms for its retry; the replay asked for meanwhile comes after it, then event 4.
      receiver.respondWith((w) => (w.body.event.type === 'slow' && w.body.attempt === 1 ? 500 : 200));
      await append('s-1', 'slow');
      await receiver.waitUntil(() => receiver.for(subscriptionId).some((w) => w.body.event.globalPosition === 3));
      await http()
        .post(`/event-stores/${storeId}/subscriptions/${subscriptionId}/dead-letters/${first.id}/replay`)
        .set(bearer(tenant.key))
        .expect(202);
      await append('s-1', 'later');

      await receiver.waitUntil(() => receiver.delivered(subscriptionId).length === 3);
      expect(
        receiver
          .for(subscriptionId)
          .slice(4)
          .map((w) => [w.body.event.globalPosition, w.body.attempt, w.status]),
      ).toEqual([
        [3, 1, 500],
        [3, 2, 200],
        [1, 1, 200],
        [4, 1, 200],
      ]);
      expect((await deadLetters(subscriptionId)).body.deadLetters.map((d: { globalPosition: number }) => d.globalPosition)).toEqual([2]);
    });

    it('stops delivering once the subscription is deleted, and a deleted store takes its subscriptions along', async () => {
      const { subscriptionId } = (await subscribe(webhook()).expect(201)).body;
      await append('s-1', 'e');
      await receiver.waitUntil(() => receiver.delivered(subscriptionId).length === 1);
      await http().delete(`/event-stores/${storeId}/subscriptions/${subscriptionId}`).set(bearer(tenant.key)).expect(200);
      // A sentinel subscribed after the delete receives the next events; the deleted one must not.
      const sentinel = (await subscribe(webhook({}, { headers: { 'X-Sentinel': '1' } })).expect(201)).body.subscriptionId;
      await append('s-1', 'e', 'e');
      await receiver.waitUntil(() => receiver.delivered(sentinel).length === 2);
      expect(receiver.for(subscriptionId)).toHaveLength(1);

      const other = (await subscribe(webhook({ eventFilter: 'x.*' })).expect(201)).body.subscriptionId;
      await http().delete(`/event-stores/${storeId}`).set(bearer(tenant.key)).expect(204);
      const { rows } = await db.query(`SELECT count(*)::int AS n FROM subscriptions WHERE id = $1`, [other]);
      expect(rows[0].n).toBe(0);
    });
  });
});

describe('Webhook targets when private addresses are refused', () => {
  let testApp: TestApp;
  let api: ApiClient;

  beforeAll(async () => {
    testApp = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' });
    api = new ApiClient(testApp.server);
  });
  afterAll(() => testApp.close());

  it.each([
    'http://127.0.0.1:8080/hook',
    'http://localhost/hook',
    'http://10.0.0.8/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://[::1]/hook',
  ])('refuses %s with 400 on subscriberConfig.url', async (url) => {
    const tenant = await api.tenantWithKey();
    const storeId = (await api.createStore(tenant.key, { name: `ssrf-${Math.random().toString(36).slice(2, 8)}` }).expect(201)).body.id;
    const response = await api
      .http()
      .post(`/event-stores/${storeId}/subscribe`)
      .set(bearer(tenant.key))
      .send({ eventFilter: '*', subscriberConfig: { url } })
      .expect(400);
    expect(response.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { fields: [{ field: 'subscriberConfig.url', message: expect.stringMatching(/is not an allowed webhook target/) }] },
    });
    const listed = await api.http().get(`/event-stores/${storeId}/subscriptions`).set(bearer(tenant.key)).expect(200);
    expect(listed.body.totalCount).toBe(0);
  });

  it('gives the same refusal for a name resolving to a private address and for one that does not resolve', async () => {
    const tenant = await api.tenantWithKey();
    const storeId = (await api.createStore(tenant.key, { name: `ssrf-${Math.random().toString(36).slice(2, 8)}` }).expect(201)).body.id;
    const refusal = async (host: string) => {
      const response = await api
        .http()
        .post(`/event-stores/${storeId}/subscribe`)
        .set(bearer(tenant.key))
        .send({ eventFilter: '*', subscriberConfig: { url: `http://${host}/hook` } })
        .expect(400);
      expect(response.body.error.code).toBe('VALIDATION_ERROR');
      expect(response.body.error.details.fields).toEqual([{ field: 'subscriberConfig.url', message: expect.any(String) }]);
      return { message: response.body.error.message, field: response.body.error.details.fields[0].message.replace(host, '<host>') };
    };
    // localhost resolves (to loopback); .invalid never does (RFC 2606).
    const [resolvesPrivately, doesNotResolve] = [await refusal('localhost'), await refusal('no-such-host.invalid')];
    expect(doesNotResolve).toEqual(resolvesPrivately);
    expect(resolvesPrivately.field).not.toMatch(/127\.0\.0\.1|::1|resolve[sd]? to \d/);
  });
});

describe('Webhook subscriptions per store', () => {
  const cap = 3;
  let testApp: TestApp;
  let api: ApiClient;
  let tenant: TenantKey;

  const newStore = async () =>
    (await api.createStore(tenant.key, { name: `cap-${Math.random().toString(36).slice(2, 8)}` }).expect(201)).body.id as string;
  const subscribe = (storeId: string, path: string) =>
    api
      .http()
      .post(`/event-stores/${storeId}/subscribe`)
      .set(bearer(tenant.key))
      .send({ eventFilter: '*', subscriberConfig: { url: `http://127.0.0.1:9/${path}` } });
  const countOf = async (storeId: string) =>
    (await api.http().get(`/event-stores/${storeId}/subscriptions`).set(bearer(tenant.key)).expect(200)).body.totalCount;

  beforeAll(async () => {
    testApp = await startTestApp({ MAX_SUBSCRIPTIONS_PER_STORE: String(cap) });
    api = new ApiClient(testApp.server);
    tenant = await api.tenantWithKey();
  });
  afterAll(() => testApp.close());

  it('refuses a subscription past MAX_SUBSCRIPTIONS_PER_STORE with 429 RATE_LIMITED, storing nothing', async () => {
    const storeId = await newStore();
    for (let i = 0; i < cap; i++) await subscribe(storeId, `hook-${i}`).expect(201);
    const refused = await subscribe(storeId, 'one-too-many').expect(429);
    expect(refused.body).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message: expect.stringMatching(/already has 3 webhook subscriptions.*MAX_SUBSCRIPTIONS_PER_STORE.*delete one/),
        details: { limit: 'subscriptions', eventStoreId: storeId, maxSubscriptions: cap },
      },
    });
    expect(refused.headers['retry-after']).toBeUndefined();
    expect(await countOf(storeId)).toBe(cap);
  });

  it('still returns an identical subscription at the cap, counts each store apart, and makes room when one is deleted', async () => {
    const storeId = await newStore();
    const created = await Promise.all(Array.from({ length: cap }, (_, i) => subscribe(storeId, `hook-${i}`).expect(201)));
    expect((await subscribe(storeId, 'hook-0').expect(200)).body).toMatchObject({
      subscriptionId: created[0].body.subscriptionId,
      isExistingSubscription: true,
    });
    await subscribe(await newStore(), 'hook-0').expect(201);

    await api.http().delete(`/event-stores/${storeId}/subscriptions/${created[0].body.subscriptionId}`).set(bearer(tenant.key)).expect(200);
    await subscribe(storeId, 'after-delete').expect(201);
    await subscribe(storeId, 'past-the-cap-again').expect(429);
    expect(await countOf(storeId)).toBe(cap);
  });

  it('lets exactly the cap through when more creates arrive at once', async () => {
    const storeId = await newStore();
    const responses = await Promise.all(Array.from({ length: cap + 4 }, (_, i) => subscribe(storeId, `racing-${i}`)));
    expect(responses.filter((r) => r.status === 201)).toHaveLength(cap);
    expect(responses.filter((r) => r.status === 429)).toHaveLength(4);
    expect(await countOf(storeId)).toBe(cap);
  });
});

async function expectEventually(check: () => Promise<boolean>, timeoutMs = 10000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not true within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
