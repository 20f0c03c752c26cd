import { ArgumentMetadata, ValidationPipe } from '@nestjs/common';
import { AppendDcbEventsDto } from '../../dcb/dto/append-dcb-events.dto';
import { JwtAppendToStreamDto } from '../../streams/dto/jwt-append-to-stream.dto';
import { AppendToStreamDto } from '../../streams/dto/append-to-stream.dto';
import { JwtStreamParamsDto, StreamParamsDto } from '../../streams/dto/stream-params.dto';
import { compactAppendBody } from '../json/compact-append-body';
import { AppValidationPipe, Prechecked, VALIDATION_OPTIONS } from './app-validation.pipe';

/**
 * Every precheck against the decorators it shortcuts, on bodies drawn from pools of valid and
 * invalid values for each field: whatever a precheck accepts, the full ValidationPipe must accept
 * too and turn into an equal instance of the same classes. A precheck may decline valid input (the
 * full path then decides), but not the ordinary bodies, or it would save nothing.
 */

/** A small seeded generator, so that a failure can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

const ABSENT = Symbol('absent');
type Pools = Record<string, unknown[]>;

/**
 * An object taking each field from its pool (ABSENT leaves it out; a function draws a nested value):
 * mostly the first entry, which is valid, so that whole bodies are valid often enough.
 */
function draw(pools: Pools, next: () => number): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  for (const [field, pool] of Object.entries(pools)) {
    const choice = next() < 0.7 ? pool[0] : pool[Math.floor(next() * pool.length)];
    const drawn = typeof choice === 'function' ? (choice as (n: () => number) => unknown)(next) : choice;
    if (drawn !== ABSENT) value[field] = drawn;
  }
  return value;
}

const longText = 'x'.repeat(256);
const tagLists = [
  ABSENT,
  [],
  ['customer:c-7'],
  ['a', 'b:c'],
  ['a,b'],
  [''],
  [longText],
  [1],
  'tag',
  null,
  Array.from({ length: 51 }, (_, i) => `t${i}`),
];
const eventPools: Pools = {
  type: ['order.placed', 'Ünïcode.事件', '', 'has space', 'tab\there', longText, 7, null, ABSENT],
  data: [{}, { a: 1, nested: { b: [1, null] } }, [], 'text', null, ABSENT],
  metadata: [ABSENT, null, { correlationId: 'c' }, [], 'meta', 3],
  tags: tagLists,
  schemaVersion: [ABSENT, '1', '2.0-beta', '', 'v'.repeat(65), 'v'.repeat(64), 'ü', '😀', 2, null],
  extra: [ABSENT, 'stripped'],
};
const event = (next: () => number) => draw(eventPools, next);
const eventLists = [
  (next: () => number) => [event(next)],
  (next: () => number) => [event(next), event(next), event(next)],
  (next: () => number) => [event(next), []],
  [[]],
  [],
  Array.from({ length: 1001 }, () => ({ type: 't', data: {} })),
  'events',
  null,
  ABSENT,
];
const versions = [ABSENT, 'any', 'no_stream', 'stream_exists', -1, 0, 41, -2, 1.5, '3', 'latest', null, Number.MAX_SAFE_INTEGER + 2];

const queryItem = (next: () => number) =>
  draw(
    {
      types: tagLists.map((tags) => (Array.isArray(tags) ? tags.map((tag) => (tag === 'a,b' ? 'has space' : tag)) : tags)),
      tags: tagLists,
      extra: [ABSENT, 1],
    },
    next,
  );
const queries = [
  (next: () => number) => ({ items: [queryItem(next)] }),
  {},
  { items: [] },
  (next: () => number) => ({ items: [queryItem(next), queryItem(next)] }),
  { items: Array.from({ length: 101 }, () => ({ types: ['t'] })) },
  { items: [1] },
  { items: [[]] },
  { items: null },
  { items: 'all' },
  [],
  null,
  ABSENT,
];
const conditions = [
  (next: () => number) =>
    draw(
      { failIfEventsMatch: queries, after: [ABSENT, 0, 41, -1, 2.5, '4', null, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 2] },
      next,
    ),
  ABSENT,
  null,
  'condition',
];

const cases: { dto: Prechecked & (new () => object); type: ArgumentMetadata['type']; pools: Pools; ordinary: unknown }[] = [
  {
    dto: AppendToStreamDto,
    type: 'body',
    pools: { events: eventLists, expectedStreamVersion: versions, extra: [ABSENT, true] },
    ordinary: { events: [{ type: 'order.placed', data: { id: 1 } }], expectedStreamVersion: 3 },
  },
  {
    dto: JwtAppendToStreamDto,
    type: 'body',
    pools: {
      events: eventLists,
      expectedStreamVersion: versions,
      options: [ABSENT, null, 'options', [], (next: () => number) => draw({ expectedStreamVersion: versions, extra: [ABSENT, 1] }, next)],
    },
    ordinary: { events: [{ type: 'order.placed', data: { id: 1 } }], options: { expectedStreamVersion: 'no_stream' } },
  },
  {
    dto: AppendDcbEventsDto,
    type: 'body',
    pools: { events: eventLists, condition: conditions },
    ordinary: {
      events: [{ type: 'course.created', data: {}, tags: ['course:c1'] }],
      condition: { failIfEventsMatch: { items: [{ types: ['course.created'], tags: ['course:c1'] }] }, after: 0 },
    },
  },
  {
    dto: StreamParamsDto,
    type: 'param',
    pools: { eventStoreId: ['es_1', 'orders', '', 5, ABSENT], streamId: ['order-1', '$dcb', 'a/b', '', longText, 'ü', ABSENT] },
    ordinary: { eventStoreId: 'orders', streamId: 'order-1' },
  },
  {
    dto: JwtStreamParamsDto,
    type: 'param',
    pools: { eventStoreName: ['orders', '', ABSENT], streamId: ['order-1', '$dcb', 'a/b', 'line\nbreak', ABSENT] },
    ordinary: { eventStoreName: 'orders', streamId: 'order-1' },
  },
];

const fullPipe = new ValidationPipe(VALIDATION_OPTIONS);

/** The full pipe's verdict: the instance it builds, or null when it refuses. */
async function fullVerdict(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
  try {
    return await fullPipe.transform(structuredClone(value), metadata);
  } catch {
    return null;
  }
}

describe.each(cases)('$dto.name.precheck', ({ dto, type, pools, ordinary }) => {
  const metadata: ArgumentMetadata = { type, metatype: dto, data: '' };

  it('accepts the ordinary input, building what the full pipe builds', async () => {
    const checked = dto.precheck(structuredClone(ordinary));
    expect(checked).toBeInstanceOf(dto);
    expect(checked).toStrictEqual(await fullVerdict(ordinary, metadata));
  });

  it('accepts nothing the full pipe refuses, and builds equal instances of the same classes', async () => {
    const next = random(7);
    let accepted = 0;
    let refused = 0;
    for (let i = 0; i < 400; i++) {
      const value = draw(pools, next);
      const checked = dto.precheck(structuredClone(value));
      if (checked === null) continue;
      const full = await fullVerdict(value, metadata);
      if (full === null) throw new Error(`precheck accepted what validation refuses: ${JSON.stringify(value)}`);
      expect(checked).toStrictEqual(full);
      accepted++;
    }
    for (let i = 0; i < 400; i++) if ((await fullVerdict(draw(pools, next), metadata)) === null) refused++;
    // Both verdicts occur, so the draw exercises both sides of the rules.
    expect(accepted).toBeGreaterThan(10);
    expect(refused).toBeGreaterThan(10);
  });
});

describe('the full pipe', () => {
  // Found by fuzzing: ValidateNested alone validates an array's items, so an event (or a query item)
  // that is itself an array passed, and the handler failed with a 500.
  it.each([
    [AppendToStreamDto, { events: [[]] }],
    [AppendToStreamDto, { events: [{ type: 't', data: {} }, [{ type: 't', data: {} }]] }],
    [JwtAppendToStreamDto, { events: [[]] }],
    [AppendDcbEventsDto, { events: [[]] }],
    [AppendDcbEventsDto, { events: [{ type: 't', data: {} }], condition: { failIfEventsMatch: { items: [[]] } } }],
  ])('refuses %p.name with a list where an object belongs: %j', async (dto, body) => {
    expect(await fullVerdict(body, { type: 'body', metatype: dto, data: '' })).toBeNull();
  });
});

describe('unknown fields', () => {
  const pipe = new AppValidationPipe(VALIDATION_OPTIONS);

  it.each([
    [AppendToStreamDto, { events: [{ type: 't', data: {} }], expectedVersion: 0 }, 'expectedVersion'],
    [AppendToStreamDto, { events: [{ type: 't', data: {}, tag: ['x'] }] }, 'events.0.tag'],
    [JwtAppendToStreamDto, { events: [{ type: 't', data: {} }], options: { expectedVersion: 0 } }, 'options.expectedVersion'],
    [
      AppendDcbEventsDto,
      { events: [{ type: 't', data: {} }], condition: { failIfEventsMatch: { items: [] }, afterPosition: 3 } },
      'condition.afterPosition',
    ],
    [
      AppendDcbEventsDto,
      { events: [{ type: 't', data: {} }], condition: { failIfEventsMatch: { items: [{ type: ['t'] }] } } },
      'condition.failIfEventsMatch.items.0.type',
    ],
  ])('%p.name refuses %j naming %s', async (dto, body, field) => {
    await expect(pipe.transform(body, { type: 'body', metatype: dto, data: '' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { fields: [{ field, message: expect.stringMatching(/should not exist/) }] },
    });
  });

  it('keeps any keys inside data and metadata', async () => {
    const body = { events: [{ type: 't', data: { whatever: { deep: [1] } }, metadata: { traceparent: 'x' } }] };
    await expect(pipe.transform(body, { type: 'body', metatype: AppendToStreamDto, data: '' })).resolves.toBeInstanceOf(AppendToStreamDto);
  });
});

describe('AppValidationPipe', () => {
  const pipe = new AppValidationPipe(VALIDATION_OPTIONS);

  it('returns the precheck instance for valid input and the full verdict for the rest', async () => {
    const metadata: ArgumentMetadata = { type: 'body', metatype: AppendToStreamDto, data: '' };
    await expect(pipe.transform({ events: [{ type: 't', data: { any: { key: 1 } } }] }, metadata)).resolves.toStrictEqual(
      Object.assign(new AppendToStreamDto(), { events: [expect.objectContaining({ type: 't', data: { any: { key: 1 } } })] }),
    );
    await expect(pipe.transform({ events: [{ type: 'has space', data: {} }] }, metadata)).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { fields: [{ field: 'events.0.type', message: expect.stringMatching(/type must be/) }] },
    });
  });
});

describe('AppValidationPipe on bodies whose data compactAppendBody kept as text', () => {
  const pipe = new AppValidationPipe(VALIDATION_OPTIONS);

  /** The pipe's verdict as JSON: the instance's class and value (JsonText as the value it encodes), or the error. */
  async function verdict(body: unknown, metadata: ArgumentMetadata): Promise<string> {
    try {
      const instance = (await pipe.transform(body, metadata)) as object;
      return `${instance.constructor.name} ${JSON.stringify(instance)}`;
    } catch (error) {
      return `refused ${JSON.stringify(error)}`;
    }
  }

  it.each(cases.filter(({ type }) => type === 'body'))('gives $dto.name the verdict it gives the parsed body', async ({ dto, pools }) => {
    const metadata: ArgumentMetadata = { type: 'body', metatype: dto, data: '' };
    const next = random(11);
    let compared = 0;
    const verdicts = new Set<string>();
    for (let i = 0; i < 400; i++) {
      const text = JSON.stringify(draw(pools, next));
      const compact = compactAppendBody(Buffer.from(text));
      if (!compact) continue;
      const expected = await verdict(JSON.parse(text), metadata);
      expect(await verdict(compact, metadata)).toBe(expected);
      verdicts.add(expected.split(' ')[0]);
      compared++;
    }
    // Accepted and refused bodies were both compared.
    expect(compared).toBeGreaterThan(50);
    expect([...verdicts].sort()).toEqual([dto.name, 'refused'].sort());
  });
});
