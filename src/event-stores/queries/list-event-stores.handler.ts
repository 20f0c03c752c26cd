import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { EventStoreRepository } from '../event-store.repository';
import { EventStorePage, ListEventStoresQuery } from './list-event-stores.query';

@QueryHandler(ListEventStoresQuery)
export class ListEventStoresHandler implements IQueryHandler<ListEventStoresQuery> {
  constructor(private readonly stores: EventStoreRepository) {}

  execute({ tenantId, limit, offset, nameContains }: ListEventStoresQuery): Promise<EventStorePage> {
    return this.stores.page(tenantId, limit, offset, nameContains);
  }
}
