import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { EventStoreEntity } from '../entities/event-store.entity';
import { EventStoreResolver } from '../event-store-resolver';
import { GetEventStoreQuery } from './get-event-store.query';

@QueryHandler(GetEventStoreQuery)
export class GetEventStoreHandler implements IQueryHandler<GetEventStoreQuery> {
  constructor(private readonly resolver: EventStoreResolver) {}

  execute({ tenantId, eventStoreRef }: GetEventStoreQuery): Promise<EventStoreEntity> {
    return this.resolver.resolve(tenantId, eventStoreRef);
  }
}
