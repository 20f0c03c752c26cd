/**
 * The subscription filter patterns of spec §6, also accepted by the cross-stream read's `types`:
 * `*`, `<prefix>.*`, `*.<suffix>` and an exact type.
 */
export type EventFilter =
  { kind: 'all' } | { kind: 'exact'; type: string } | { kind: 'prefix'; prefix: string } | { kind: 'suffix'; suffix: string };

/** An event type is at most 255 characters; a pattern adds `.*` or `*.`. */
export const MAX_EVENT_FILTER_LENGTH = 257;

const TYPE_PART = /^[^\s*\p{Cc}]+$/u;

/** The filter a pattern stands for, or null when the pattern has none of the four forms. */
export function parseEventFilter(pattern: string): EventFilter | null {
  if (pattern === '*') return { kind: 'all' };
  if (pattern.endsWith('.*')) {
    const prefix = pattern.slice(0, -2);
    return TYPE_PART.test(prefix) ? { kind: 'prefix', prefix: `${prefix}.` } : null;
  }
  if (pattern.startsWith('*.')) {
    const suffix = pattern.slice(2);
    return TYPE_PART.test(suffix) ? { kind: 'suffix', suffix: `.${suffix}` } : null;
  }
  return TYPE_PART.test(pattern) ? { kind: 'exact', type: pattern } : null;
}

export function matchesEventFilter(filter: EventFilter, type: string): boolean {
  switch (filter.kind) {
    case 'all':
      return true;
    case 'exact':
      return type === filter.type;
    case 'prefix':
      return type.startsWith(filter.prefix);
    case 'suffix':
      return type.endsWith(filter.suffix);
  }
}
