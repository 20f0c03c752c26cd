import { eventPayload } from './event-payload';

describe('eventPayload', () => {
  it('carries every submitted field and the size of data and metadata in UTF-8 bytes', () => {
    const payload = JSON.parse(
      eventPayload([
        { type: 'a', data: { text: 'héllo ✓', n: [1, null] }, metadata: { m: 1 }, tags: ['x', 'x', 'y'], schemaVersion: '2' },
        { type: 'b', data: {} },
        { type: 'c', data: { k: 1 }, metadata: null },
      ]),
    );
    expect(payload).toEqual([
      { type: 'a', tags: ['x', 'y'], schemaVersion: '2', sizeBytes: Buffer.byteLength('{"text":"héllo ✓","n":[1,null]}') + 7, data: { text: 'héllo ✓', n: [1, null] }, metadata: { m: 1 } },
      { type: 'b', sizeBytes: 2, data: {} },
      { type: 'c', sizeBytes: 7, data: { k: 1 } },
    ]);
  });
});
