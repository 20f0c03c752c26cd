import { eventPayload, eventSizeBytes } from './event-payload';

describe('eventPayload', () => {
  it('carries every submitted field, and the size of data and metadata in UTF-8 bytes, per event and in all', () => {
    const { json, sizeBytes } = eventPayload([
      { type: 'a', data: { text: 'héllo ✓', n: [1, null] }, metadata: { m: 1 }, tags: ['x', 'x', 'y'], schemaVersion: '2' },
      { type: 'b', data: {} },
      { type: 'c', data: { k: 1 }, metadata: null },
    ]);
    const sizes = [Buffer.byteLength('{"text":"héllo ✓","n":[1,null]}') + '{"m":1}'.length, '{}'.length, '{"k":1}'.length];
    expect(JSON.parse(json)).toEqual([
      { type: 'a', tags: ['x', 'y'], schemaVersion: '2', sizeBytes: sizes[0], data: { text: 'héllo ✓', n: [1, null] }, metadata: { m: 1 } },
      { type: 'b', sizeBytes: sizes[1], data: {} },
      { type: 'c', sizeBytes: sizes[2], data: { k: 1 } },
    ]);
    expect(sizeBytes).toBe(sizes[0] + sizes[1] + sizes[2]);
  });

  it('measures an event read back with its keys reordered (as jsonb returns them) as it was measured when appended', () => {
    const appended = { zeta: 'ü', a: [1.5, { y: null, x: 1e21 }], mid: -0 };
    const { sizeBytes } = eventPayload([{ type: 't', data: appended, metadata: { b: 1, a: 'é' } }]);
    const readBack = JSON.parse('{"a": [1.5, {"x": 1000000000000000000000, "y": null}], "mid": 0, "zeta": "ü"}');
    expect(eventSizeBytes(readBack, { a: 'é', b: 1 })).toBe(sizeBytes);
    expect(eventSizeBytes({}, null)).toBe(2);
  });
});
