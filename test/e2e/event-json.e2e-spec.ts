import { Client } from 'pg';
import { DataSource, MigrationInterface } from 'typeorm';
import { validateEnvironment } from '../../src/config/validate-environment';
import { databaseHosts, dataSourceOptions } from '../../src/database/data-source-options';
import { MIGRATIONS } from '../../src/database/migrations';
import { eventJsonSql } from '../../src/event-log/read/stored-event';
import { ApiClient, bearer, TenantKey } from '../support/api-client';
import { startTestApp, TestApp } from '../support/test-app';
import { emptyTestDatabase, TestDatabase } from '../support/test-database';

/** JSON values that put jsonb's text output and the compaction of it to the test. */
const TRICKY: unknown[] = [
  {},
  [],
  { a: {}, b: [], c: [{}], d: [[]] },
  { 'key with spaces': 'value with spaces', 'k, "q": 1': ', ", ": ' },
  { s: 'a", "b": "c' },
  { s: 'ends with a backslash\\' },
  { s: 'backslash then quote \\"', t: '\\\\', u: '\\\\"\\' },
  { s: 'tab\there\nnewline\r\u0001\u001f\u007f' },
  { s: 'ünïcödé 日本語 😀 \u2028\u2029' },
  { n: [0, -1, 1.5, -2.25, 12345678901234, 0.1, 0.000001, 123e5, 9007199254740991], b: [true, false, null] },
  { nested: { deeper: { deepest: [1, { x: 'y z' }, [2, 3], 'a, b'] } } },
  { '': '', ' ': ' ', '  ': [' ', '  '] },
  ['a', 1, null, true, { '"': '"' }],
  'a string',
  42,
];

const TRICKY_OBJECTS = TRICKY.filter((value) => typeof value === 'object' && value !== null && !Array.isArray(value));

/** Random JSON with keys and strings drawn from characters that matter to the scanner. */
function randomJson(random: () => number, depth = 0): unknown {
  const pick = <T>(values: T[]) => values[Math.floor(random() * values.length)];
  const text = () =>
    Array.from({ length: Math.floor(random() * 8) }, () => pick(['a', ' ', ',', ':', '"', '\\', '{', ']', 'é', '\n'])).join('');
  const kind = depth > 3 ? pick(['s', 'n', 'l']) : pick(['s', 'n', 'l', 'o', 'a']);
  switch (kind) {
    case 's':
      return text();
    case 'n':
      return Math.round((random() - 0.5) * 1e6) / 100;
    case 'l':
      return pick([true, false, null]);
    case 'o':
      return Object.fromEntries(Array.from({ length: Math.floor(random() * 5) }, () => [text(), randomJson(random, depth + 1)]));
    default:
      return Array.from({ length: Math.floor(random() * 5) }, () => randomJson(random, depth + 1));
  }
}

/** A small seeded generator, so a failure reproduces. */
function seeded(seed: number): () => number {
  return () => {
    seed = (seed * 1664525 + 1013904223) % 2 ** 32;
    return seed / 2 ** 32;
  };
}

describe('Events as text', () => {
  describe('migrating stored payloads from jsonb to json', () => {
    let database: TestDatabase;
    let pg: Client;
    const migrate = async (migrations: MigrationInterface[] | (new () => MigrationInterface)[]) => {
      const settings = validateEnvironment({ DATABASE_URL: database.url });
      const options = dataSourceOptions(databaseHosts(settings), settings.DATABASE_IDLE_TIMEOUT_MS);
      const dataSource = await new DataSource({ ...options, migrations: migrations as never }).initialize();
      try {
        await dataSource.runMigrations({ transaction: 'each' });
      } finally {
        await dataSource.destroy();
      }
    };
    const values = [...TRICKY_OBJECTS, ...Array.from({ length: 300 }, (_, i) => ({ random: randomJson(seeded(i + 1)) }))];

    beforeAll(async () => {
      database = await emptyTestDatabase();
      const jsonbPayloads = MIGRATIONS.findIndex((migration) => migration.name === 'EventPayloadsAsJson1795500000000');
      expect(jsonbPayloads).toBeGreaterThan(0);
      await migrate(MIGRATIONS.slice(0, jsonbPayloads));
      pg = new Client({ connectionString: database.url });
      await pg.connect();
      await pg.query(`INSERT INTO tenants (id, name) VALUES ('t', 't')`);
      await pg.query(`INSERT INTO event_stores (id, tenant_id, name, region) VALUES ('s', 't', 's', 'local')`);
      // Stored as the jsonb schema stored them: jsonb, whose text is spaced and in jsonb's key order.
      await pg.query(
        `INSERT INTO events (event_store_id, global_position, stream_id, stream_position, event_id, type, data, metadata, schema_version,
                             transaction_id, created_at)
         SELECT 's', n, 'x', n - 1, gen_random_uuid(), 't', value, CASE WHEN n % 2 = 0 THEN value END, '1', gen_random_uuid(), now()
           FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS v(value, n)`,
        [JSON.stringify(values)],
      );
      await migrate(MIGRATIONS);
    });
    afterAll(async () => {
      await pg.end();
      await database.drop();
    });

    it('keeps every payload as compact JSON of the same value, strings untouched', async () => {
      const { rows } = await pg.query<{ type: string; data: string; metadata: string | null }>(
        `SELECT pg_typeof(data)::text AS type, data::text, metadata::text FROM events ORDER BY global_position`,
      );
      expect(rows).toHaveLength(values.length);
      rows.forEach((row, i) => {
        expect(row.type).toBe('json');
        expect(row.data).toBe(JSON.stringify(JSON.parse(row.data)));
        expect(JSON.parse(row.data)).toEqual(values[i]);
        expect(row.metadata).toBe(i % 2 === 1 ? row.data : null);
      });
    });
  });

  describe('reads over HTTP', () => {
    let testApp: TestApp;
    let api: ApiClient;
    let tenant: TenantKey;
    const store = 'text-events';

    beforeAll(async () => {
      testApp = await startTestApp();
      await testApp.listen();
      api = new ApiClient(testApp.server);
      tenant = await api.tenantWithKey();
      await api.createStore(tenant.key, { name: store }).expect(201);
      const events = TRICKY_OBJECTS.map((data, i) => ({
        type: `tricky.${i}`,
        data,
        ...(i % 2 === 0 && { metadata: { correlationId: `c-${i}`, note: 'a, "b": c' } }),
        ...(i % 3 === 0 && { tags: [`t:${i}`, 'quote:"'] }),
      }));
      await api.http().post(`/event-stores/${store}/streams/tricky-1`).set(bearer(tenant.key)).send({ events }).expect(200);
      await api
        .http()
        .post(`/event-stores/${store}/events`)
        .set(bearer(tenant.key))
        .send({ events: [{ type: 'dcb.untagged', data: { a: 'b c' } }] })
        .expect(200);
    });
    afterAll(() => testApp.close());

    /** The response exactly as JSON.stringify writes its parsed value: compact, fields in the same order. */
    const expectCanonical = (text: string) => expect(text).toBe(JSON.stringify(JSON.parse(text)));

    it('sends a stream page byte for byte as the serialised objects, with the submitted values', async () => {
      const response = await api.http().get(`/event-stores/${store}/streams/tricky-1`).set(bearer(tenant.key)).expect(200);
      expectCanonical(response.text);
      // Sent as the bytes PostgreSQL wrote, part by part, yet with its length in bytes (the page has multi-byte text), not chunked.
      expect(response.headers['content-length']).toBe(String(Buffer.byteLength(response.text)));
      expect(response.headers['transfer-encoding']).toBeUndefined();
      expect(Buffer.byteLength(response.text)).toBeGreaterThan(response.text.length);
      const { events } = JSON.parse(response.text);
      expect(events.length).toBeGreaterThan(5);
      for (const event of events) {
        expect(Object.keys(event)).toEqual(
          [
            'streamId',
            'streamPosition',
            'globalPosition',
            'eventId',
            'type',
            'data',
            'metadata',
            'tags',
            'schemaVersion',
            'transactionId',
            'createdAt',
          ].filter((key) => key in event),
        );
        expect(event.createdAt).toBe(new Date(event.createdAt).toISOString());
      }
      expect(events[0]).toMatchObject({
        streamId: 'tricky-1',
        streamPosition: 0,
        data: {},
        metadata: { note: 'a, "b": c' },
        tags: ['t:0', 'quote:"'],
      });
      expect(events.map((event: { data: unknown }) => event.data)).toEqual(TRICKY_OBJECTS);
      // Byte for byte as JSON.stringify wrote the submitted value, the client's key order included.
      for (const data of TRICKY_OBJECTS) expect(response.text).toContain(`"data":${JSON.stringify(data)}`);
      expect(events[1]).not.toHaveProperty('metadata');
      expect(events[1]).not.toHaveProperty('tags');
    });

    it("keeps the client's key order except for array-index keys, which come first in ascending order, as documented", async () => {
      const sent = '{"b":1,"2":2,"1":3,"a":{"z":0,"10":1,"9":2},"4294967295":4}';
      await api
        .http()
        .post(`/event-stores/${store}/streams/key-order-1`)
        .set(bearer(tenant.key))
        .set('Content-Type', 'application/json')
        .send(`{"events":[{"type":"k","data":${sent}}]}`)
        .expect(200);
      const read = await api.http().get(`/event-stores/${store}/streams/key-order-1`).set(bearer(tenant.key)).expect(200);
      // 4294967295 is past the largest array index, so it keeps its place like any other key.
      expect(read.text).toContain('"data":{"1":3,"2":2,"b":1,"a":{"9":2,"10":1,"z":0},"4294967295":4}');
    });

    it('stores the same text for a compact body as for one with spaces, escapes and other number forms, and takes both as one request for an Idempotency-Key', async () => {
      // The compact body's events are taken as the bytes sent; the other's are parsed and serialised (compactAppendBody).
      const compact = '{"events":[{"type":"forms","data":{"price":1.5,"name":"A/B","big":100,"k":[1,{"é":null}]},"metadata":{"m":"é"}}]}';
      const spaced = `{ "events": [ { "type": "forms", "data": { "price": 1.50, "name": "\\u0041\\/B", "big": 1e2, "k": [ 1, {"\\u00e9": null} ] },
        "metadata": { "m": "\\u00e9" } } ] }\n`;
      const post = (streamId: string, body: string) =>
        api
          .http()
          .post(`/event-stores/${store}/streams/${streamId}`)
          .set(bearer(tenant.key))
          .set('Content-Type', 'application/json')
          .send(body);
      const first = await post('forms-1', compact).set('Idempotency-Key', 'forms').expect(200);
      const replay = await post('forms-1', spaced).set('Idempotency-Key', 'forms').expect(200);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body).toEqual(first.body);
      await post('forms-2', spaced).expect(200);
      // Refused alike, with the same answer.
      const refusedCompact = await post('forms-3', '{"events":[{"type":"has space","data":{"a":1}}]}').expect(400);
      const refusedSpaced = await post('forms-3', '{ "events": [ { "type": "has space", "data": { "a": 1.0 } } ] }').expect(400);
      expect(refusedCompact.body).toEqual(refusedSpaced.body);
      expect(refusedCompact.body.error.details.fields).toEqual([{ field: 'events.0.type', message: expect.any(String) }]);

      for (const streamId of ['forms-1', 'forms-2']) {
        const read = await api.http().get(`/event-stores/${store}/streams/${streamId}`).set(bearer(tenant.key)).expect(200);
        expect(JSON.parse(read.text).events).toHaveLength(1);
        expect(read.text).toContain('"data":{"price":1.5,"name":"A/B","big":100,"k":[1,{"é":null}]},"metadata":{"m":"é"}');
      }
    });

    it('gives back numbers as JavaScript wrote them, and strings jsonb could not hold', async () => {
      const data = { small: 1e-7, large: 1e21, negativeZero: -0, nul: 'a\u0000b', loneSurrogate: '\ud800', emoji: '😀' };
      await api
        .http()
        .post(`/event-stores/${store}/streams/numbers-1`)
        .set(bearer(tenant.key))
        .send({ events: [{ type: 'n', data }] })
        .expect(200);
      const response = await api.http().get(`/event-stores/${store}/streams/numbers-1`).set(bearer(tenant.key)).expect(200);
      expect(response.text).toContain(`"data":${JSON.stringify(data)}`);
      expect(JSON.parse(response.text).events[0].data).toEqual({ ...data, negativeZero: 0 });
    });

    it("writes each event's JSON around its data once, at append, as a read of its columns alone would write it", async () => {
      const streamId = 'q"uo\\te é';
      await api
        .http()
        .post(`/event-stores/${store}/streams/${encodeURIComponent(streamId)}`)
        .set(bearer(tenant.key))
        .send({
          events: [
            { type: 't"y\\pe.é', data: { a: 1 }, schemaVersion: 'v "2" \\', tags: ['t"1', 'é\\'] },
            { type: 'plain', data: { b: 2 }, metadata: { m: 'x' } },
          ],
        })
        .expect(200);
      const reads = () =>
        Promise.all([
          api
            .http()
            .get(`/event-stores/${store}/streams/${encodeURIComponent(streamId)}`)
            .set(bearer(tenant.key))
            .expect(200),
          api
            .http()
            .get(`/event-stores/${store}/streams/${encodeURIComponent(streamId)}?direction=backward`)
            .set(bearer(tenant.key))
            .expect(200),
          api.http().get(`/event-stores/${store}/events`).set(bearer(tenant.key)).expect(200),
          api
            .http()
            .post(`/event-stores/${store}/query`)
            .set(bearer(tenant.key))
            .send({ query: { items: [{ types: ['t"y\\pe.é', 'dcb.untagged', 'tricky.0'] }] } })
            .expect(200),
        ]).then((responses) => responses.map((response) => response.text));

      const db = new Client({ connectionString: testApp.database.url });
      await db.connect();
      try {
        const storeId = (await db.query(`SELECT id FROM event_stores WHERE name = $1`, [store])).rows[0].id;
        const { rows } = await db.query(
          `SELECT count(*)::int AS events,
                  count(*) FILTER (WHERE json_head LIKE '%,"eventId":"' || event_id::text || '",%')::int AS with_own_id,
                  count(*) FILTER (WHERE json_tail LIKE '%,"transactionId":"' || transaction_id::text || '",%')::int AS with_own_transaction
             FROM events WHERE event_store_id = $1`,
          [storeId],
        );
        expect(rows[0].events).toBeGreaterThanOrEqual(TRICKY_OBJECTS.length + 3);
        expect(rows[0].with_own_id).toBe(rows[0].events);
        expect(rows[0].with_own_transaction).toBe(rows[0].events);

        // A WebSocket frame starts with the same head: the statement subscribers' pages use, on every event of the store.
        const frames = async () =>
          (
            await db.query(`SELECT ${eventJsonSql('frame')} AS frame FROM events WHERE event_store_id = $1 ORDER BY global_position`, [
              storeId,
            ])
          ).rows.map((row) => row.frame as string);
        const fromHeads = await reads();
        const framesFromHeads = await frames();
        for (const text of [...fromHeads, ...framesFromHeads]) expectCanonical(text);
        for (const frame of framesFromHeads) {
          expect(Object.keys(JSON.parse(frame))).toEqual([
            'streamId',
            'streamPosition',
            'globalPosition',
            'eventId',
            'type',
            'data',
            'createdAt',
          ]);
        }
        expect(JSON.parse(fromHeads[0]).events[0]).toMatchObject({
          streamId,
          type: 't"y\\pe.é',
          schemaVersion: 'v "2" \\',
          tags: ['t"1', 'é\\'],
        });
        // The reads splice in the stored text: changed in the row, it is what they send.
        const retype = (from: string, to: string) =>
          db.query(`UPDATE events SET json_head = replace(json_head, $2, $3) WHERE event_store_id = $1 AND type = 'plain'`, [
            storeId,
            `"type":"${from}"`,
            `"type":"${to}"`,
          ]);
        await retype('plain', 'from-head');
        expect((await reads())[0]).toContain('"type":"from-head"');
        expect((await frames()).join()).toContain('"type":"from-head"');
        await retype('from-head', 'plain');
        // Events appended before heads were kept are read from their columns, to the same bytes, in one page with the others.
        await db.query(`UPDATE events SET json_head = NULL, json_tail = NULL WHERE event_store_id = $1 AND global_position % 2 = 0`, [
          storeId,
        ]);
        expect(await reads()).toEqual(fromHeads);
        expect(await frames()).toEqual(framesFromHeads);
      } finally {
        await db.end();
      }
    });

    it('sends reads across the store and DCB reads the same way, DCB events always with tags', async () => {
      const all = await api.http().get(`/event-stores/${store}/events`).set(bearer(tenant.key)).expect(200);
      expectCanonical(all.text);
      const dcb = await api
        .http()
        .post(`/event-stores/${store}/query`)
        .set(bearer(tenant.key))
        .send({ query: { items: [{ types: ['dcb.untagged'] }] } })
        .expect(200);
      expectCanonical(dcb.text);
      expect(JSON.parse(dcb.text).events).toEqual([expect.objectContaining({ type: 'dcb.untagged', data: { a: 'b c' }, tags: [] })]);
    });
  });
});
