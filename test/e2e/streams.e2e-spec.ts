import { Client } from 'pg';
import { ApiClient, bearer, TenantKey } from '../support/api-client';
import { startTestApp, TestApp } from '../support/test-app';

const ISO_MILLIS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const event = (type: string, data: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({ type, data, ...extra });
const fieldsOf = (body: { error: { details: { fields: { field: string }[] } } }) => body.error.details.fields.map((f) => f.field);

describe('Streams and events', () => {
  let testApp: TestApp;
  let api: ApiClient;
  let tenant: TenantKey;
  let storeId: string;
  let store: string;
  let sql: Client;

  const append = (streamId: string, body: Record<string, unknown>, ref = store) =>
    api
      .http()
      .post(`/event-stores/${ref}/streams/${encodeURIComponent(streamId)}`)
      .set(bearer(tenant.key))
      .send(body);
  const read = (streamId: string, query: Record<string, unknown> = {}) =>
    api
      .http()
      .get(`/event-stores/${store}/streams/${encodeURIComponent(streamId)}`)
      .query(query)
      .set(bearer(tenant.key));
  const readAll = (query: Record<string, unknown> = {}) =>
    api.http().get(`/event-stores/${store}/events`).query(query).set(bearer(tenant.key));
  const rowCount = async (streamId: string) =>
    Number(
      (await sql.query('SELECT count(*) FROM events WHERE event_store_id = $1 AND stream_id = $2', [storeId, streamId])).rows[0].count,
    );

  beforeAll(async () => {
    testApp = await startTestApp();
    api = new ApiClient(testApp.server);
    sql = new Client({ connectionString: testApp.database.url });
    await sql.connect();
  });
  beforeEach(async () => {
    tenant = await api.tenantWithKey();
    store = `store-${Math.random().toString(36).slice(2, 8)}`;
    storeId = (await api.createStore(tenant.key, { name: store }).expect(201)).body.id;
  });
  afterAll(async () => {
    await sql.end();
    await testApp.close();
  });

  describe('appending (family A)', () => {
    it('appends with 200 and reports the stream version and the last global position', async () => {
      const first = await append('order-1', { events: [event('order.created'), event('order.paid')] }).expect(200);
      expect(first.body).toEqual({ streamId: 'order-1', eventsAppended: 2, currentStreamVersion: 2, globalPosition: 2 });
      const other = await append('order-2', { events: [event('order.created')] }).expect(200);
      expect(other.body).toEqual({ streamId: 'order-2', eventsAppended: 1, currentStreamVersion: 1, globalPosition: 3 });
      const again = await append('order-1', { events: [event('order.shipped')] }, storeId).expect(200);
      expect(again.body).toEqual({ streamId: 'order-1', eventsAppended: 1, currentStreamVersion: 3, globalPosition: 4 });
    });

    it('stores every field of every event as documented', async () => {
      const data = { nested: { list: [1, 'two', null, { deep: true }] }, unicode: 'ünïcødé ✓', empty: {} };
      await append('cart:9', {
        events: [
          event('cart.opened', data, { metadata: { correlationId: 'c-1' }, tags: ['customer:7', 'cart:9'], schemaVersion: '2' }),
          event('cart.closed'),
        ],
      }).expect(200);
      await append('cart:9', { events: [event('cart.reopened')] }).expect(200);

      const { body } = await read('cart:9').expect(200);
      expect(body.events).toHaveLength(3);
      const [opened, closed, reopened] = body.events;
      expect(opened).toEqual({
        streamId: 'cart:9',
        streamPosition: 0,
        globalPosition: 1,
        eventId: expect.stringMatching(UUID),
        type: 'cart.opened',
        data,
        metadata: { correlationId: 'c-1' },
        tags: ['customer:7', 'cart:9'],
        schemaVersion: '2',
        transactionId: expect.stringMatching(UUID),
        createdAt: expect.stringMatching(ISO_MILLIS),
      });
      expect(Object.keys(closed)).not.toEqual(expect.arrayContaining(['metadata']));
      expect(closed).not.toHaveProperty('tags');
      expect(closed.schemaVersion).toBe('1');
      expect(closed.transactionId).toBe(opened.transactionId);
      expect(reopened.transactionId).not.toBe(opened.transactionId);
      expect(new Set(body.events.map((e: { eventId: string }) => e.eventId)).size).toBe(3);
      expect(Date.parse(reopened.createdAt)).toBeGreaterThanOrEqual(Date.parse(opened.createdAt));
    });

    describe('expectedStreamVersion', () => {
      beforeEach(async () => {
        await append('acct-1', { events: [event('opened'), event('credited')] }).expect(200);
      });

      it.each([
        ['the exact version', 2],
        ['stream_exists', 'stream_exists'],
        ['any', 'any'],
      ])('accepts %s on an existing stream', async (_case, expected) => {
        await append('acct-1', { events: [event('debited')], expectedStreamVersion: expected }).expect(200);
      });

      it.each([
        ['no_stream', 'no_stream'],
        ['-1 (no_stream)', -1],
        ['0', 0],
      ])('accepts %s on a new stream', async (_case, expected) => {
        await append('acct-new', { events: [event('opened')], expectedStreamVersion: expected }).expect(200);
      });

      it.each([
        ['a stale version', 1, 'acct-1', 2],
        ['a future version', 5, 'acct-1', 2],
        ['no_stream on an existing stream', 'no_stream', 'acct-1', 2],
        ['-1 on an existing stream', -1, 'acct-1', 2],
        ['stream_exists on a new stream', 'stream_exists', 'acct-none', 0],
      ])('refuses %s with 409 VERSION_CONFLICT and writes nothing', async (_case, expected, streamId, current) => {
        const before = await rowCount(streamId);
        const response = await append(streamId, { events: [event('debited'), event('debited')], expectedStreamVersion: expected }).expect(
          409,
        );
        expect(response.body.error).toEqual({
          code: 'VERSION_CONFLICT',
          message: expect.any(String),
          details: { streamId, eventStoreId: storeId, expectedVersion: expected, currentVersion: current },
        });
        expect(await rowCount(streamId)).toBe(before);
        const stats = (await api.http().get(`/event-stores/${store}`).set(bearer(tenant.key))).body.statistics;
        expect(stats.totalEvents).toBe(2);
      });

      it.each([-2, 1.5, '2', 'latest', null, true])('refuses %p with 400', async (expected) => {
        const response = await append('acct-1', { events: [event('x')], expectedStreamVersion: expected }).expect(400);
        expect(fieldsOf(response.body)).toEqual(['expectedStreamVersion']);
      });
    });

    describe('validation (all or nothing)', () => {
      it.each([
        ['no events', { events: [] }, 'events'],
        ['events not a list', { events: { type: 'x', data: {} } }, 'events'],
        ['more than 1000 events', { events: Array.from({ length: 1001 }, () => event('x')) }, 'events'],
        ['a type with a space', { events: [event('order created')] }, 'events.0.type'],
        ['an empty type', { events: [event('')] }, 'events.0.type'],
        ['a type over 255 characters', { events: [event('t'.repeat(256))] }, 'events.0.type'],
        ['data that is a list', { events: [{ type: 'x', data: [1] }] }, 'events.0.data'],
        ['data missing', { events: [{ type: 'x' }] }, 'events.0.data'],
        ['metadata that is a string', { events: [event('x', {}, { metadata: 'm' })] }, 'events.0.metadata'],
        ['a tag with a comma', { events: [event('x', {}, { tags: ['a,b'] })] }, 'events.0.tags'],
        ['more than 50 tags', { events: [event('x', {}, { tags: Array.from({ length: 51 }, (_, i) => `t${i}`) })] }, 'events.0.tags'],
        ['a bad event after good ones', { events: [event('ok'), event('ok'), { type: 'x', data: 'no' }] }, 'events.2.data'],
        ['an event that is a list', { events: [[]] }, 'events'],
        ['an event that is a list of events', { events: [[event('x')]] }, 'events'],
      ])('refuses %s with 400 naming the field, and stores nothing', async (_case, body, field) => {
        const response = await append('v-1', body).expect(400);
        expect(response.body.error.code).toBe('VALIDATION_ERROR');
        expect(fieldsOf(response.body)).toContain(field);
        expect(await rowCount('v-1')).toBe(0);
      });

      it('accepts 1000 events in one append', async () => {
        const response = await append('bulk', { events: Array.from({ length: 1000 }, (_, i) => event('bulk.item', { i })) }).expect(200);
        expect(response.body).toMatchObject({ eventsAppended: 1000, currentStreamVersion: 1000, globalPosition: 1000 });
        expect(await rowCount('bulk')).toBe(1000);
      });

      it.each([
        ['the reserved DCB stream', '__dcb__'],
        ['a control character', 'a\u0001b'],
        ['more than 255 characters', 's'.repeat(256)],
      ])('refuses a stream id with %s', async (_case, streamId) => {
        const response = await append(streamId, { events: [event('x')] }).expect(400);
        expect(fieldsOf(response.body)).toContain('streamId');
        await read(streamId).expect(400);
      });

      it('answers 404 for an unknown store and 403 without the write scope', async () => {
        await append('s', { events: [event('x')] }, 'no-such-store').expect(404);
        const reader = await api.keyFor(tenant.tenantId, ['read']);
        await api
          .http()
          .post(`/event-stores/${store}/streams/s`)
          .set(bearer(reader.key))
          .send({ events: [event('x')] })
          .expect(403);
        const writer = await api.keyFor(tenant.tenantId, ['write']);
        await api.http().get(`/event-stores/${store}/events`).set(bearer(writer.key)).expect(403);
      });
    });

    it('enforces maxStreamSizeBytes atomically with 409 STREAM_SIZE_EXCEEDED', async () => {
      const limited = (await api.createStore(tenant.key, { name: `${store}-small`, settings: { maxStreamSizeBytes: 40 } }).expect(201))
        .body;
      // {"n":1} is 7 bytes, {"m":"x"} 9: 16 per event with metadata.
      const withMeta = event('x', { n: 1 }, { metadata: { m: 'x' } });
      await append('s', { events: [withMeta, withMeta] }, limited.name).expect(200);
      const refused = await append('s', { events: [withMeta] }, limited.name).expect(409);
      expect(refused.body.error).toEqual({
        code: 'STREAM_SIZE_EXCEEDED',
        message: expect.any(String),
        details: { streamId: 's', eventStoreId: limited.id, currentSizeBytes: 32, appendSizeBytes: 16, maxStreamSizeBytes: 40 },
      });
      await append('s', { events: [event('x', { n: 1 })] }, limited.name).expect(200);
      await append('other', { events: [withMeta, withMeta] }, limited.name).expect(200);
      const streams = await api.http().get(`/event-stores/${limited.name}/streams`).set(bearer(tenant.key)).expect(200);
      expect(streams.body.streams.map((s: { streamId: string; sizeBytes: number }) => [s.streamId, s.sizeBytes])).toEqual([
        ['s', 39],
        ['other', 32],
      ]);
    });

    it('keeps the store statistics true', async () => {
      await append('a-1', { events: [event('x', { n: 1 }), event('y')] }).expect(200);
      await append('b-1', { events: [event('x', {}, { metadata: { k: 'v' } })] }).expect(200);
      const all = (await readAll().expect(200)).body.events;
      const { statistics } = (await api.http().get(`/event-stores/${store}`).set(bearer(tenant.key)).expect(200)).body;
      expect(statistics).toEqual({
        totalStreams: 2,
        totalEvents: 3,
        databaseSizeBytes: 7 + 2 + 2 + 9,
        oldestEventTimestamp: all[0].createdAt,
        newestEventTimestamp: all[2].createdAt,
      });
    });
  });

  describe('reading a stream (family A)', () => {
    beforeEach(async () => {
      await append('log', { events: Array.from({ length: 10 }, (_, i) => event('log.line', { i })) }).expect(200);
    });
    const positions = (body: { events: { streamPosition: number }[] }) => body.events.map((e) => e.streamPosition);

    it('reads forward from the start by default', async () => {
      const { body } = await read('log').expect(200);
      expect(body).toMatchObject({ streamId: 'log', streamVersion: 10, hasMore: false });
      expect(positions(body)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    });

    it('pages with limit and says when more follow', async () => {
      const first = (await read('log', { limit: 4 }).expect(200)).body;
      expect(positions(first)).toEqual([0, 1, 2, 3]);
      expect(first.hasMore).toBe(true);
      const last = (await read('log', { limit: 4, fromStreamPosition: 8 }).expect(200)).body;
      expect(positions(last)).toEqual([8, 9]);
      expect(last.hasMore).toBe(false);
      const exact = (await read('log', { limit: 2, fromStreamPosition: 8 }).expect(200)).body;
      expect(exact.hasMore).toBe(false);
    });

    it('bounds the range inclusively on both ends', async () => {
      const { body } = await read('log', { fromStreamPosition: 3, toStreamPosition: 6 }).expect(200);
      expect(positions(body)).toEqual([3, 4, 5, 6]);
      expect((await read('log', { fromStreamPosition: 3, toStreamPosition: 6, limit: 4 })).body.hasMore).toBe(false);
      expect((await read('log', { fromStreamPosition: 3, toStreamPosition: 6, limit: 3 })).body.hasMore).toBe(true);
    });

    it('reads backward from toStreamPosition, or from the newest event, down to fromStreamPosition', async () => {
      expect(positions((await read('log', { direction: 'backward', limit: 3 }).expect(200)).body)).toEqual([9, 8, 7]);
      expect(
        positions((await read('log', { direction: 'backward', toStreamPosition: 5, fromStreamPosition: 3 }).expect(200)).body),
      ).toEqual([5, 4, 3]);
      const page = (await read('log', { direction: 'backward', toStreamPosition: 5, limit: 2 }).expect(200)).body;
      expect(positions(page)).toEqual([5, 4]);
      expect(page.hasMore).toBe(true);
    });

    it('answers 404 STREAM_NOT_FOUND for a stream never appended to', async () => {
      const response = await read('never').expect(404);
      expect(response.body.error).toEqual({
        code: 'STREAM_NOT_FOUND',
        message: expect.any(String),
        details: { streamId: 'never', eventStoreId: storeId },
      });
    });

    it('returns no events, not 404, for a range past the end', async () => {
      const { body } = await read('log', { fromStreamPosition: 50 }).expect(200);
      expect(body).toMatchObject({ events: [], hasMore: false, streamVersion: 10 });
    });

    it.each([{ limit: 0 }, { limit: 1001 }, { direction: 'sideways' }, { fromStreamPosition: -1 }, { toStreamPosition: 'x' }])(
      'refuses %p with 400',
      async (query) => {
        await read('log', query).expect(400);
      },
    );
  });

  describe('family B (JWT)', () => {
    let token: string;
    const appendB = (streamId: string, body: Record<string, unknown>) =>
      api.http().post(`/api/event-stores/${store}/streams/${streamId}/events`).set(bearer(token)).send(body);
    const readB = (streamId: string, query: Record<string, unknown> = {}) =>
      api.http().get(`/api/event-stores/${store}/streams/${streamId}/events`).query(query).set(bearer(token));

    beforeEach(async () => {
      token = await api.accessToken(tenant.key);
    });

    it('appends with 201 and the family B body', async () => {
      const response = await appendB('inv-1', { events: [event('invoice.issued'), event('invoice.sent')] }).expect(201);
      expect(response.body).toEqual({
        success: true,
        streamId: 'inv-1',
        eventsWritten: 2,
        nextExpectedStreamVersion: 2,
        currentStreamVersion: 2,
        globalPosition: 2,
      });
    });

    it('takes the expected version at the top level or under options', async () => {
      await appendB('inv-2', { events: [event('a')], options: { expectedStreamVersion: 'no_stream' } }).expect(201);
      const conflict = await appendB('inv-2', { events: [event('b')], options: { expectedStreamVersion: 'no_stream' } }).expect(409);
      expect(conflict.body).toEqual({
        error: 'VERSION_CONFLICT',
        message: expect.any(String),
        details: expect.objectContaining({ currentVersion: 1 }),
      });
      await appendB('inv-2', { events: [event('b')], expectedStreamVersion: 1 }).expect(201);
      await appendB('inv-2', { events: [event('c')], options: { expectedStreamVersion: 'soon' } }).expect(400);
    });

    it('refuses an event that is a list with 400 naming events, flat', async () => {
      const response = await appendB('inv-3', { events: [[]] }).expect(400);
      expect(response.body).toMatchObject({
        error: 'VALIDATION_ERROR',
        details: { fields: [expect.objectContaining({ field: 'events' })] },
      });
    });

    it('reads from (inclusive) to (exclusive), at most maxCount', async () => {
      await appendB('inv-3', { events: Array.from({ length: 6 }, (_, i) => event('line', { i })) }).expect(201);
      const all = (await readB('inv-3').expect(200)).body;
      expect(all).toMatchObject({ streamId: 'inv-3', currentStreamVersion: 6, hasMore: false });
      expect(all.events).toHaveLength(6);
      const range = (await readB('inv-3', { from: 1, to: 4 }).expect(200)).body;
      expect(range.events.map((e: { streamPosition: number }) => e.streamPosition)).toEqual([1, 2, 3]);
      const capped = (await readB('inv-3', { maxCount: 2 }).expect(200)).body;
      expect(capped.events).toHaveLength(2);
      expect(capped.hasMore).toBe(true);
      expect((await readB('inv-3', { from: 2, to: 2 }).expect(200)).body.events).toEqual([]);
      await readB('inv-3', { maxCount: 1001 }).expect(400);
    });

    it('answers 404 for an unknown stream and 400 for the DCB stream, flat', async () => {
      const missing = await readB('nope').expect(404);
      expect(missing.body).toEqual({
        error: 'STREAM_NOT_FOUND',
        message: expect.any(String),
        details: { streamId: 'nope', eventStoreId: storeId },
      });
      const reserved = await appendB('__dcb__', { events: [event('x')] }).expect(400);
      expect(reserved.body.error).toBe('VALIDATION_ERROR');
    });

    it('shares streams with family A', async () => {
      await append('shared', { events: [event('from.a')] }).expect(200);
      await appendB('shared', { events: [event('from.b')], expectedStreamVersion: 1 }).expect(201);
      expect((await read('shared')).body.events.map((e: { type: string }) => e.type)).toEqual(['from.a', 'from.b']);
    });
  });

  describe('reading across the store', () => {
    let created: string[];
    beforeEach(async () => {
      await append('user-1', { events: [event('user.created'), event('user.renamed')] }).expect(200);
      await append('order-1', { events: [event('order.created'), event('order.line.added')] }).expect(200);
      await append('user-2', { events: [event('user.created')] }).expect(200);
      await append('order-2', { events: [event('order.cancelled'), event('user.recreated')] }).expect(200);
      created = (await readAll()).body.events.map((e: { createdAt: string }) => e.createdAt);
    });
    const globals = (response: { body: { events: { globalPosition: number }[] } }) => response.body.events.map((e) => e.globalPosition);

    it('returns every event in global order by default', async () => {
      const response = await readAll().expect(200);
      expect(globals(response)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(response.body.hasMore).toBe(false);
      expect(Object.keys(response.body)).toEqual(['events', 'hasMore']);
    });

    it.each([
      ['an exact type', 'user.created', [1, 5]],
      ['two exact types', 'user.created,order.cancelled', [1, 5, 6]],
      ['a prefix pattern', 'order.*', [3, 4, 6]],
      ['a suffix pattern', '*.created', [1, 3, 5]],
      ['a pattern and a type', '*.created,user.renamed', [1, 2, 3, 5]],
      ['everything', '*', [1, 2, 3, 4, 5, 6, 7]],
    ])('filters by %s', async (_case, types, expected) => {
      expect(globals(await readAll({ types }).expect(200))).toEqual(expected);
    });

    it('filters by streams and combines filters', async () => {
      expect(globals(await readAll({ streams: 'user-1,order-2' }).expect(200))).toEqual([1, 2, 6, 7]);
      expect(globals(await readAll({ streams: 'user-1,user-2', types: 'user.created' }).expect(200))).toEqual([1, 5]);
    });

    it('starts at fromGlobalPosition (inclusive) in either direction', async () => {
      expect(globals(await readAll({ fromGlobalPosition: 5 }).expect(200))).toEqual([5, 6, 7]);
      expect(globals(await readAll({ fromGlobalPosition: 3, direction: 'backward' }).expect(200))).toEqual([3, 2, 1]);
      expect(globals(await readAll({ direction: 'backward', limit: 2 }).expect(200))).toEqual([7, 6]);
    });

    it('pages with limit and offset', async () => {
      const page = await readAll({ limit: 3, offset: 2 }).expect(200);
      expect(globals(page)).toEqual([3, 4, 5]);
      expect(page.body.hasMore).toBe(true);
      expect((await readAll({ limit: 3, offset: 4 })).body.hasMore).toBe(false);
    });

    it('filters by creation time with exclusive bounds', async () => {
      const newest = created[created.length - 1];
      const afterNewest = await readAll({ after: newest }).expect(200);
      expect(afterNewest.body.events).toEqual([]);
      const beforeFirst = await readAll({ before: created[0] }).expect(200);
      expect(beforeFirst.body.events).toEqual([]);
      const window = globals(await readAll({ after: '2000-01-01T00:00:00Z', before: '2999-01-01T00:00:00.000Z' }).expect(200));
      expect(window).toEqual([1, 2, 3, 4, 5, 6, 7]);
      const strictlyAfterFirst = globals(await readAll({ after: created[0] }).expect(200));
      expect(strictlyAfterFirst.every((position) => created[position - 1] > created[0])).toBe(true);
    });

    it.each([
      { types: 'a b' },
      { types: 'user*' },
      { types: '**' },
      { after: 'yesterday' },
      { before: '2026-13-01T00:00:00Z' },
      { limit: 1001 },
      { direction: 'up' },
      { fromGlobalPosition: -1 },
    ])('refuses %p with 400', async (query) => {
      const response = await readAll(query).expect(400);
      expect(response.body.error.code).toBe('VALIDATION_ERROR');
    });

    // ISO 8601 forms PostgreSQL cannot read (they were 500s): refused as the client's mistake, naming the parameter.
    it.each(['2024', '2024-W01', '2024-01-01T00', '+2024-01-01', '2024-001', '0000-01-01', '2024-01-01T10:00:00+25:00', '2024-02-30'])(
      'refuses %s as after and as before with 400 naming the parameter',
      async (instant) => {
        for (const parameter of ['after', 'before']) {
          const response = await readAll({ [parameter]: instant }).expect(400);
          expect(fieldsOf(response.body)).toEqual([parameter]);
        }
      },
    );

    it.each(['2024-01-01', '2024-01-01T10:00Z', '2024-01-01T10:00:00.123456+02:00'])('accepts the RFC 3339 instant %s', async (instant) => {
      await readAll({ after: instant }).expect(200);
    });
  });

  describe('listing streams', () => {
    beforeEach(async () => {
      await append('order-1', { events: [event('a', { x: 1 })] }).expect(200);
      await append('user_7', { events: [event('b'), event('c')] }).expect(200);
      await append('order:2', { events: [event('d')] }).expect(200);
      await append('plain', { events: [event('e')] }).expect(200);
    });
    const list = (query: Record<string, unknown> = {}) =>
      api.http().get(`/event-stores/${store}/streams`).query(query).set(bearer(tenant.key));

    it('lists streams oldest first with their summary and pagination', async () => {
      const { body } = await list().expect(200);
      expect(body.pagination).toEqual({ limit: 100, offset: 0, total: 4, hasMore: false });
      expect(body.streams.map((s: { streamId: string; streamType: string }) => [s.streamId, s.streamType])).toEqual([
        ['order-1', 'order'],
        ['user_7', 'user'],
        ['order:2', 'order'],
        ['plain', 'plain'],
      ]);
      expect(body.streams[1]).toEqual({
        streamId: 'user_7',
        streamType: 'user',
        streamVersion: 2,
        lastGlobalPosition: 3,
        sizeBytes: 4,
        createdAt: expect.stringMatching(ISO_MILLIS),
        updatedAt: expect.stringMatching(ISO_MILLIS),
      });
    });

    it('filters by streamType and pages', async () => {
      const orders = (await list({ streamType: 'order' }).expect(200)).body;
      expect(orders.streams.map((s: { streamId: string }) => s.streamId)).toEqual(['order-1', 'order:2']);
      expect(orders.pagination.total).toBe(2);
      const page = (await list({ limit: 2, offset: 1 }).expect(200)).body;
      expect(page.streams.map((s: { streamId: string }) => s.streamId)).toEqual(['user_7', 'order:2']);
      expect(page.pagination).toEqual({ limit: 2, offset: 1, total: 4, hasMore: true });
    });

    it('lists the stream appended to last first with sort=updated, and pages in that order', async () => {
      await append('order-1', { events: [event('f')] }).expect(200);
      const ids = (body: { streams: { streamId: string }[] }) => body.streams.map((s) => s.streamId);
      const { body } = await list({ sort: 'updated' }).expect(200);
      expect(ids(body)).toEqual(['order-1', 'plain', 'order:2', 'user_7']);
      expect(body.streams.map((s: { lastGlobalPosition: number }) => s.lastGlobalPosition)).toEqual([6, 5, 4, 3]);
      const second = (await list({ sort: 'updated', limit: 2, offset: 2 }).expect(200)).body;
      expect(ids(second)).toEqual(['order:2', 'user_7']);
      expect(second.pagination).toEqual({ limit: 2, offset: 2, total: 4, hasMore: false });
      expect(ids((await list({ sort: 'updated', streamType: 'order' }).expect(200)).body)).toEqual(['order-1', 'order:2']);
      expect(ids((await list({ sort: 'created' }).expect(200)).body)).toEqual(['order-1', 'user_7', 'order:2', 'plain']);
    });

    it('finds streams by a part of their id in any case, taking % and _ literally, with the other filters', async () => {
      await append('Order-100%_done', { events: [event('g')] }).expect(200);
      const ids = async (query: Record<string, unknown>) => {
        const { body } = await list(query).expect(200);
        expect(body.pagination.total).toBe(body.streams.length);
        return body.streams.map((s: { streamId: string }) => s.streamId);
      };
      expect(await ids({ filter: 'ORDER' })).toEqual(['order-1', 'order:2', 'Order-100%_done']);
      expect(await ids({ filter: '%' })).toEqual(['Order-100%_done']);
      expect(await ids({ filter: '_' })).toEqual(['user_7', 'Order-100%_done']);
      expect(await ids({ filter: 'order', streamType: 'order' })).toEqual(['order-1', 'order:2']);
      expect(await ids({ filter: 'order', sort: 'updated' })).toEqual(['Order-100%_done', 'order:2', 'order-1']);
      expect(await ids({ filter: 'nothing-like-it' })).toEqual([]);
    });

    it('refuses an unknown sort and an over-long filter with 400 naming them', async () => {
      const { body } = await list({ sort: 'newest', filter: 'x'.repeat(256) }).expect(400);
      expect(fieldsOf(body).sort()).toEqual(['filter', 'sort']);
    });

    it('filters by hasEvents', async () => {
      expect((await list({ hasEvents: true }).expect(200)).body.pagination.total).toBe(4);
      expect((await list({ hasEvents: false }).expect(200)).body.streams).toEqual([]);
      await list({ hasEvents: 'maybe' }).expect(400);
    });

    it('keeps a stream emptied by retention: 200 with no events, its version, and listed under hasEvents=false', async () => {
      // What the retention sweep does: delete the events and count them out of the stream.
      await sql.query(`DELETE FROM events WHERE event_store_id = $1 AND stream_id = 'plain'`, [storeId]);
      await sql.query(`UPDATE streams SET event_count = 0 WHERE event_store_id = $1 AND stream_id = 'plain'`, [storeId]);
      const { body } = await read('plain').expect(200);
      expect(body).toMatchObject({ streamId: 'plain', events: [], hasMore: false, streamVersion: 1 });
      expect((await list({ hasEvents: false }).expect(200)).body.streams.map((s: { streamId: string }) => s.streamId)).toEqual(['plain']);
      expect((await list({ hasEvents: true }).expect(200)).body.pagination.total).toBe(3);
    });

    it('never lists the DCB stream', async () => {
      await sql.query(
        `INSERT INTO events (event_store_id, global_position, stream_id, stream_position, event_id, type, data, schema_version, transaction_id, created_at)
         VALUES ($1, 1000, '__dcb__', 0, gen_random_uuid(), 'dcb.thing', '{}', '1', gen_random_uuid(), now())`,
        [storeId],
      );
      expect((await list().expect(200)).body.streams.map((s: { streamId: string }) => s.streamId)).not.toContain('__dcb__');
    });
  });

  describe('idempotent appends', () => {
    const withKey = (key: string, streamId: string, body: Record<string, unknown>, ref = store) =>
      append(streamId, body, ref).set('Idempotency-Key', key);

    it('replays the first response, marked, and appends nothing more', async () => {
      const body = { events: [event('pay.requested', { amount: 5 })] };
      const first = await withKey('pay-1', 'pay', body).expect(200);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const replay = await withKey('pay-1', 'pay', { events: [{ data: { amount: 5 }, type: 'pay.requested' }] }).expect(200);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body).toEqual(first.body);
      expect(await rowCount('pay')).toBe(1);
    });

    it('refuses the same key for a different request with 409 IDEMPOTENCY_CONFLICT', async () => {
      await withKey('pay-2', 'pay', { events: [event('a')] }).expect(200);
      const other = await withKey('pay-2', 'pay', { events: [event('b')] }).expect(409);
      expect(other.body.error).toEqual({ code: 'IDEMPOTENCY_CONFLICT', message: expect.any(String), details: { idempotencyKey: 'pay-2' } });
      await withKey('pay-2', 'other-stream', { events: [event('a')] }).expect(409);
      expect(await rowCount('pay')).toBe(1);
    });

    it("treats the store's id and its name as different paths", async () => {
      const body = { events: [event('a')] };
      await withKey('pay-3', 'pay', body, store).expect(200);
      await withKey('pay-3', 'pay', body, storeId).expect(409);
    });

    it('scopes keys to the store', async () => {
      const second = (await api.createStore(tenant.key, { name: `${store}-b` }).expect(201)).body.name;
      await withKey('shared-key', 'pay', { events: [event('a')] }).expect(200);
      const elsewhere = await withKey('shared-key', 'pay', { events: [event('a')] }, second).expect(200);
      expect(elsewhere.headers['idempotent-replayed']).toBeUndefined();
    });

    it('refuses a key over 255 characters with 400', async () => {
      const response = await withKey('k'.repeat(256), 'pay', { events: [event('a')] }).expect(400);
      expect(fieldsOf(response.body)).toEqual(['Idempotency-Key']);
    });

    it('replays a family B append with its 201 and body', async () => {
      const token = await api.accessToken(tenant.key);
      const send = () =>
        api
          .http()
          .post(`/api/event-stores/${store}/streams/b-pay/events`)
          .set(bearer(token))
          .set('Idempotency-Key', 'b-1')
          .send({ events: [event('a')] });
      const first = await send().expect(201);
      const replay = await send().expect(201);
      expect(replay.body).toEqual(first.body);
      expect(replay.headers['idempotent-replayed']).toBe('true');
    });
  });
});
