import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { TenantDatabase } from '../../database/tenant-shares/tenant-database';
import { EventStoreResolver } from '../../event-stores/event-store-resolver';
import { ConsumerRepository, ConsumerSummary } from '../consumer.repository';
import { ListConsumersQuery } from './list-consumers.query';

@QueryHandler(ListConsumersQuery)
export class ListConsumersHandler implements IQueryHandler<ListConsumersQuery> {
  constructor(
    private readonly stores: EventStoreResolver,
    private readonly consumers: ConsumerRepository,
    private readonly database: TenantDatabase,
  ) {}

  async execute({ tenantId, eventStoreRef, limit, offset }: ListConsumersQuery): Promise<{ items: ConsumerSummary[]; totalCount: number }> {
    const eventStoreId = await this.stores.resolveId(tenantId, eventStoreRef);
    return this.consumers.list(this.database.for(tenantId), eventStoreId, limit, offset);
  }
}
