import type { CopiedRow } from '../../database/binary-copy';
import { pageJson } from './stored-event';

const int8 = (value: number) => {
  const bytes = Buffer.alloc(8);
  bytes.writeBigInt64BE(BigInt(value));
  return bytes;
};
const int4 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeInt32BE(value);
  return bytes;
};
/** A row of pageOf as a binary copy returns it: the event's JSON (null after the page), its global position, its place, whether in the page. */
const row = (place: number, position: number, json: string | null): CopiedRow => [
  json === null ? null : Buffer.from(json),
  int8(position),
  int4(place),
  Buffer.from([json === null ? 0 : 1]),
];
const text = (page: ReturnType<typeof pageJson>) => page.events.text;

describe('pageJson', () => {
  it('joins the events into one array in the order of their place, whatever order the rows came in', () => {
    const page = pageJson([row(3, 30, '{"c":"é"}'), row(1, 10, '{"a":1}'), row(2, 20, '{"b":[2]}')]);
    expect(text(page)).toBe('[{"a":1},{"b":[2]},{"c":"é"}]');
    expect(JSON.parse(text(page))).toEqual([{ a: 1 }, { b: [2] }, { c: 'é' }]);
    expect(page).toMatchObject({ hasMore: false, lastPosition: 30 });
  });

  it('says more follow when a row is not in the page (the one after it), and ends at the last event in the page', () => {
    const page = pageJson([row(1, 10, '{"a":1}'), row(2, 20, '{"b":2}'), row(3, 25, null)]);
    expect(text(page)).toBe('[{"a":1},{"b":2}]');
    expect(page).toMatchObject({ hasMore: true, lastPosition: 20 });
  });

  it('is an empty array for no rows, or for the single row without a place of an empty stream page', () => {
    expect(pageJson([])).toMatchObject({ hasMore: false, lastPosition: null });
    expect(text(pageJson([]))).toBe('[]');
    const emptyStreamPage = pageJson([[null, null, null, null, Buffer.from('7')]]);
    expect(text(emptyStreamPage)).toBe('[]');
    expect(emptyStreamPage).toMatchObject({ hasMore: false, lastPosition: null });
  });

  it('reads positions beyond 32 bits', () => {
    expect(pageJson([row(1, 2 ** 40 + 1, '{}')]).lastPosition).toBe(2 ** 40 + 1);
  });
});
