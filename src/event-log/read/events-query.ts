import type { EventFilter } from '../../common/event-filter';
import { escapeLike } from '../../common/sql';
import type { ReadDirection } from '../../common/decorators/query-params.decorators';
import { pageColumns, pageOf } from './page-budget';

export interface EventsFilter {
  types?: EventFilter[];
  streams?: string[];
  after?: string;
  before?: string;
  fromGlobalPosition?: number;
  direction: ReadDirection;
  limit: number;
  offset: number;
}

/** The SQL condition on `type` for one event filter, its values added through `param`. */
export function typeCondition(type: EventFilter, param: (value: unknown) => string): string {
  switch (type.kind) {
    case 'exact':
      return `type = ${param(type.type)}`;
    case 'prefix':
      return `type LIKE ${param(`${escapeLike(type.prefix)}%`)}`;
    case 'suffix':
      return `type LIKE ${param(`%${escapeLike(type.suffix)}`)}`;
    case 'all':
      return 'true';
  }
}

/**
 * The cross-stream read as one parameterised statement. Every filter narrows within the store and
 * one row beyond the limit tells whether more follow. When the types are all exact, each becomes
 * its own scan of events_type_idx in position order, limited, and the few rows are merged: the plan
 * PostgreSQL cannot find for `type = ANY(...)`, which walks the whole store or sorts every match.
 * Patterns are filters on the walk of the primary key. The page is then cut at `pageBudget` bytes, and
 * its events come as rows of their JSON (pageOf).
 */
export function eventsQuery(eventStoreId: string, filter: EventsFilter, pageBudget: number): { text: string; values: unknown[] } {
  const values: unknown[] = [eventStoreId];
  const param = (value: unknown) => `$${values.push(value)}`;
  const where = ['event_store_id = $1'];
  if (filter.streams?.length) where.push(`stream_id = ANY(${param(filter.streams)}::text[])`);
  if (filter.after) where.push(`created_at > ${param(filter.after)}::timestamptz`);
  if (filter.before) where.push(`created_at < ${param(filter.before)}::timestamptz`);
  const forward = filter.direction === 'forward';
  if (filter.fromGlobalPosition !== undefined) where.push(`global_position ${forward ? '>=' : '<='} ${param(filter.fromGlobalPosition)}`);
  const direction = forward ? 'ASC' : 'DESC';
  const order = `ORDER BY global_position ${direction}`;
  const paged = (page: string) => ({
    text: pageOf(page, {
      order: `global_position ${direction}`,
      limit: `${param(filter.limit)}::int`,
      budget: `${param(pageBudget)}::bigint`,
    }),
    values,
  });

  const types = filter.types ?? [];
  const constrained = types.length > 0 && !types.some((type) => type.kind === 'all');
  if (constrained && types.every((type) => type.kind === 'exact')) {
    const perType = param(filter.offset + filter.limit + 1);
    const branches = [...new Set(types.map((type) => (type.kind === 'exact' ? type.type : '')))].map(
      (type) =>
        `(SELECT ${pageColumns('stored')} FROM events WHERE ${[...where, `type = ${param(type)}`].join(' AND ')} ${order} LIMIT ${perType})`,
    );
    return paged(
      `SELECT * FROM (${branches.join(' UNION ALL ')}) matched ORDER BY global_position ${direction} OFFSET ${param(filter.offset)} LIMIT ${param(filter.limit + 1)}`,
    );
  }
  if (constrained) where.push(`(${types.map((type) => typeCondition(type, param)).join(' OR ')})`);
  return paged(
    `SELECT ${pageColumns('stored')} FROM events WHERE ${where.join(' AND ')} ${order} OFFSET ${param(filter.offset)} LIMIT ${param(filter.limit + 1)}`,
  );
}
