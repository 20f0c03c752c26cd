import { Client } from 'pg';
import { compactJsonb } from '../../src/event-log/read/stored-event';
import { ApiClient, bearer, TenantKey } from '../support/api-client';
import { startTestApp, TestApp } from '../support/test-app';
import { testEnvironment } from '../support/test-environment';

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
  describe('compactJsonb', () => {
    let pg: Client;
    const jsonbText = async (value: unknown): Promise<string> =>
      (await pg.query<{ text: string }>('SELECT $1::jsonb::text AS text', [JSON.stringify(value)])).rows[0].text;

    beforeAll(async () => {
      // Only jsonb's output function is used: nothing is written to the server's maintenance database.
      pg = new Client({ connectionString: testEnvironment.postgresUrl });
      await pg.connect();
    });
    afterAll(() => pg.end());

    it.each(TRICKY.map((value) => [JSON.stringify(value), value]))('writes %s as JSON.stringify would', async (_, value) => {
      const text = await jsonbText(value);
      expect(compactJsonb(text)).toBe(JSON.stringify(JSON.parse(text)));
    });

    it('keeps the digits PostgreSQL stores: a number JavaScript writes with an exponent comes back positional, the same value', async () => {
      const text = await jsonbText({ small: 1e-7, large: 1e21 });
      expect(compactJsonb(text)).toBe('{"large":1000000000000000000000,"small":0.0000001}');
      expect(JSON.parse(compactJsonb(text))).toEqual({ small: 1e-7, large: 1e21 });
    });

    it('agrees with JSON.stringify on 500 random values', async () => {
      const random = seeded(20261124);
      for (let i = 0; i < 500; i++) {
        const text = await jsonbText(randomJson(random));
        expect(compactJsonb(text)).toBe(JSON.stringify(JSON.parse(text)));
      }
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
      expect(events[1]).not.toHaveProperty('metadata');
      expect(events[1]).not.toHaveProperty('tags');
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
