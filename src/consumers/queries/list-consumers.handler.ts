import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { EventStoreResolver } from '../../event-stores/event-store-resolver';
import { ConsumerRepository, ConsumerSummary } from '../consumer.repository';
import { ListConsumersQuery } from './list-consumers.query';

@QueryHandler(ListConsumersQuery)
export class ListConsumersHandler implements IQueryHandler<ListConsumersQuery> {
  constructor(
    private readonly stores: EventStoreResolver,
    private readonly consumers: ConsumerRepository,
  ) {}

  async execute({ tenantId, eventStoreRef, limit, offset }: ListConsumersQuery): Promise<{ items: ConsumerSummary[]; totalCount: number }> {
    return this.consumers.list(await this.stores.resolveId(tenantId, eventStoreRef), limit, offset);
  }
}
