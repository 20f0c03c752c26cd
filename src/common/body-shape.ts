/** Deeper JSON than any event needs; class-transformer's recursion overflows the stack in the thousands. */
export const MAX_JSON_DEPTH = 64;

/**
 * Why a parsed body would be stored wrongly or crash validation, or null: nested deeper than
 * MAX_JSON_DEPTH, or holding a number JSON.parse turned into Infinity (`1e400`), which would be
 * stored as null. The walk is iterative, so a hostile body cannot overflow it either.
 */
export function shapeProblem(body: unknown): string | null {
  const pending: [unknown, number][] = [[body, 0]];
  while (pending.length > 0) {
    const [value, depth] = pending.pop()!;
    if (typeof value === 'number' && !Number.isFinite(value)) return 'numbers must be finite (e.g. 1e400 is out of range)';
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) return `JSON must not be nested deeper than ${MAX_JSON_DEPTH} levels`;
    for (const child of Object.values(value)) pending.push([child, depth + 1]);
  }
  return null;
}
