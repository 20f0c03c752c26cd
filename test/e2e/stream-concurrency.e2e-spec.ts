import { Client, Notification } from 'pg';
import type { Response } from 'supertest';
import { ApiClient, bearer, TenantKey } from '../support/api-client';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * The append contract under concurrency (issue 3, DECISIONS §2 and §5): expected-version races,
 * gap-free global positions, the order in which positions become visible, idempotency keys raced
 * by concurrent requests, and the NOTIFY change signal. Real HTTP, real PostgreSQL; every test
 * checks the responses and the stored rows.
 */

const event = (type: string, data: Record<string, unknown>) => ({ type, data });
const times = <T>(count: number, make: (index: number) => T): T[] => Array.from({ length: count }, (_unused, index) => make(index));
const statuses = (responses: Response[]) => responses.map((response) => response.status).sort();

describe('Stream appends under concurrency', () => {
  let testApp: TestApp;
  let api: ApiClient;
  let tenant: TenantKey;
  let store: string;
  let storeId: string;
  let sql: Client;

  const append = (streamId: string, body: Record<string, unknown>, idempotencyKey?: string) => {
    const request = api
      .http()
      .post(`/event-stores/${store}/streams/${encodeURIComponent(streamId)}`)
      .set(bearer(tenant.key));
    return (idempotencyKey === undefined ? request : request.set('Idempotency-Key', idempotencyKey)).send(body);
  };
  const readStream = (streamId: string) =>
    api
      .http()
      .get(`/event-stores/${store}/streams/${encodeURIComponent(streamId)}`)
      .query({ limit: 1000 })
      .set(bearer(tenant.key));
  const readAll = (fromGlobalPosition: number) =>
    api.http().get(`/event-stores/${store}/events`).query({ fromGlobalPosition, limit: 1000 }).set(bearer(tenant.key));
  const storedRows = async (streamId: string) =>
    (
      await sql.query(
        `SELECT global_position::int AS "globalPosition", stream_position::int AS "streamPosition", data, transaction_id AS "transactionId"
           FROM events WHERE event_store_id = $1 AND stream_id = $2 ORDER BY stream_position`,
        [storeId, streamId],
      )
    ).rows;
  /** count, min, max and distinct count of the store's global positions. */
  const positionSummary = async () =>
    (
      await sql.query(
        `SELECT count(*)::int AS count, min(global_position)::int AS min, max(global_position)::int AS max,
                count(DISTINCT global_position)::int AS distinct
           FROM events WHERE event_store_id = $1`,
        [storeId],
      )
    ).rows[0];

  beforeAll(async () => {
    // Generous limits: these tests send hundreds of requests and events within a minute.
    testApp = await startTestApp({ RATE_LIMIT_REQUESTS_PER_MINUTE: '1000000', RATE_LIMIT_EVENTS_PER_MINUTE: '10000000' });
    api = new ApiClient(testApp.server);
    sql = new Client({ connectionString: testApp.database.url });
    await sql.connect();
  });
  beforeEach(async () => {
    tenant = await api.tenantWithKey();
    store = `race-${Math.random().toString(36).slice(2, 8)}`;
    storeId = (await api.createStore(tenant.key, { name: store }).expect(201)).body.id;
  });
  afterAll(async () => {
    await sql?.end();
    await testApp?.close();
  });

  describe('expected-version races', () => {
    it('lets exactly one of 20 concurrent appends at the same expected version win, and stores only its events (5 rounds)', async () => {
      const streamId = 'account-1';
      await append(streamId, { events: [event('account.opened', { seed: 0 }), event('account.credited', { seed: 1 })] }).expect(200);
      const expectedRows: { round: number | null; contender: number | null }[] = [
        { round: null, contender: null },
        { round: null, contender: null },
      ];

      for (let round = 0; round < 5; round++) {
        const version = expectedRows.length;
        const responses = await Promise.all(
          times(20, (contender) =>
            append(streamId, {
              events: [event('account.debited', { round, contender, part: 0 }), event('account.debited', { round, contender, part: 1 })],
              expectedStreamVersion: version,
            }),
          ),
        );

        expect(statuses(responses)).toEqual([200, ...times(19, () => 409)]);
        const winner = responses.findIndex((response) => response.status === 200);
        expect(responses[winner].body).toEqual({
          streamId,
          eventsAppended: 2,
          currentStreamVersion: version + 2,
          globalPosition: version + 2,
        });
        for (const loser of responses.filter((response) => response.status === 409)) {
          expect(loser.body.error).toEqual({
            code: 'VERSION_CONFLICT',
            message: expect.any(String),
            details: { streamId, eventStoreId: storeId, expectedVersion: version, currentVersion: version + 2 },
          });
        }
        expectedRows.push({ round, contender: winner }, { round, contender: winner });

        const rows = await storedRows(streamId);
        expect(rows.map((row) => ({ round: row.data.round ?? null, contender: row.data.contender ?? null }))).toEqual(expectedRows);
        expect(rows.map((row) => row.streamPosition)).toEqual(times(rows.length, (index) => index));
        expect(rows.map((row) => row.globalPosition)).toEqual(times(rows.length, (index) => index + 1));
        const [first, second] = rows.slice(-2);
        expect(second.transactionId).toBe(first.transactionId);
      }

      const { body } = await readStream(streamId).expect(200);
      expect(body.streamVersion).toBe(12);
      expect(body.hasMore).toBe(false);
      expect(body.events.map((stored: { data: { contender?: number } }) => stored.data.contender ?? null)).toEqual(
        expectedRows.map((row) => row.contender),
      );
      expect(
        (await sql.query('SELECT version::int FROM streams WHERE event_store_id = $1 AND stream_id = $2', [storeId, streamId])).rows,
      ).toEqual([{ version: 12 }]);
    });

    it('lets exactly one of 20 concurrent no_stream appends create a new stream', async () => {
      const streamId = 'order-new';
      // Contender i appends i % 3 + 1 events, so each loser's currentVersion names the winner's size.
      const responses = await Promise.all(
        times(20, (contender) =>
          append(streamId, {
            events: times((contender % 3) + 1, (part) => event('order.created', { contender, part })),
            expectedStreamVersion: 'no_stream',
          }),
        ),
      );

      expect(statuses(responses)).toEqual([200, ...times(19, () => 409)]);
      const winner = responses.findIndex((response) => response.status === 200);
      const winnerSize = (winner % 3) + 1;
      expect(responses[winner].body).toEqual({
        streamId,
        eventsAppended: winnerSize,
        currentStreamVersion: winnerSize,
        globalPosition: winnerSize,
      });
      for (const loser of responses.filter((response) => response.status === 409)) {
        expect(loser.body.error.code).toBe('VERSION_CONFLICT');
        expect(loser.body.error.details).toEqual({
          streamId,
          eventStoreId: storeId,
          expectedVersion: 'no_stream',
          currentVersion: winnerSize,
        });
      }

      const rows = await storedRows(streamId);
      expect(rows.map((row) => row.data)).toEqual(times(winnerSize, (part) => ({ contender: winner, part })));
      const { body } = await readStream(streamId).expect(200);
      expect(body.streamVersion).toBe(winnerSize);
      expect(body.events.map((stored: { data: unknown }) => stored.data)).toEqual(rows.map((row) => row.data));
      const statistics = (await api.http().get(`/event-stores/${store}`).set(bearer(tenant.key)).expect(200)).body.statistics;
      expect(statistics).toMatchObject({ totalEvents: winnerSize, totalStreams: 1 });
    });
  });

  it('gives 50 concurrent appends to 50 streams the global positions 1..N with no gap and no duplicate', async () => {
    // A mix of sizes: 1, 2, 5 and 1 events, repeating.
    const sizes = times(50, (index) => [1, 2, 5, 1][index % 4]);
    const total = sizes.reduce((sum, size) => sum + size, 0);
    const responses = await Promise.all(
      sizes.map((size, index) => append(`item-${index}`, { events: times(size, (part) => event('item.added', { stream: index, part })) })),
    );

    expect(responses.map((response) => response.status)).toEqual(times(50, () => 200));
    expect(await positionSummary()).toEqual({ count: total, min: 1, max: total, distinct: total });

    // The responses' ranges [globalPosition - size + 1, globalPosition] tile 1..N exactly.
    const ranges = responses
      .map((response, index) => ({
        index,
        last: response.body.globalPosition as number,
        first: response.body.globalPosition - sizes[index] + 1,
      }))
      .sort((a, b) => a.first - b.first);
    ranges.forEach((range, order) => expect(range.first).toBe(order === 0 ? 1 : ranges[order - 1].last + 1));
    expect(ranges[ranges.length - 1].last).toBe(total);

    for (const [index, response] of responses.entries()) {
      expect(response.body).toEqual({
        streamId: `item-${index}`,
        eventsAppended: sizes[index],
        currentStreamVersion: sizes[index],
        globalPosition: expect.any(Number),
      });
      const rows = await storedRows(`item-${index}`);
      expect(rows.map((row) => row.streamPosition)).toEqual(times(sizes[index], (part) => part));
      expect(rows.map((row) => row.globalPosition)).toEqual(
        times(sizes[index], (part) => response.body.globalPosition - sizes[index] + 1 + part),
      );
      expect(rows.map((row) => row.data)).toEqual(times(sizes[index], (part) => ({ stream: index, part })));
      expect(new Set(rows.map((row) => row.transactionId)).size).toBe(1);
    }

    const streams = await sql.query(
      `SELECT s.stream_id, s.version::int AS version, s.last_global_position::int AS last,
              (SELECT max(global_position)::int FROM events e WHERE e.event_store_id = s.event_store_id AND e.stream_id = s.stream_id) AS max
         FROM streams s WHERE s.event_store_id = $1`,
      [storeId],
    );
    expect(streams.rows).toHaveLength(50);
    for (const row of streams.rows) {
      const index = Number(row.stream_id.slice('item-'.length));
      expect(row).toEqual({
        stream_id: `item-${index}`,
        version: sizes[index],
        last: responses[index].body.globalPosition,
        max: responses[index].body.globalPosition,
      });
    }
    const { rows: storeRows } = await sql.query(
      'SELECT last_position::int, total_events::int, total_streams::int FROM event_stores WHERE id = $1',
      [storeId],
    );
    expect(storeRows).toEqual([{ last_position: total, total_events: total, total_streams: 50 }]);
    const statistics = (await api.http().get(`/event-stores/${store}`).set(bearer(tenant.key)).expect(200)).body.statistics;
    expect(statistics).toMatchObject({ totalEvents: total, totalStreams: 50 });
  });

  it('never lets a reader polling fromGlobalPosition see a position before a lower one while writers append', async () => {
    const WRITERS = 8;
    const APPENDS_PER_WRITER = 25;
    const deadline = Date.now() + 15000;
    const acknowledged: { first: number; last: number; writer: number; append: number; streamId: string }[] = [];
    let writersDone = false;

    const writer = async (writerIndex: number) => {
      for (let index = 0; index < APPENDS_PER_WRITER; index++) {
        const streamId = `stream-${Math.floor(Math.random() * 12)}`;
        const size = 1 + Math.floor(Math.random() * 3);
        const response = await append(streamId, {
          events: times(size, (part) => event('thing.happened', { writer: writerIndex, append: index, part })),
        });
        expect(response.status).toBe(200);
        acknowledged.push({
          first: response.body.globalPosition - size + 1,
          last: response.body.globalPosition,
          writer: writerIndex,
          append: index,
          streamId,
        });
      }
    };

    const seen: { globalPosition: number; streamId: string; data: { writer: number; append: number; part: number } }[] = [];
    let pagesWhileWriting = 0;
    let reads = 0;
    const reader = async () => {
      let cursor = 0;
      const finalPosition = () => acknowledged.reduce((max, range) => Math.max(max, range.last), 0);
      while (!(writersDone && cursor === finalPosition())) {
        if (++reads > 20000 || Date.now() > deadline) throw new Error(`reader gave up at ${cursor} after ${reads} reads`);
        const writing = !writersDone;
        const { status, body } = await readAll(cursor + 1);
        expect(status).toBe(200);
        if (body.events.length === 0) continue;
        // The first event is exactly the next position, and the page has no hole: nothing is skipped.
        expect(body.events.map((stored: { globalPosition: number }) => stored.globalPosition)).toEqual(
          times(body.events.length, (index) => cursor + 1 + index),
        );
        seen.push(...body.events);
        cursor += body.events.length;
        if (writing) pagesWhileWriting++;
      }
    };

    const reading = reader();
    await Promise.all(times(WRITERS, (index) => writer(index))).finally(() => (writersDone = true));
    await reading;

    const total = acknowledged.reduce((sum, range) => sum + range.last - range.first + 1, 0);
    expect(acknowledged).toHaveLength(WRITERS * APPENDS_PER_WRITER);
    expect(seen).toHaveLength(total);
    expect(new Set(seen.map((stored) => stored.globalPosition)).size).toBe(total);
    expect(pagesWhileWriting).toBeGreaterThan(1);
    // Each acknowledged append is exactly what the reader saw at its positions.
    for (const range of acknowledged) {
      for (let position = range.first; position <= range.last; position++) {
        const stored = seen[position - 1];
        expect({ globalPosition: stored.globalPosition, streamId: stored.streamId, data: stored.data }).toEqual({
          globalPosition: position,
          streamId: range.streamId,
          data: { writer: range.writer, append: range.append, part: position - range.first },
        });
      }
    }
    expect(await positionSummary()).toEqual({ count: total, min: 1, max: total, distinct: total });
  });

  describe('idempotency keys under concurrency', () => {
    it('appends once for 10 concurrent requests with one key: one original response, nine marked replays', async () => {
      const body = { events: [event('payment.requested', { amount: 42 }), event('payment.authorised', { amount: 42 })] };
      const responses = await Promise.all(times(10, () => append('payment-1', body, 'pay-once')));

      expect(responses.map((response) => response.status)).toEqual(times(10, () => 200));
      const expected = { streamId: 'payment-1', eventsAppended: 2, currentStreamVersion: 2, globalPosition: 2 };
      for (const response of responses) expect(response.body).toEqual(expected);
      const replayedHeaders = responses.map((response) => response.headers['idempotent-replayed']);
      expect(replayedHeaders.filter((header) => header === undefined)).toHaveLength(1);
      expect(replayedHeaders.filter((header) => header === 'true')).toHaveLength(9);

      const rows = await storedRows('payment-1');
      expect(rows.map((row) => row.data)).toEqual([{ amount: 42 }, { amount: 42 }]);
      expect(await positionSummary()).toEqual({ count: 2, min: 1, max: 2, distinct: 2 });
      const keys = await sql.query('SELECT key, result IS NOT NULL AS completed FROM idempotency_keys WHERE event_store_id = $1', [
        storeId,
      ]);
      expect(keys.rows).toEqual([{ key: 'pay-once', completed: true }]);
    });

    // Each key claim's foreign-key check holds KEY SHARE on the store row while the append locks that
    // row: this once deadlocked (500s) until the append took FOR NO KEY UPDATE instead of FOR UPDATE.
    it('serves concurrent appends with different keys to one store, each appending once', async () => {
      const responses = await Promise.all(
        times(10, (index) => append(`keyed-${index % 3}`, { events: [event('keyed', { index })] }, `key-${index}`)),
      );

      expect(responses.map((response) => response.status)).toEqual(times(10, () => 200));
      expect(responses.map((response) => response.headers['idempotent-replayed'])).toEqual(times(10, () => undefined));
      expect(await positionSummary()).toEqual({ count: 10, min: 1, max: 10, distinct: 10 });
      expect(Number((await sql.query('SELECT count(*) FROM idempotency_keys WHERE event_store_id = $1', [storeId])).rows[0].count)).toBe(
        10,
      );
    });

    it('does not remember a key whose request failed with 409: the same request succeeds later and appends', async () => {
      const body = { events: [event('seat.reserved', { seat: '12A' })], expectedStreamVersion: 1 };
      const failed = await append('flight-7', body, 'reserve-12A').expect(409);
      expect(failed.body.error).toMatchObject({ code: 'VERSION_CONFLICT', details: { expectedVersion: 1, currentVersion: 0 } });
      expect((await sql.query('SELECT key FROM idempotency_keys WHERE event_store_id = $1', [storeId])).rows).toEqual([]);

      // Bring the stream to the version the request expects.
      await append('flight-7', { events: [event('flight.scheduled', {})] }).expect(200);
      const succeeded = await append('flight-7', body, 'reserve-12A').expect(200);
      expect(succeeded.headers['idempotent-replayed']).toBeUndefined();
      expect(succeeded.body).toEqual({ streamId: 'flight-7', eventsAppended: 1, currentStreamVersion: 2, globalPosition: 2 });
      const replay = await append('flight-7', body, 'reserve-12A').expect(200);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body).toEqual(succeeded.body);

      expect((await storedRows('flight-7')).map((row) => row.data)).toEqual([{}, { seat: '12A' }]);
    });
  });

  describe('change signal', () => {
    let listener: Client;
    const notifications: Notification[] = [];
    const ofThisStore = () =>
      notifications.filter((notification) => notification.payload?.startsWith(`${storeId}:`)).map((notification) => notification.payload);
    /** Polls (bounded) until the store's notifications include `payload`. */
    const waitForPayload = async (payload: string) => {
      for (let attempt = 0; attempt < 200 && !ofThisStore().includes(payload); attempt++)
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(ofThisStore()).toContain(payload);
    };

    beforeAll(async () => {
      listener = new Client({ connectionString: testApp.database.url });
      await listener.connect();
      listener.on('notification', (notification) => notifications.push(notification));
      await listener.query('LISTEN event_store_appends');
    });
    afterAll(() => listener?.end());

    it('notifies <storeId>:<last global position> on event_store_appends once an append commits, and nothing for a failed one', async () => {
      expect(storeId).toMatch(/^es_/);
      const first = await append('signal-1', { events: [event('a', {}), event('b', {}), event('c', {})] }).expect(200);
      expect(first.body.globalPosition).toBe(3);
      await waitForPayload(`${storeId}:3`);
      expect(notifications.find((notification) => notification.payload === `${storeId}:3`)?.channel).toBe('event_store_appends');
      // By the time the signal arrives, the events it announces are readable.
      expect((await positionSummary()).max).toBe(3);

      await append('signal-1', { events: [event('d', {})], expectedStreamVersion: 0 }).expect(409);
      await append('signal-1', { events: [event('d', {})], expectedStreamVersion: 'no_stream' }, 'failing-key').expect(409);
      await append('signal-2', { events: [event('e', {}), event('f', {})] }).expect(200);
      // Notifications arrive in commit order: once the later append's is here, a failed one's would be too.
      await waitForPayload(`${storeId}:5`);
      expect(ofThisStore()).toEqual([`${storeId}:3`, `${storeId}:5`]);
    });
  });
});
