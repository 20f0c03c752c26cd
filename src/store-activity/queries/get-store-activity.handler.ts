import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { EventStoreResolver } from '../../event-stores/event-store-resolver';
import { EventStoreNotFoundError } from '../../event-stores/event-store.errors';
import { StoreActivityRepository } from '../store-activity.repository';
import { GetStoreActivityQuery, StoreActivity } from './get-store-activity.query';

@QueryHandler(GetStoreActivityQuery)
export class GetStoreActivityHandler implements IQueryHandler<GetStoreActivityQuery> {
  constructor(
    private readonly stores: EventStoreResolver,
    private readonly activity: StoreActivityRepository,
  ) {}

  async execute({ tenantId, eventStoreRef }: GetStoreActivityQuery): Promise<StoreActivity> {
    const eventStoreId = await this.stores.resolveId(tenantId, eventStoreRef);
    const rows = await this.activity.lastHour(tenantId, eventStoreId);
    // The store was deleted since its id was resolved (the resolver remembers ids for a second).
    if (rows.length === 0) throw new EventStoreNotFoundError(eventStoreRef);
    return {
      eventStoreId,
      lastPosition: Number(rows[0].last_position),
      minutes: rows.map(({ start, events }) => ({ start, events })),
    };
  }
}
