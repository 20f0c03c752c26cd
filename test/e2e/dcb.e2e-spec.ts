import { Client } from 'pg';
import { ApiClient, bearer, TenantKey } from '../support/api-client';
import { startTestApp, TestApp } from '../support/test-app';

interface Item {
  types?: string[];
  tags?: string[];
}
interface FixtureEvent {
  type: string;
  tags: string[];
}

/** The query semantics, written independently of the service: the oracle the table compares against. */
const matches = (event: FixtureEvent, items: Item[]) =>
  items.length === 0 ||
  items.some(
    (item) =>
      (!item.types?.length || item.types.includes(event.type)) &&
      (!item.tags?.length || item.tags.every((tag) => event.tags.includes(tag))),
  );

const FIXTURE: FixtureEvent[] = [
  { type: 'A', tags: ['x'] },
  { type: 'B', tags: ['x', 'y'] },
  { type: 'C', tags: [] },
  { type: 'A', tags: ['y', 'z'] },
  { type: 'B', tags: ['z'] },
  { type: 'A', tags: ['x', 'y', 'z'] },
  { type: 'C', tags: ['x'] },
  { type: 'B', tags: [] },
  { type: 'A', tags: ['z', 'x'] },
  { type: 'C', tags: ['y'] },
];

// Repeated values too: one scan's positions are returned as they are, several scans' made distinct.
const TYPE_CHOICES = [undefined, [], ['A'], ['A', 'B'], ['D'], ['A', 'A']];
const TAG_CHOICES = [undefined, [], ['x'], ['x', 'y'], ['y', 'z'], ['x', 'y', 'z'], ['w'], ['x', 'x'], ['z', 'x', 'z']];
const ITEMS: Item[] = TYPE_CHOICES.flatMap((types) => TAG_CHOICES.map((tags) => ({ ...(types && { types }), ...(tags && { tags }) })));

describe('Dynamic Consistency Boundary', () => {
  let testApp: TestApp;
  let api: ApiClient;
  let tenant: TenantKey;
  let store: string;
  let storeId: string;

  const appendDcb = (body: Record<string, unknown>) => api.http().post(`/event-stores/${store}/events`).set(bearer(tenant.key)).send(body);
  const query = (body: Record<string, unknown>) => api.http().post(`/event-stores/${store}/query`).set(bearer(tenant.key)).send(body);
  const positions = (response: { body: { events: { globalPosition: number }[] } }) => response.body.events.map((e) => e.globalPosition);

  beforeAll(async () => {
    testApp = await startTestApp();
    api = new ApiClient(testApp.server);
  });
  beforeEach(async () => {
    tenant = await api.tenantWithKey();
    store = `dcb-${Math.random().toString(36).slice(2, 8)}`;
    storeId = (await api.createStore(tenant.key, { name: store }).expect(201)).body.id;
  });
  afterAll(() => testApp.close());

  describe('query semantics', () => {
    beforeEach(async () => {
      // One append per event so that positions are 1..10 in fixture order.
      for (const { type, tags } of FIXTURE) await appendDcb({ events: [{ type, data: {}, tags }] }).expect(200);
    });
    const expected = (items: Item[], after = 0) =>
      FIXTURE.flatMap((event, index) => (index + 1 > after && matches(event, items) ? [index + 1] : []));

    it('matches every single-item query like the reference evaluation', async () => {
      for (const item of ITEMS) {
        const response = await query({ query: { items: [item] } }).expect(200);
        expect({ item, positions: positions(response) }).toEqual({ item, positions: expected([item]) });
      }
    });

    it('ORs items, like the reference evaluation, for every pair of items', async () => {
      const pairs = ITEMS.flatMap((first, i) =>
        ITEMS.slice(i + 1)
          .filter((_, j) => (i + j) % 7 === 0)
          .map((second) => [first, second]),
      );
      expect(pairs.length).toBeGreaterThan(50);
      for (const items of pairs) {
        const response = await query({ query: { items } }).expect(200);
        expect({ items, positions: positions(response) }).toEqual({ items, positions: expected(items) });
      }
    });

    it('matches every event with an empty query, no query, or an item with no constraint', async () => {
      const all = FIXTURE.map((_, index) => index + 1);
      expect(positions(await query({}).expect(200))).toEqual(all);
      expect(positions(await query({ query: { items: [] } }).expect(200))).toEqual(all);
      expect(positions(await query({ query: { items: [{ tags: ['w'] }, {}] } }).expect(200))).toEqual(all);
    });

    it('reads only after `after` (exclusive) and reports lastPosition', async () => {
      const response = await query({ query: { items: [{ tags: ['x'] }] }, after: 2 }).expect(200);
      expect(positions(response)).toEqual(expected([{ tags: ['x'] }], 2));
      expect(response.body.lastPosition).toBe(9);
      const none = await query({ query: { items: [{ tags: ['x'] }] }, after: 9 }).expect(200);
      expect(none.body).toEqual({ events: [], lastPosition: 9, hasMore: false });
    });

    it('limits the page, lastPosition being the last event returned and hasMore saying whether more follow', async () => {
      const page = await query({ limit: 3 }).expect(200);
      expect(positions(page)).toEqual([1, 2, 3]);
      expect(page.body).toMatchObject({ lastPosition: 3, hasMore: true });
      const next = await query({ limit: 3, after: page.body.lastPosition }).expect(200);
      expect(positions(next)).toEqual([4, 5, 6]);
      const last = await query({ limit: 4, after: 6 }).expect(200);
      expect(last.body).toMatchObject({ lastPosition: 10, hasMore: false });
    });

    it('returns stored events with their tags', async () => {
      const { body } = await query({ query: { items: [{ types: ['C'] }] } }).expect(200);
      expect(body.events[0]).toEqual({
        streamId: '__dcb__',
        streamPosition: 2,
        globalPosition: 3,
        eventId: expect.any(String),
        type: 'C',
        data: {},
        tags: [],
        schemaVersion: '1',
        transactionId: expect.any(String),
        createdAt: expect.any(String),
      });
      expect(body.events[1].tags).toEqual(['x']);
    });
  });

  describe('appending', () => {
    it('appends with 200 and the last position', async () => {
      expect(
        (
          await appendDcb({
            events: [
              { type: 'A', data: { n: 1 }, tags: ['t'] },
              { type: 'B', data: {} },
            ],
          }).expect(200)
        ).body,
      ).toEqual({ lastPosition: 2 });
      expect((await appendDcb({ events: [{ type: 'C', data: {} }] }).expect(200)).body).toEqual({ lastPosition: 3 });
    });

    it('fails a condition with 409 and the documented body, writing nothing', async () => {
      await appendDcb({ events: [{ type: 'UserRegistered', data: {}, tags: ['username:alice'] }] }).expect(200);
      await appendDcb({ events: [{ type: 'Other', data: {} }] }).expect(200);
      await appendDcb({ events: [{ type: 'UserRenamed', data: {}, tags: ['username:alice'] }] }).expect(200);

      const failed = await appendDcb({
        events: [{ type: 'UserRegistered', data: {}, tags: ['username:alice'] }],
        condition: { failIfEventsMatch: { items: [{ tags: ['username:alice'] }] } },
      }).expect(409);
      expect(failed.body).toEqual({
        error: 'Append condition failed',
        code: 'APPEND_CONDITION_FAILED',
        details: expect.any(String),
        conflictingPositions: [1, 3],
        afterPosition: 0,
      });
      const afterOne = await appendDcb({
        events: [{ type: 'X', data: {} }],
        condition: { failIfEventsMatch: { items: [{ tags: ['username:alice'] }] }, after: 1 },
      }).expect(409);
      expect(afterOne.body).toMatchObject({ conflictingPositions: [3], afterPosition: 1 });

      const { body } = await api.http().get(`/event-stores/${store}`).set(bearer(tenant.key)).expect(200);
      expect(body.statistics.totalEvents).toBe(3);
    });

    it('succeeds when nothing matches after `after`', async () => {
      await appendDcb({ events: [{ type: 'CourseCreated', data: {}, tags: ['course:c1'] }] }).expect(200);
      const read = await query({ query: { items: [{ tags: ['course:c1'] }] } }).expect(200);
      const condition = { failIfEventsMatch: { items: [{ tags: ['course:c1'] }] }, after: read.body.lastPosition };
      await appendDcb({ events: [{ type: 'StudentSubscribed', data: {}, tags: ['course:c1', 'student:s1'] }], condition }).expect(200);
      // The same decision again is now stale.
      await appendDcb({ events: [{ type: 'StudentSubscribed', data: {}, tags: ['course:c1', 'student:s2'] }], condition }).expect(409);
    });

    it('lets a stream event carrying a tag fail a later DCB condition (one log)', async () => {
      await api
        .http()
        .post(`/event-stores/${store}/streams/user-alice`)
        .set(bearer(tenant.key))
        .send({ events: [{ type: 'UserRegistered', data: {}, tags: ['username:alice'] }] })
        .expect(200);
      const failed = await appendDcb({
        events: [{ type: 'UserRegistered', data: {}, tags: ['username:alice'] }],
        condition: { failIfEventsMatch: { items: [{ types: ['UserRegistered'], tags: ['username:alice'] }] }, after: 0 },
      }).expect(409);
      expect(failed.body.conflictingPositions).toEqual([1]);
      const read = await query({ query: { items: [{ tags: ['username:alice'] }] } }).expect(200);
      expect(read.body.events).toEqual([expect.objectContaining({ streamId: 'user-alice', tags: ['username:alice'] })]);
    });

    it('reports at most the lowest 100 conflicting positions', async () => {
      await appendDcb({ events: Array.from({ length: 150 }, () => ({ type: 'Tick', data: {}, tags: ['clock'] })) }).expect(200);
      const failed = await appendDcb({
        events: [{ type: 'Tick', data: {} }],
        condition: { failIfEventsMatch: { items: [{ tags: ['clock'] }] }, after: 10 },
      }).expect(409);
      expect(failed.body.conflictingPositions).toEqual(Array.from({ length: 100 }, (_, i) => i + 11));
    });

    it('keeps DCB events out of the streams list but in reads and statistics', async () => {
      await api
        .http()
        .post(`/event-stores/${store}/streams/order-1`)
        .set(bearer(tenant.key))
        .send({ events: [{ type: 'order.created', data: {} }] })
        .expect(200);
      await appendDcb({ events: [{ type: 'dcb.thing', data: { k: 1 }, tags: ['t'] }] }).expect(200);
      const streams = await api.http().get(`/event-stores/${store}/streams`).set(bearer(tenant.key)).expect(200);
      expect(streams.body.streams.map((s: { streamId: string }) => s.streamId)).toEqual(['order-1']);
      const all = await api.http().get(`/event-stores/${store}/events`).set(bearer(tenant.key)).expect(200);
      expect(all.body.events.map((e: { streamId: string }) => e.streamId)).toEqual(['order-1', '__dcb__']);
      const { statistics } = (await api.http().get(`/event-stores/${store}`).set(bearer(tenant.key)).expect(200)).body;
      expect(statistics).toMatchObject({ totalStreams: 1, totalEvents: 2, databaseSizeBytes: 2 + 7 });
    });

    it('supports Idempotency-Key', async () => {
      const send = () => appendDcb({ events: [{ type: 'A', data: {} }] }).set('Idempotency-Key', 'dcb-1');
      const first = await send().expect(200);
      const replay = await send().expect(200);
      expect(replay.body).toEqual(first.body);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect((await query({}).expect(200)).body.events).toHaveLength(1);
    });
  });

  describe('validation', () => {
    it.each([
      ['a comma in a tag', { events: [{ type: 'A', data: {}, tags: ['a,b'] }] }, 'events.0.tags'],
      ['no events', { events: [] }, 'events'],
      [
        'a condition without failIfEventsMatch',
        { events: [{ type: 'A', data: {} }], condition: { after: 1 } },
        'condition.failIfEventsMatch',
      ],
      [
        'a negative after',
        { events: [{ type: 'A', data: {} }], condition: { failIfEventsMatch: { items: [] }, after: -1 } },
        'condition.after',
      ],
      [
        'a comma in a condition tag',
        { events: [{ type: 'A', data: {} }], condition: { failIfEventsMatch: { items: [{ tags: ['a,b'] }] } } },
        'condition.failIfEventsMatch.items.0.tags',
      ],
      ['an event that is a list', { events: [[]] }, 'events'],
      [
        'a condition item that is a list',
        { events: [{ type: 'A', data: {} }], condition: { failIfEventsMatch: { items: [[]] } } },
        'condition.failIfEventsMatch.items',
      ],
    ])('refuses an append with %s', async (_case, body, field) => {
      const response = await appendDcb(body).expect(400);
      expect(response.body.error.details.fields.map((f: { field: string }) => f.field)).toContain(field);
    });

    it.each([
      ['limit 0', { limit: 0 }],
      ['limit 1001', { limit: 1001 }],
      ['a fractional after', { after: 1.5 }],
      ['items that are not a list', { query: { items: {} } }],
      ['a comma in a tag', { query: { items: [{ tags: ['a,b'] }] } }],
      ['a type with a space', { query: { items: [{ types: ['a b'] }] } }],
      ['an item that is a list', { query: { items: [[]] } }],
    ])('refuses a query with %s', async (_case, body) => {
      expect((await query(body).expect(400)).body.error.code).toBe('VALIDATION_ERROR');
    });

    it.each([
      ['a null limit', { limit: null }],
      ['a null after', { after: null }],
      ['a null query', { query: null }],
      ['null items', { query: { items: null } }],
      ['null types in an item', { query: { items: [{ types: null }] } }],
      ['null tags in an item', { query: { items: [{ tags: null }] } }],
    ])('refuses %s with 400 rather than ignoring it', async (_case, body) => {
      expect((await query(body).expect(400)).body.error.code).toBe('VALIDATION_ERROR');
    });

    it('refuses null tags on an event and a null condition', async () => {
      await appendDcb({ events: [{ type: 'A', data: {}, tags: null }] }).expect(400);
      await appendDcb({ events: [{ type: 'A', data: {} }], condition: null }).expect(400);
      await appendDcb({ events: [{ type: 'A', data: {} }], condition: { failIfEventsMatch: { items: [{ tags: null }] } } }).expect(400);
    });

    it('treats a query without items as matching everything', async () => {
      await appendDcb({
        events: [
          { type: 'A', data: {} },
          { type: 'B', data: {} },
        ],
      }).expect(200);
      expect(positions(await query({ query: {} }).expect(200))).toEqual([1, 2]);
    });

    it('accepts limit 1000 and answers 404 for an unknown store, 403 without the scope', async () => {
      await query({ limit: 1000 }).expect(200);
      await api.http().post('/event-stores/nowhere/query').set(bearer(tenant.key)).send({}).expect(404);
      const reader = await api.keyFor(tenant.tenantId, ['read']);
      await api
        .http()
        .post(`/event-stores/${store}/events`)
        .set(bearer(reader.key))
        .send({ events: [{ type: 'A', data: {} }] })
        .expect(403);
      const writer = await api.keyFor(tenant.tenantId, ['write']);
      await api.http().post(`/event-stores/${storeId}/query`).set(bearer(writer.key)).send({}).expect(403);
    });
  });

  describe('under concurrency', () => {
    it('lets exactly one of 50 racing read-decide-append clients claim a value, 20 times over', async () => {
      let conditionFailures = 0;
      for (let round = 0; round < 20; round++) {
        const tag = `username:user-${round}`;
        const claim = async (client: number) => {
          const read = await query({ query: { items: [{ tags: [tag] }] } });
          if (read.body.events.length > 0) return 'saw-taken';
          const appended = await appendDcb({
            events: [{ type: 'UsernameClaimed', data: { client }, tags: [tag] }],
            condition: { failIfEventsMatch: { items: [{ tags: [tag] }] }, after: read.body.lastPosition },
          });
          return appended.status === 200 ? 'won' : appended.status === 409 ? 'lost' : `status-${appended.status}`;
        };
        const outcomes = await Promise.all(Array.from({ length: 50 }, (_, client) => claim(client)));
        expect(outcomes.filter((outcome) => outcome === 'won')).toHaveLength(1);
        conditionFailures += outcomes.filter((outcome) => outcome === 'lost').length;
        expect(outcomes.every((outcome) => ['won', 'lost', 'saw-taken'].includes(outcome))).toBe(true);
        expect((await query({ query: { items: [{ tags: [tag] }] } })).body.events).toHaveLength(1);
      }
      // The race really happened: clients that had read "free" were refused by the condition.
      expect(conditionFailures).toBeGreaterThan(20);
    }, 60_000);

    it('never fails writers whose conditions concern disjoint tags', async () => {
      const writer = async (client: number) => {
        const statuses: number[] = [];
        for (let i = 0; i < 10; i++) {
          const tag = `account:${client}`;
          const read = await query({ query: { items: [{ tags: [tag] }] } });
          const appended = await appendDcb({
            events: [{ type: 'Deposited', data: { i }, tags: [tag] }],
            condition: { failIfEventsMatch: { items: [{ tags: [tag] }] }, after: read.body.lastPosition },
          });
          statuses.push(appended.status);
        }
        return statuses;
      };
      const statuses = (await Promise.all(Array.from({ length: 16 }, (_, client) => writer(client)))).flat();
      expect(statuses).toEqual(Array.from({ length: 160 }, () => 200));
    }, 60_000);

    it('returns only increasing positions to a reader following the log', async () => {
      const writing = Promise.all(
        Array.from({ length: 8 }, (_, w) =>
          (async () => {
            for (let i = 0; i < 15; i++) await appendDcb({ events: [{ type: 'E', data: { w, i }, tags: [`w:${w}`] }] }).expect(200);
          })(),
        ),
      );
      let after = 0;
      const seen: number[] = [];
      let done = false;
      void writing.then(() => (done = true));
      for (let reads = 0; reads < 5000 && (!done || after < 120); reads++) {
        const { body } = await query({ after, limit: 7 }).expect(200);
        for (const event of body.events) seen.push(event.globalPosition);
        expect(body.lastPosition).toBeGreaterThanOrEqual(after);
        after = body.lastPosition;
      }
      await writing;
      expect(seen).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
    }, 60_000);
  });

  describe('tags and the tag index', () => {
    let sql: Client;
    beforeEach(async () => {
      sql = new Client({ connectionString: testApp.database.url });
      await sql.connect();
    });
    afterEach(() => sql.end());
    const tagRows = async () =>
      (await sql.query('SELECT tag, global_position::int AS position FROM event_tags WHERE event_store_id = $1 ORDER BY 2, 1', [storeId]))
        .rows;

    it('stores a tag given twice once', async () => {
      await appendDcb({ events: [{ type: 'A', data: {}, tags: ['t1', 't1', 't2'] }] }).expect(200);
      expect((await query({}).expect(200)).body.events[0].tags).toEqual(['t1', 't2']);
      expect(await tagRows()).toEqual([
        { tag: 't1', position: 1 },
        { tag: 't2', position: 1 },
      ]);
    });

    it('removes the tags of the events retention deletes and of a deleted store', async () => {
      await appendDcb({
        events: [
          { type: 'A', data: {}, tags: ['a', 'b'] },
          { type: 'B', data: {}, tags: ['b'] },
        ],
      }).expect(200);
      await appendDcb({ events: [{ type: 'C', data: {}, tags: ['c'] }] }).expect(200);
      // One batch of the retention sweep, as old as nothing and as small as one event: the oldest goes.
      await sql.query('SELECT delete_expired_events($1, 0, 1)', [storeId]);
      expect(await tagRows()).toEqual([
        { tag: 'b', position: 2 },
        { tag: 'c', position: 3 },
      ]);
      expect(positions(await query({ query: { items: [{ tags: ['b'] }] } }).expect(200))).toEqual([2]);

      await api.http().delete(`/event-stores/${store}`).set(bearer(tenant.key)).expect(204);
      expect(await tagRows()).toEqual([]);
    });

    it('signals a DCB append on commit, and nothing for a failed condition', async () => {
      const notifications: string[] = [];
      sql.on('notification', (message) => notifications.push(message.payload ?? ''));
      await sql.query('LISTEN event_store_appends');
      await appendDcb({ events: [{ type: 'A', data: {}, tags: ['k'] }] }).expect(200);
      await appendDcb({ events: [{ type: 'A', data: {} }], condition: { failIfEventsMatch: { items: [{ tags: ['k'] }] } } }).expect(409);
      await appendDcb({
        events: [
          { type: 'B', data: {} },
          { type: 'B', data: {} },
        ],
      }).expect(200);
      for (let attempt = 0; attempt < 200 && notifications.length < 2; attempt++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(notifications).toEqual([`${storeId}:1`, `${storeId}:3`]);
    });
  });

  it('refuses a reused Idempotency-Key with another body, and does not remember a failed condition', async () => {
    await appendDcb({ events: [{ type: 'A', data: {} }] })
      .set('Idempotency-Key', 'k-1')
      .expect(200);
    const conflict = await appendDcb({ events: [{ type: 'B', data: {} }] })
      .set('Idempotency-Key', 'k-1')
      .expect(409);
    expect(conflict.body.error.code).toBe('IDEMPOTENCY_CONFLICT');

    const guarded = {
      events: [{ type: 'Claim', data: {}, tags: ['seat'] }],
      condition: { failIfEventsMatch: { items: [{ tags: ['seat'] }] } },
    };
    await appendDcb({ events: [{ type: 'Claim', data: {}, tags: ['seat'] }] }).expect(200);
    const failed = await appendDcb(guarded).set('Idempotency-Key', 'k-2').expect(409);
    expect(failed.body.code).toBe('APPEND_CONDITION_FAILED');
    const again = await appendDcb(guarded).set('Idempotency-Key', 'k-2').expect(409);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
  });

  it('indexes tags in event_tags for every append path', async () => {
    await appendDcb({ events: [{ type: 'A', data: {}, tags: ['a', 'b', 'a'] }] }).expect(200);
    await api
      .http()
      .post(`/event-stores/${store}/streams/s-1`)
      .set(bearer(tenant.key))
      .send({
        events: [
          { type: 'B', data: {}, tags: ['b'] },
          { type: 'C', data: {} },
        ],
      })
      .expect(200);
    const sql = new Client({ connectionString: testApp.database.url });
    await sql.connect();
    try {
      const { rows } = await sql.query(
        'SELECT tag, global_position, type FROM event_tags WHERE event_store_id = $1 ORDER BY global_position, tag',
        [storeId],
      );
      expect(rows).toEqual([
        { tag: 'a', global_position: '1', type: 'A' },
        { tag: 'b', global_position: '1', type: 'A' },
        { tag: 'b', global_position: '2', type: 'B' },
      ]);
    } finally {
      await sql.end();
    }
  });
});
