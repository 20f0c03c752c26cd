import { eventPayload } from './event-payload';

describe('eventPayload', () => {
  it('carries every submitted field, data and metadata as their compact JSON text, and their size in UTF-8 bytes, per event and in all', () => {
    const { json, sizeBytes } = eventPayload([
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
});
