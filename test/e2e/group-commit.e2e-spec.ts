import { Client } from 'pg';
import type { Response } from 'supertest';
import { ApiClient, bearer, TenantKey } from '../support/api-client';
import { startTestApp, TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { AppendBatcher, BATCHES_IN_FLIGHT, SECOND_BATCH_MIN_BYTES } from '../../src/event-log/append/append-batcher';

/**
 * Group commit (issue 8) through the real HTTP path: appends that arrive while their store's
 * transaction is in flight are committed together, each decided as if it ran alone after the ones
 * before it. To make a batch on purpose, the test holds the store's row lock from its own
 * connection: the first append waits on it, and so does a filler append (a store has
 * BATCHES_IN_FLIGHT batches in PostgreSQL at once); the next ones queue behind them in the API, and
 * when the lock is released they go as one transaction (their rows then share one xmin).
 */
describe('Group commit of concurrent appends', () => {
  let testApp: TestApp;
  let api: ApiClient;
  let tenant: TenantKey;
  let storeId: string;
  let sql: Client;
  let second: TestApp | undefined;

  const event = (type: string, data: Record<string, unknown> = {}, tags?: string[]) => ({ type, data, ...(tags && { tags }) });
  const append = (streamId: string, body: Record<string, unknown>, idempotencyKey?: string) => {
    const request = api.http().post(`/event-stores/${storeId}/streams/${streamId}`).set(bearer(tenant.key));
    return (idempotencyKey ? request.set('Idempotency-Key', idempotencyKey) : request).send(body);
  };
  const appendDcb = (body: Record<string, unknown>) =>
    api.http().post(`/event-stores/${storeId}/events`).set(bearer(tenant.key)).send(body);
  const metrics = async () => (await api.http().get('/metrics').set(bearer(testApp.config.METRICS_TOKEN!)).expect(200)).text;
  const sample = (text: string, line: string) =>
    Number(
      text
        .split('\n')
        .find((entry) => entry.startsWith(line))
        ?.split(' ')
        .at(-1) ?? 0,
    );
  /** Batches committed so far with more than `size` requests (a bucket bound: 1, 2, 4, 8…), from the append_batch_requests histogram. */
  const batchesLargerThan = async (size: number) => {
    const text = await metrics();
    return sample(text, 'append_batch_requests_count') - sample(text, `append_batch_requests_bucket{le="${size}"}`);
  };
  /** The transaction (xmin) that wrote each of the store's events, by global position. */
  const transactionsByPosition = async () => {
    const { rows } = await sql.query(`SELECT global_position::int AS position, xmin::text AS xact FROM events WHERE event_store_id = $1`, [
      storeId,
    ]);
    return new Map(rows.map((row) => [row.position as number, row.xact as string]));
  };

  /**
   * Appends that wait on the lock in the other batches in flight, so that the rest queue in the API:
   * one `filler` event each, large enough to start another batch (SECOND_BATCH_MIN_BYTES).
   */
  const FILLERS = BATCHES_IN_FLIGHT - 1;

  /**
   * Runs `first` while the store's row is locked, waits until it blocks on the lock, then FILLERS
   * appends to stream `filler` (each blocked too, one position after `first`), sends `rest` (which
   * queue behind them in the API), then releases the lock. Resolves with every response.
   */
  async function inOneBatch(
    first: () => PromiseLike<Response>,
    rest: (() => PromiseLike<Response>)[],
  ): Promise<{ first: Response; rest: Response[] }> {
    const holder = new Client({ connectionString: testApp.database.url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM event_stores WHERE id = $1 FOR NO KEY UPDATE', [storeId]);
      const waitingOnLock = (count: number) =>
        waitFor(
          async () => {
            const { rows } = await sql.query(
              `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%append_batch%' AND datname = current_database()`,
            );
            return rows[0].waiting === count;
          },
          { timeoutMs: 10_000, intervalMs: 20, what: `${count} appends waiting on the lock` },
        );
      const firstResponse = Promise.resolve(first());
      await waitingOnLock(1);
      const fillers: PromiseLike<Response>[] = [];
      for (let n = 1; n <= FILLERS; n++) {
        fillers.push(Promise.resolve(append('filler', { events: [event('filler', { pad: 'x'.repeat(SECOND_BATCH_MIN_BYTES) })] })));
        await waitingOnLock(1 + n);
      }
      const restResponses = Promise.all(rest.map((send) => Promise.resolve(send())));
      // Long enough for the requests to pass authentication and validation and queue in the API;
      // if they had not, the xmin checks below would fail.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await holder.query('COMMIT');
      for (const filler of await Promise.all(fillers)) expect(filler.status).toBe(200);
      return { first: await firstResponse, rest: await restResponses };
    } finally {
      await holder.end();
    }
  }

  beforeAll(async () => {
    testApp = await startTestApp();
    api = new ApiClient(testApp.server);
    sql = new Client({ connectionString: testApp.database.url });
    await sql.connect();
  });
  beforeEach(async () => {
    tenant = await api.tenantWithKey();
    storeId = (await api.createStore(tenant.key, { name: `batch-${Math.random().toString(36).slice(2, 10)}` }).expect(201)).body.id;
  });
  afterAll(async () => {
    await sql.end();
    await second?.close();
    await testApp.close();
  });

  it('lets one request of a batch fail its expected version while the others append, in one transaction', async () => {
    // Payloads of different UTF-8 lengths, some with metadata: each event's text lies in the batch's bytes
    // after those of every request before it, refused ones included, so a wrong offset would store another's.
    const paid = (n: number) => ({ ...event('order.paid', { n, note: 'é'.repeat(n * 3) + '✓' }), metadata: { by: '👤'.repeat(n) } });
    const order2 = [event('order.created', { total: '€12' }), { ...event('order.paid', {}), metadata: { m: 'ü' } }];
    const { first, rest } = await inOneBatch(
      () => append('order-1', { events: [event('order.created')], expectedStreamVersion: 'no_stream' }),
      [
        ...[1, 2, 3].map((n) => () => append('order-1', { events: [paid(n)], expectedStreamVersion: 1 })),
        () => append('order-2', { events: order2, expectedStreamVersion: 'no_stream' }),
      ],
    );
    expect(first.status).toBe(200);
    const racers = rest.slice(0, 3);
    // Decided in arrival order: the first of the three finds version 1, the two after it find 2.
    expect(racers.map((response) => response.status).sort()).toEqual([200, 409, 409]);
    for (const refused of racers.filter((response) => response.status === 409)) {
      expect(refused.body.error).toMatchObject({ code: 'VERSION_CONFLICT', details: { expectedVersion: 1, currentVersion: 2 } });
    }
    const winner = racers.find((response) => response.status === 200)!;
    expect(winner.body).toMatchObject({ streamId: 'order-1', currentStreamVersion: 2 });
    expect(rest[3].status).toBe(200);
    expect(rest[3].body).toMatchObject({ streamId: 'order-2', eventsAppended: 2, currentStreamVersion: 2 });

    const xacts = await transactionsByPosition();
    expect([...xacts.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 4 + FILLERS }, (_, i) => i + 1));
    const batched = [winner.body.globalPosition, rest[3].body.globalPosition - 1, rest[3].body.globalPosition].map((position) =>
      xacts.get(position),
    );
    expect(new Set(batched).size).toBe(1);
    expect(batched[0]).not.toBe(xacts.get(first.body.globalPosition));
    // The streams hold exactly the events of the appends that were acknowledged, each with its own payloads.
    const read = async (streamId: string) =>
      (await api.http().get(`/event-stores/${storeId}/streams/${streamId}`).set(bearer(tenant.key)).expect(200)).body.events.map(
        ({ type, data, metadata }: { type: string; data: unknown; metadata?: unknown }) => ({
          type,
          data,
          ...(metadata ? { metadata } : {}),
        }),
      );
    const winnerN = racers.indexOf(winner) + 1;
    expect(await read('order-1')).toEqual([event('order.created'), paid(winnerN)]);
    expect(await read('order-2')).toEqual(order2);
  });

  it('lets only the first of two DCB claims of one value in a batch succeed', async () => {
    const claim = (user: string) =>
      appendDcb({
        events: [event('username.claimed', { user }, ['username:alice'])],
        condition: { failIfEventsMatch: { items: [{ types: ['username.claimed'], tags: ['username:alice'] }] } },
      });
    const batchesBefore = await batchesLargerThan(1);
    const { rest } = await inOneBatch(() => appendDcb({ events: [event('warmup')] }), [() => claim('first'), () => claim('second')]);
    expect((await batchesLargerThan(1)) - batchesBefore).toBe(1);

    expect(rest.map((response) => response.status).sort()).toEqual([200, 409]);
    const won = rest.find((response) => response.status === 200)!;
    const lost = rest.find((response) => response.status === 409)!;
    expect(lost.body).toMatchObject({ code: 'APPEND_CONDITION_FAILED', conflictingPositions: [won.body.lastPosition], afterPosition: 0 });
    const { rows } = await sql.query(`SELECT count(*)::int AS claims FROM events WHERE event_store_id = $1 AND type = 'username.claimed'`, [
      storeId,
    ]);
    expect(rows[0].claims).toBe(1);
  });

  it('lets a DCB condition see the stream events appended ahead of it in the same batch', async () => {
    const condition = { failIfEventsMatch: { items: [{ tags: ['username:bob'] }] } };
    const { rest } = await inOneBatch(
      () => appendDcb({ events: [event('warmup')] }),
      [
        () => append('user-1', { events: [event('user.registered', { name: 'bob' }, ['username:bob'])] }),
        () => appendDcb({ events: [event('username.claimed', {}, ['username:bob'])], condition }),
        () =>
          appendDcb({
            events: [event('username.claimed', {}, ['username:carol'])],
            condition: { failIfEventsMatch: { items: [{ tags: ['username:carol'] }] } },
          }),
      ],
    );
    const [registered, bob, carol] = rest;
    expect(registered.status).toBe(200);
    expect(bob.status).toBe(409);
    expect(bob.body).toMatchObject({ code: 'APPEND_CONDITION_FAILED', conflictingPositions: [registered.body.globalPosition] });
    expect(carol.status).toBe(200);
    const xacts = await transactionsByPosition();
    expect(xacts.get(registered.body.globalPosition)).toBe(xacts.get(carol.body.lastPosition));
    expect(carol.body.lastPosition).toBe(registered.body.globalPosition + 1);
  });

  it("matches a condition against the batch's own events as against stored ones: types ORed, tags ANDed, items ORed", async () => {
    const failIf = (...items: Record<string, string[]>[]) => ({ failIfEventsMatch: { items } });
    const { rest } = await inOneBatch(
      () => appendDcb({ events: [event('warmup')] }),
      [
        () => appendDcb({ events: [event('seat.booked', {}, ['flight:f1', 'seat:1a'])] }),
        // Both tags of the item must be on one event: seat 2a was never booked.
        () =>
          appendDcb({
            events: [event('seat.booked', {}, ['flight:f1', 'seat:2a'])],
            condition: failIf({ tags: ['flight:f1', 'seat:2a'] }),
          }),
        // Any of the item's types, without tags: the first booking matches.
        () => appendDcb({ events: [event('flight.closed')], condition: failIf({ types: ['flight.cancelled', 'seat.booked'] }) }),
        // Neither item matches anything in the batch or the store.
        () =>
          appendDcb({ events: [event('seat.booked', {}, ['flight:f2'])], condition: failIf({ tags: ['flight:f9'] }, { types: ['none'] }) }),
      ],
    );
    const [first, second, closed, other] = rest;
    expect([first.status, second.status, other.status]).toEqual([200, 200, 200]);
    expect(closed.status).toBe(409);
    expect(closed.body).toMatchObject({ conflictingPositions: [first.body.lastPosition, second.body.lastPosition] });
    const xacts = await transactionsByPosition();
    expect(xacts.get(first.body.lastPosition)).toBe(xacts.get(other.body.lastPosition));
  });

  it("checks the batch's own events for a condition that can match them, whichever of their tags it names first, and skips none that could", async () => {
    const failIf = (...items: Record<string, string[]>[]) => ({ failIfEventsMatch: { items } });
    const { rest } = await inOneBatch(
      () => appendDcb({ events: [event('warmup')] }),
      [
        () => appendDcb({ events: [event('seat.booked', {}, ['flight:f3', 'seat:3c'])] }),
        // The item's only tag is the booking's second one.
        () => appendDcb({ events: [event('seat.released', {}, ['seat:9z'])], condition: failIf({ tags: ['seat:3c'] }) }),
        // No event carries the first item's tag, but the second item has none and matches the booking by type.
        () => appendDcb({ events: [event('flight.closed')], condition: failIf({ tags: ['flight:f8'] }, { types: ['seat.booked'] }) }),
        // Tags that nothing in the batch or the store carries.
        () => appendDcb({ events: [event('seat.booked', {}, ['flight:f4'])], condition: failIf({ tags: ['flight:f8', 'seat:3c'] }) }),
      ],
    );
    const [booked, released, closed, other] = rest;
    expect([booked.status, released.status, closed.status, other.status]).toEqual([200, 409, 409, 200]);
    expect(released.body).toMatchObject({ code: 'APPEND_CONDITION_FAILED', conflictingPositions: [booked.body.lastPosition] });
    expect(closed.body).toMatchObject({ code: 'APPEND_CONDITION_FAILED', conflictingPositions: [booked.body.lastPosition] });
    const xacts = await transactionsByPosition();
    expect(xacts.get(booked.body.lastPosition)).toBe(xacts.get(other.body.lastPosition));
  });

  it('creates a stream appended to several times in one batch once, with exact version, size and counters', async () => {
    const { first, rest } = await inOneBatch(
      () => append('seed', { events: [event('seeded')] }),
      [1, 2, 3].map((n) => () => append('cart-7', { events: [event('item.added', { n }), event('item.priced', { n })] })),
    );
    expect(first.status).toBe(200);
    expect(rest.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(rest.map((response) => response.body.currentStreamVersion).sort()).toEqual([2, 4, 6]);
    const xacts = await transactionsByPosition();
    expect(new Set(rest.map((response) => xacts.get(response.body.globalPosition))).size).toBe(1);

    const { rows } = await sql.query(
      `SELECT version::int, event_count::int, size_bytes::int, last_global_position::int AS last FROM streams WHERE event_store_id = $1 AND stream_id = 'cart-7'`,
      [storeId],
    );
    // Six events of data {"n":<digit>}: 7 bytes each.
    expect(rows).toEqual([{ version: 6, event_count: 6, size_bytes: 42, last: 7 + FILLERS }]);
    const positions = await api.http().get(`/event-stores/${storeId}/streams/cart-7`).set(bearer(tenant.key)).expect(200);
    expect(positions.body.events.map((stored: { streamPosition: number }) => stored.streamPosition)).toEqual([0, 1, 2, 3, 4, 5]);
    const store = await api.http().get(`/event-stores/${storeId}`).set(bearer(tenant.key)).expect(200);
    expect(store.body.statistics).toMatchObject({ totalEvents: 7 + FILLERS, totalStreams: 2 + Math.min(FILLERS, 1) });
  });

  it('appends a key once within a batch: the others replay its response, another body with it is refused', async () => {
    const body = { events: [event('payment.captured', { amount: 42 })] };
    const batchesBefore = await batchesLargerThan(2);
    const { rest } = await inOneBatch(
      () => append('warmup', { events: [event('warmup')] }),
      [
        () => append('payment-1', body, 'pay-1'),
        () => append('payment-1', body, 'pay-1'),
        () => append('payment-1', body, 'pay-1'),
        () => append('payment-1', { events: [event('payment.captured', { amount: 43 })] }, 'pay-1'),
      ],
    );
    expect((await batchesLargerThan(2)) - batchesBefore).toBe(1);
    const same = rest.slice(0, 3);
    expect(same.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(same.filter((response) => response.headers['idempotent-replayed'] === 'true')).toHaveLength(2);
    for (const response of same) expect(response.body).toEqual(same[0].body);
    // Whether it came before or after the original, the other body cannot take the key.
    expect(rest[3].status).toBe(409);
    expect(rest[3].body.error).toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
    const stream = await api.http().get(`/event-stores/${storeId}/streams/payment-1`).set(bearer(tenant.key)).expect(200);
    expect(stream.body.events).toHaveLength(1);
  });

  it('never lets an invalid request into a batch, and fails only the request whose data PostgreSQL refuses', async () => {
    // A refusal only PostgreSQL can make, so the request joins the batch: a check this test adds,
    // failing on type "refused" with a data exception (as a value the store cannot hold would).
    await sql.query(`CREATE OR REPLACE FUNCTION test_refuse_type(t text) RETURNS boolean LANGUAGE plpgsql AS $$
      BEGIN IF t = 'refused' THEN RAISE EXCEPTION 'refused by the test' USING ERRCODE = '22P05'; END IF; RETURN true; END $$`);
    await sql.query(`ALTER TABLE events ADD CONSTRAINT test_refused_type_ck CHECK (test_refuse_type(type)) NOT VALID`);
    const { rest } = await inOneBatch(
      () => append('warmup', { events: [event('warmup')] }),
      [
        () => append('s-1', { events: [event('fine', { n: 1 })] }),
        () => append('s-1', { events: [{ type: 'has space', data: {} }] }),
        () => append('s-1', { events: [event('refused')] }),
        () => append('s-2', { events: [event('fine', { n: 2 })] }),
      ],
    );
    expect(rest.map((response) => response.status)).toEqual([200, 400, 400, 200]);
    expect(rest[1].body.error).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(rest[2].body.error).toMatchObject({ code: 'VALIDATION_ERROR' });
    const { rows } = await sql.query(`SELECT stream_id, xmin::text AS xact FROM events WHERE event_store_id = $1 AND type = 'fine'`, [
      storeId,
    ]);
    expect(rows.map((row) => row.stream_id).sort()).toEqual(['s-1', 's-2']);
    // The batch of three failed as a whole, then each request ran alone: two transactions wrote the two good ones.
    expect(new Set(rows.map((row) => row.xact)).size).toBe(2);
    await sql.query(`ALTER TABLE events DROP CONSTRAINT test_refused_type_ck`);
  });

  it('keeps positions gap-free and versions exact when two API instances batch appends to one store', async () => {
    // Closed in afterAll, with the first app (the two share a database, which the first one drops).
    second = await startTestApp({}, testApp.database);
    const instances = [api, new ApiClient(second.server)];
    const streams = 10;
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, n) =>
        instances[n % 2]
          .http()
          .post(`/event-stores/${storeId}/streams/s-${n % streams}`)
          .set(bearer(tenant.key))
          .send({ events: [event('x', { n })] }),
      ),
    );
    expect(responses.every((response) => response.status === 200)).toBe(true);
    const { rows } = await sql.query(
      `SELECT count(*)::int AS count, max(global_position)::int AS max, count(DISTINCT global_position)::int AS distinct,
              count(DISTINCT xmin::text)::int AS transactions
         FROM events WHERE event_store_id = $1`,
      [storeId],
    );
    expect(rows[0]).toMatchObject({ count: 200, max: 200, distinct: 200 });
    // Fewer transactions than appends: concurrent requests were committed together.
    expect(rows[0].transactions).toBeLessThan(200);
    // Every stream's version is its number of events, its positions 0..version-1.
    const versions = await sql.query(
      `SELECT count(*)::int AS streams, bool_and(s.version = e.stream_events AND s.version = e.next) AS exact FROM streams s
         JOIN LATERAL (SELECT count(*) AS stream_events, max(stream_position) + 1 AS next FROM events e
                        WHERE e.event_store_id = s.event_store_id AND e.stream_id = s.stream_id) e ON true
        WHERE s.event_store_id = $1`,
      [storeId],
    );
    expect(versions.rows[0]).toEqual({ streams, exact: true });
  });

  it("refuses the previous version's call (payloads inside the requests' JSON) rather than storing its events without their payloads", async () => {
    await append('order-9', { events: [event('order.created')] }).expect(200);
    const request = JSON.stringify([
      {
        kind: 'stream',
        streamId: 'order-9',
        expectedVersion: 'any',
        sizeBytes: 2,
        events: [{ type: 'order.paid', data: '{}', sizeBytes: 2 }],
      },
    ]);
    await expect(sql.query(`SELECT * FROM append_batch($1, $2::jsonb, 1000)`, [storeId, request])).rejects.toThrow(/does not exist/);
    const { rows } = await sql.query(`SELECT total_events::int, total_size_bytes::int FROM event_stores WHERE id = $1`, [storeId]);
    expect(rows).toEqual([{ total_events: 1, total_size_bytes: 2 }]);
  });

  it('commits the appends that reach an idle store in one turn of the event loop in one transaction, not the first alone', async () => {
    // Straight to the batcher, so that the three arrive in one turn for certain (over HTTP, they may or may not).
    const batcher = testApp.app.get(AppendBatcher);
    const outcomes = await Promise.all(
      ['a', 'b', 'c'].map((streamId) =>
        batcher.append(tenant.tenantId, storeId, { kind: 'stream', streamId, expectedVersion: undefined, events: [event('x')] }),
      ),
    );
    expect(outcomes.map(({ outcome }) => outcome)).toEqual(['appended', 'appended', 'appended']);
    const transactions = await transactionsByPosition();
    expect([...transactions.keys()].sort()).toEqual([1, 2, 3]);
    expect(new Set(transactions.values()).size).toBe(1);
  });

  it('counts batch sizes in the metrics', async () => {
    const before = await batchesLargerThan(4);
    await inOneBatch(
      () => append('warmup', { events: [event('warmup')] }),
      [1, 2, 3, 4, 5].map((n) => () => append(`s-${n}`, { events: [event('x')] })),
    );
    expect((await batchesLargerThan(4)) - before).toBe(1);
  });
});
