import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { EventStoreResolver } from '../../event-stores/event-store-resolver';
import { ConsumerRepository, ParkedEventRecord } from '../consumer.repository';
import { ConsumerNotFoundError } from '../consumers.errors';
import { ListParkedEventsQuery } from './list-parked-events.query';

@QueryHandler(ListParkedEventsQuery)
export class ListParkedEventsHandler implements IQueryHandler<ListParkedEventsQuery> {
  constructor(
    private readonly stores: EventStoreResolver,
    private readonly consumers: ConsumerRepository,
  ) {}

  async execute({ tenantId, eventStoreRef, name }: ListParkedEventsQuery): Promise<ParkedEventRecord[]> {
    const eventStoreId = await this.stores.resolveId(tenantId, eventStoreRef);
    const consumer = await this.consumers.find(eventStoreId, name);
    if (!consumer) throw new ConsumerNotFoundError(name);
    return this.consumers.listParked(consumer);
  }
}
