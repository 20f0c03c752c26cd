/** Deeper JSON than any event needs; class-transformer's recursion overflows the stack in the thousands. */
export const MAX_JSON_DEPTH = 64;

/** Keys through which a merge could reach a prototype; Nest's ValidationPipe deletes them too. */
const PROTOTYPE_KEYS = ['__proto__', 'prototype', 'constructor'];

/**
 * Readies a parsed body, in one walk: deletes the PROTOTYPE_KEYS from every object in it (so that no
 * later step, validated or not, sees them), and says why it would be stored wrongly or crash
 * validation, or returns null: nested deeper than MAX_JSON_DEPTH, or holding a number JSON.parse
 * turned into Infinity (`1e400`), which would be stored as null. The walk is iterative, so a
 * hostile body cannot overflow it either.
 */
export function checkBodyShape(body: unknown): string | null {
  const pending: [unknown, number][] = [[body, 0]];
  while (pending.length > 0) {
    const [value, depth] = pending.pop()!;
    if (typeof value === 'number' && !Number.isFinite(value)) return 'numbers must be finite (e.g. 1e400 is out of range)';
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) return `JSON must not be nested deeper than ${MAX_JSON_DEPTH} levels`;
    if (!Array.isArray(value))
      for (const key of PROTOTYPE_KEYS) if (Object.hasOwn(value, key)) delete (value as Record<string, unknown>)[key];
    for (const child of Object.values(value)) pending.push([child, depth + 1]);
  }
  return null;
}
