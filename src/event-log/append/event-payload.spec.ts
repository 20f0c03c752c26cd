import { eventPayload, SERIALISED_CHARACTERS_PER_TURN } from './event-payload';

describe('eventPayload', () => {
  it('carries every submitted field, data and metadata as their compact JSON text, and their size in UTF-8 bytes, per event and in all', async () => {
    const { json, sizeBytes } = await eventPayload([
      { type: 'a', data: { text: 'héllo ✓', n: [1, null] }, metadata: { m: 1 }, tags: ['x', 'x', 'y'], schemaVersion: '2' },
      { type: 'b', data: {} },
      { type: 'c', data: { k: 1 }, metadata: null },
    ]);
    const sizes = [Buffer.byteLength('{"text":"héllo ✓","n":[1,null]}') + '{"m":1}'.length, '{}'.length, '{"k":1}'.length];
    expect(JSON.parse(json)).toEqual([
      {
        type: 'a',
        tags: ['x', 'y'],
        schemaVersion: '2',
        sizeBytes: sizes[0],
        data: '{"text":"héllo ✓","n":[1,null]}',
        metadata: '{"m":1}',
      },
      { type: 'b', sizeBytes: sizes[1], data: '{}' },
      { type: 'c', sizeBytes: sizes[2], data: '{"k":1}' },
    ]);
    expect(sizeBytes).toBe(sizes[0] + sizes[1] + sizes[2]);
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
    expect(await turnsDuring(large)).toBeGreaterThanOrEqual(Math.floor((1000 * 10_000) / SERIALISED_CHARACTERS_PER_TURN) - 1);
    expect(await turnsDuring([{ type: 'one', data: { n: 1 } }])).toBe(0);
  });
});
