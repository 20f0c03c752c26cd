import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { TenantDatabase } from '../../database/tenant-shares/tenant-database';
import { EventStoreResolver } from '../../event-stores/event-store-resolver';
import { ConsumerRepository, ConsumerSummary } from '../consumer.repository';
import { ConsumerNotFoundError } from '../consumers.errors';
import { GetConsumerQuery } from './get-consumer.query';

@QueryHandler(GetConsumerQuery)
export class GetConsumerHandler implements IQueryHandler<GetConsumerQuery> {
  constructor(
    private readonly stores: EventStoreResolver,
    private readonly consumers: ConsumerRepository,
    private readonly database: TenantDatabase,
  ) {}

  async execute({ tenantId, eventStoreRef, name }: GetConsumerQuery): Promise<ConsumerSummary> {
    const eventStoreId = await this.stores.resolveId(tenantId, eventStoreRef);
    const consumer = await this.consumers.summary(this.database.for(tenantId), eventStoreId, name);
    if (!consumer) throw new ConsumerNotFoundError(name);
    return consumer;
  }
}
