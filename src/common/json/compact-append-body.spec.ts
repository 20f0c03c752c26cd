import { isUtf8 } from 'node:buffer';
import stableStringify from 'safe-stable-stringify';
import { eventPayload } from '../../event-log/append/event-payload';
import { checkBodyShape, MAX_JSON_DEPTH } from '../body-shape';
import { compactAppendBody } from './compact-append-body';
import { JsonText } from './json-text';

const body = (data: string, rest = '') => Buffer.from(`{"events":[{"type":"t","data":${data}${rest}}]}`);

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** What the usual path makes of the bytes: the parsed body after checkBodyShape, or why it refuses them. */
function usualPath(bytes: Buffer): { body: { events: { data: object }[] } } | { refused: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch {
    return { refused: 'not JSON' };
  }
  const problem = checkBodyShape(parsed);
  return problem ? { refused: problem } : { body: parsed as { events: { data: object }[] } };
}

/**
 * Whenever compactAppendBody takes a body, the usual path would have taken it too, with the same
 * value, and the events' payloads are the same bytes. Returns whether it took the body.
 */
async function expectSameAsUsualPath(bytes: Buffer): Promise<boolean> {
  const compact = compactAppendBody(bytes);
  if (!compact) return false;
  const usual = usualPath(bytes);
  if (!('body' in usual)) throw new Error(`taken, but the usual path refuses it (${usual.refused}): ${bytes.toString()}`);
  expect(JSON.stringify(compact)).toBe(JSON.stringify(usual.body));
  // The Idempotency-Key's fingerprint serialises the body with sorted keys.
  expect(stableStringify(compact)).toBe(stableStringify(usual.body));
  // Every data and metadata that is an object is kept as text.
  const kept = (events: Record<string, unknown>[], keep: (value: unknown) => boolean) =>
    events.flatMap((event) => ['data', 'metadata'].map((field) => keep(event[field])));
  expect(kept(compact.events as never, (value) => value instanceof JsonText)).toEqual(kept(usual.body.events as never, isObject));
  // The payloads of events validation lets through (each with object data) are the same bytes.
  if (!Array.isArray(usual.body.events) || !usual.body.events.every((event) => isObject(event) && isObject(event.data))) return true;
  const [fast, slow] = await Promise.all([eventPayload(compact.events as never), eventPayload(usual.body.events as never)]);
  expect(fast.payload.equals(slow.payload)).toBe(true);
  expect(fast.json).toBe(slow.json);
  return true;
}

/** A small deterministic generator (the same cases every run). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
}

const STRINGS = ['', 'a', 'héllo ✓', '😀', 'q"uote', 'back\\slash', 'line\nbreak', 'tab\t', 'nul\u0000', '\u001f', '\u007f', '\u2028', '/'];
const NUMBERS = [
  '0',
  '1',
  '-1',
  '1.5',
  '1.50',
  '1e2',
  '1E2',
  '1e+21',
  '1e21',
  '-0',
  '0.1',
  '1e-7',
  '123456789012345',
  '1234567890123456789',
  '5e-324',
];
const KEYS = ['a', 'b', 'type', 'data', '0', '10', '007', '__proto__', 'constructor', 'prototype', 'é', 'k"ey'];

/** JSON text, mostly compact, sometimes in forms JSON.stringify would not write (escapes, numbers, spaces, duplicate keys). */
function jsonText(next: () => number, depth: number): string {
  const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)];
  const roll = next();
  const space = () => (next() < 0.03 ? pick([' ', '\n', '\t']) : '');
  if (depth > 3 || roll < 0.35) {
    const scalar = next();
    if (scalar < 0.4) {
      const text = JSON.stringify(pick(STRINGS));
      return next() < 0.1 ? text.replace(/[a/]/, (c) => (c === '/' ? '\\/' : '\\u0061')) : text;
    }
    if (scalar < 0.8) return pick(NUMBERS);
    return pick(['true', 'false', 'null']);
  }
  if (roll < 0.55) {
    const items = Array.from({ length: Math.floor(next() * 4) }, () => space() + jsonText(next, depth + 1) + space());
    return `[${items.join(',')}]`;
  }
  const members = Array.from(
    { length: Math.floor(next() * 5) },
    () => `${JSON.stringify(pick(KEYS))}:${space()}${jsonText(next, depth + 1)}`,
  );
  return `{${members.join(',')}}`;
}

describe('compactAppendBody', () => {
  it('takes the data and metadata of compact bodies as their bytes, and the rest as JSON.parse gives it', async () => {
    const bytes = Buffer.from(
      '{"events":[{"type":"a","data":{"text":"héllo ✓","n":[1,-2.5,null,true],"q":"\\"\\\\\\n"},"metadata":{"m":1},"tags":["x"]},' +
        '{"type":"b","data":{},"metadata":null,"schemaVersion":"2"}],"expectedStreamVersion":-1}',
    );
    const compact = compactAppendBody(bytes)!;
    const events = compact.events as { data: JsonText; metadata?: JsonText | null }[];
    expect(events[0].data.bytes.toString()).toBe('{"text":"héllo ✓","n":[1,-2.5,null,true],"q":"\\"\\\\\\n"}');
    expect(events[0].metadata!.bytes.toString()).toBe('{"m":1}');
    // `{}` is kept too; a null metadata is a value of the rest.
    expect(events[1].data.bytes.toString()).toBe('{}');
    expect(events[1].metadata).toBeNull();
    expect(compact).toMatchObject({
      expectedStreamVersion: -1,
      events: [
        { type: 'a', tags: ['x'] },
        { type: 'b', schemaVersion: '2' },
      ],
    });
    expect(await expectSameAsUsualPath(bytes)).toBe(true);
  });

  it.each([
    ['spaces', '{ "a":1}'],
    ['a line break', '{"a":\n1}'],
    ['an escaped solidus', '{"a":"\\/"}'],
    ['a \\u escape', '{"a":"\\u0041"}'],
    ['a control character written as \\u', '{"a":"\\u001f"}'],
    ['a trailing zero', '{"a":1.50}'],
    ['an exponent', '{"a":1e2}'],
    ['a negative zero', '{"a":-0}'],
    ['a long integer', '{"a":1234567890123456789}'],
    ['a repeated key', '{"a":1,"a":2}'],
    ['a key made of digits', '{"b":1,"1":2}'],
    ['__proto__', '{"__proto__":{"x":1}}'],
    ['constructor', '{"constructor":1}'],
    ['prototype', '{"prototype":1}'],
  ])('leaves a body to the usual path when the data has %s', async (_case, data) => {
    expect(compactAppendBody(body(data))).toBeNull();
    // ...which the usual path accepts, and reads as another text.
    expect(usualPath(body(data))).toHaveProperty('body');
  });

  it.each([
    ['a raw control character', '{"a":"\u0001"}'],
    ['an unknown escape', '{"a":"\\x"}'],
    ['a leading zero', '{"a":01}'],
    ['a bare dot', '{"a":1.}'],
    ['an unfinished string', '{"a":"b}'],
    ['a misspelt literal', '{"a":tru}'],
    ['a missing colon', '{"a" 1}'],
    ['a trailing comma', '{"a":1,}'],
    ['a number too large', '{"a":1e400}'],
  ])('refuses a body whose data has %s, which the usual path refuses too', async (_case, data) => {
    expect(compactAppendBody(body(data))).toBeNull();
    expect(usualPath(body(data))).toHaveProperty('refused');
  });

  it('leaves bodies to the usual path when there is nothing to keep, when they do not end with the JSON, or when they are too deep', () => {
    expect(compactAppendBody(Buffer.from('{"events":[{"type":"t","data":[1]}]}'))).toBeNull();
    expect(compactAppendBody(Buffer.from('{"name":"x"}'))).toBeNull();
    expect(compactAppendBody(Buffer.from(''))).toBeNull();
    expect(compactAppendBody(Buffer.from(`${body('{}').toString()}\n`))).toBeNull();
    expect(compactAppendBody(Buffer.from(`${body('{}').toString()}x`))).toBeNull();
    // `events` twice: JSON.parse keeps the second, and so must the stored events.
    expect(compactAppendBody(Buffer.from('{"events":[{"type":"t","data":{"a":1}}],"events":[]}'))).toBeNull();
    const nested = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
    // The data object itself is at depth 3 of the body.
    expect(compactAppendBody(body(nested(MAX_JSON_DEPTH - 3)))).not.toBeNull();
    expect(compactAppendBody(body(nested(MAX_JSON_DEPTH - 2)))).toBeNull();
    expect(usualPath(body(nested(MAX_JSON_DEPTH - 2)))).toHaveProperty('refused');
  });

  it('finds a repeated key among many (compared in turn, then in a Set)', async () => {
    const keys = Array.from({ length: 40 }, (_, i) => `k${i % 10}${'x'.repeat(Math.floor(i / 10))}`);
    const object = (names: string[]) => `{${names.map((name, i) => `"${name}":${i}`).join(',')}}`;
    expect(await expectSameAsUsualPath(body(object(keys)))).toBe(true);
    for (const [at, again] of [
      [5, 2],
      [20, 3],
      [39, 17],
      [39, 38],
    ]) {
      const repeated = keys.map((key, i) => (i === at ? keys[again] : key));
      expect(compactAppendBody(body(object(repeated)))).toBeNull();
    }
  });

  it('takes only what the usual path takes, as the usual path takes it, over 10,000 generated bodies and their corruptions', async () => {
    const next = random(27);
    let taken = 0;
    let corruptedTaken = 0;
    for (let index = 0; index < 10_000; index += 1) {
      // One to three events, each with data of three generated values and sometimes metadata.
      const events = Array.from({ length: 1 + Math.floor(next() * 3) }, (_, i) => {
        const data = `{${['"a":', '"b":', '"c":'].map((key) => key + jsonText(next, 1)).join(',')}}`;
        const metadata = next() < 0.5 ? `,"metadata":{"m":${jsonText(next, 2)}}` : '';
        return `{"type":"t${i}","data":${data}${metadata}}`;
      });
      const bytes = Buffer.from(`{"events":[${events.join(',')}]${next() < 0.3 ? ',"expectedStreamVersion":1' : ''}}`);
      if (await expectSameAsUsualPath(bytes)) taken += 1;
      // A byte changed, dropped or cut off: whatever compactAppendBody takes, the usual path takes the same (of the
      // bodies in UTF-8: the parser refuses the others before either).
      const at = Math.floor(next() * bytes.length);
      const corrupted = [
        Buffer.concat([bytes.subarray(0, at), Buffer.from([Math.floor(next() * 128)]), bytes.subarray(at + 1)]),
        Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + 1)]),
        bytes.subarray(0, at),
      ];
      for (const variant of corrupted) if (isUtf8(variant) && (await expectSameAsUsualPath(variant))) corruptedTaken += 1;
    }
    // Both kinds were really exercised.
    expect(taken).toBeGreaterThan(150);
    expect(taken).toBeLessThan(9_500);
    expect(corruptedTaken).toBeGreaterThan(50);
  });

  it('takes any body JSON.stringify writes of values it would write back the same', async () => {
    const events = Array.from({ length: 50 }, (_, i) => ({
      type: `order.${i}`,
      data: {
        id: `o-${i}`,
        amount: i * 100 + 0.25,
        lines: [{ sku: 'é😀"\\', qty: i }],
        at: new Date(0).toISOString(),
        ok: i % 2 === 0,
        none: null,
      },
      metadata: i % 3 === 0 ? { correlationId: `c-${i}` } : undefined,
      tags: [`order:${i}`],
    }));
    expect(await expectSameAsUsualPath(Buffer.from(JSON.stringify({ events, expectedStreamVersion: 'any' })))).toBe(true);
  });
});
