import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { EventStoreResolver } from '../../event-stores/event-store-resolver';
import { EventStoreNotFoundError } from '../../event-stores/event-store.errors';
import { GetStoreActivityQuery, StoreActivity } from './get-store-activity.query';

/**
 * One range scan of events_created_at_idx per minute (60 in all), each counting index entries
 * only: the cost is the number of events of the last hour, never the store's size. Minutes are
 * the database's, so that every API instance draws the same chart.
 */
const ACTIVITY = `
  SELECT m.start, count(e.global_position)::int AS events, s.last_position
    FROM event_stores s
   CROSS JOIN generate_series(date_trunc('minute', now()) - interval '59 minutes', date_trunc('minute', now()), interval '1 minute') AS m(start)
    LEFT JOIN events e
      ON e.event_store_id = s.id AND e.created_at >= m.start AND e.created_at < m.start + interval '1 minute'
   WHERE s.id = $1
   GROUP BY m.start, s.last_position
   ORDER BY m.start`;

@QueryHandler(GetStoreActivityQuery)
export class GetStoreActivityHandler implements IQueryHandler<GetStoreActivityQuery> {
  constructor(
    private readonly stores: EventStoreResolver,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async execute({ tenantId, eventStoreRef }: GetStoreActivityQuery): Promise<StoreActivity> {
    const eventStoreId = await this.stores.resolveId(tenantId, eventStoreRef);
    const rows: { start: Date; events: number; last_position: string }[] = await this.dataSource.query(ACTIVITY, [eventStoreId]);
    // The store was deleted since its id was resolved (the resolver remembers ids for a second).
    if (rows.length === 0) throw new EventStoreNotFoundError(eventStoreRef);
    return {
      eventStoreId,
      lastPosition: Number(rows[0].last_position),
      minutes: rows.map(({ start, events }) => ({ start, events })),
    };
  }
}
