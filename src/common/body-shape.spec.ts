import { checkBodyShape, MAX_JSON_DEPTH } from './body-shape';

const nested = (depth: number) => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: [value] };
  return value;
};

describe('checkBodyShape', () => {
  it('accepts ordinary bodies, including nulls and nested lists', () => {
    expect(checkBodyShape({ events: [{ type: 'x', data: { a: null, b: [1, 'two', { c: true }] } }] })).toBeNull();
    expect(checkBodyShape(undefined)).toBeNull();
  });

  it('deletes prototype keys at every depth, leaving lists and other keys alone', () => {
    const body = JSON.parse('{"__proto__":{"x":1},"events":[{"data":{"constructor":1,"prototype":2,"keep":[{"__proto__":3,"a":4}]}}]}');
    expect(checkBodyShape(body)).toBeNull();
    expect(body).toEqual({ events: [{ data: { keep: [{ a: 4 }] } }] });
    expect(Object.hasOwn(body, '__proto__')).toBe(false);
  });

  it('refuses non-finite numbers anywhere', () => {
    expect(checkBodyShape({ events: [{ data: { n: JSON.parse('1e400') } }] })).toMatch(/finite/);
  });

  it('refuses nesting beyond the limit without overflowing itself', () => {
    expect(checkBodyShape(nested(MAX_JSON_DEPTH / 2 - 1))).toBeNull();
    expect(checkBodyShape(nested(MAX_JSON_DEPTH))).toMatch(/nested/);
    expect(checkBodyShape(nested(100_000))).toMatch(/nested/);
  });
});
