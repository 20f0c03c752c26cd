import { MAX_JSON_DEPTH, shapeProblem } from './body-shape';

const nested = (depth: number) => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: [value] };
  return value;
};

describe('shapeProblem', () => {
  it('accepts ordinary bodies, including nulls and nested lists', () => {
    expect(shapeProblem({ events: [{ type: 'x', data: { a: null, b: [1, 'two', { c: true }] } }] })).toBeNull();
    expect(shapeProblem(undefined)).toBeNull();
  });

  it('refuses non-finite numbers anywhere', () => {
    expect(shapeProblem({ events: [{ data: { n: JSON.parse('1e400') } }] })).toMatch(/finite/);
  });

  it('refuses nesting beyond the limit without overflowing itself', () => {
    expect(shapeProblem(nested(MAX_JSON_DEPTH / 2 - 1))).toBeNull();
    expect(shapeProblem(nested(MAX_JSON_DEPTH))).toMatch(/nested/);
    expect(shapeProblem(nested(100_000))).toMatch(/nested/);
  });
});
