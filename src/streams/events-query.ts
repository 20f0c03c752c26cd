import type { EventFilter } from '../common/event-filter';
import { escapeLike } from '../common/sql';
import type { ReadDirection } from './dto/read-stream-params.dto';
import { EVENT_COLUMNS } from './stored-event';

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

/**
 * The cross-stream read as one parameterised statement. Every filter narrows within the store and
 * the primary key (event_store_id, global_position) gives the order; one row beyond the limit tells
 * whether more follow.
 */
export function eventsQuery(eventStoreId: string, filter: EventsFilter): { text: string; values: unknown[] } {
  const values: unknown[] = [eventStoreId];
  const param = (value: unknown) => `$${values.push(value)}`;
  const where = ['event_store_id = $1'];

  const types = filter.types ?? [];
  if (types.length > 0 && !types.some((type) => type.kind === 'all')) {
    const exact = types.flatMap((type) => (type.kind === 'exact' ? [type.type] : []));
    const patterns = types.flatMap((type) =>
      type.kind === 'prefix' ? [`${escapeLike(type.prefix)}%`] : type.kind === 'suffix' ? [`%${escapeLike(type.suffix)}`] : [],
    );
    const alternatives = [
      ...(exact.length > 0 ? [`type = ANY(${param(exact)}::text[])`] : []),
      ...patterns.map((pattern) => `type LIKE ${param(pattern)}`),
    ];
    where.push(`(${alternatives.join(' OR ')})`);
  }
  if (filter.streams?.length) where.push(`stream_id = ANY(${param(filter.streams)}::text[])`);
  if (filter.after) where.push(`created_at > ${param(filter.after)}::timestamptz`);
  if (filter.before) where.push(`created_at < ${param(filter.before)}::timestamptz`);
  const forward = filter.direction === 'forward';
  if (filter.fromGlobalPosition !== undefined) where.push(`global_position ${forward ? '>=' : '<='} ${param(filter.fromGlobalPosition)}`);

  const text = `SELECT ${EVENT_COLUMNS} FROM events WHERE ${where.join(' AND ')}
    ORDER BY global_position ${forward ? 'ASC' : 'DESC'} OFFSET ${param(filter.offset)} LIMIT ${param(filter.limit + 1)}`;
  return { text, values };
}
