import { JsonText } from '../../common/json/json-text';
import { eventPayload, SERIALISED_BYTES_PER_TURN } from './event-payload';

describe('eventPayload', () => {
  it('lays data and metadata end to end as compact JSON text, and says where each lies and how many UTF-8 bytes it takes', async () => {
    const { json, payload, sizeBytes } = await eventPayload([
      { type: 'a', data: { text: 'héllo ✓', n: [1, null] }, metadata: { m: 1 }, tags: ['x', 'x', 'y'], schemaVersion: '2' },
      { type: 'b', data: {} },
      { type: 'c', data: { k: 1 }, metadata: null },
    ]);
    const dataA = Buffer.byteLength('{"text":"héllo ✓","n":[1,null]}');
    expect(payload.toString()).toBe('{"text":"héllo ✓","n":[1,null]}{"m":1}{}{"k":1}');
    expect(JSON.parse(json)).toEqual([
      { type: 'a', tags: ['x', 'y'], schemaVersion: '2', sizeBytes: dataA + 7, dataBytes: dataA, payloadAt: 0 },
      { type: 'b', sizeBytes: 2, dataBytes: 2, payloadAt: dataA + 7 },
      { type: 'c', sizeBytes: 7, dataBytes: 7, payloadAt: dataA + 9 },
    ]);
    expect(sizeBytes).toBe(payload.length);
    // Each event's bytes, cut from the payload as PostgreSQL cuts them, are its JSON.
    const cut = (at: number, length: number) => payload.subarray(at, at + length).toString();
    expect(JSON.parse(cut(0, dataA))).toEqual({ text: 'héllo ✓', n: [1, null] });
    expect(JSON.parse(cut(dataA, 7))).toEqual({ m: 1 });
  });

  it('takes data and metadata kept as text as their bytes, beside values it serialises', async () => {
    const kept = (text: string) => new JsonText([Buffer.from(text)]);
    const { json, payload } = await eventPayload([
      { type: 'a', data: kept('{"s":"ü✓"}'), metadata: kept('{"m":"é"}') },
      { type: 'b', data: { s: 'ü' }, metadata: null },
      { type: 'c', data: kept('{}'), metadata: { n: 1 } },
    ]);
    expect(payload.toString()).toBe('{"s":"ü✓"}{"m":"é"}{"s":"ü"}{}{"n":1}');
    const a = Buffer.byteLength('{"s":"ü✓"}');
    const m = Buffer.byteLength('{"m":"é"}');
    const b = Buffer.byteLength('{"s":"ü"}');
    expect(JSON.parse(json)).toEqual([
      { type: 'a', sizeBytes: a + m, dataBytes: a, payloadAt: 0 },
      { type: 'b', sizeBytes: b, dataBytes: b, payloadAt: a + m },
      { type: 'c', sizeBytes: 9, dataBytes: 2, payloadAt: a + m + b },
    ]);
  });

  it('lets other work run between the megabytes of a large append, and never pauses a small one', async () => {
    const turnsDuring = async (events: { type: string; data: Record<string, unknown> }[]) => {
      let turns = 0;
      let counting = true;
      const count = () => {
        if (!counting) return;
        turns += 1;
        setImmediate(count);
      };
      setImmediate(count);
      await eventPayload(events);
      counting = false;
      return turns;
    };
    const large = Array.from({ length: 1000 }, (_, i) => ({ type: 'bulk', data: { i, payload: 'x'.repeat(10_000) } }));
    expect(await turnsDuring(large)).toBeGreaterThanOrEqual(Math.floor((1000 * 10_000) / SERIALISED_BYTES_PER_TURN) - 1);
    expect(await turnsDuring([{ type: 'one', data: { n: 1 } }])).toBe(0);
  });
});
