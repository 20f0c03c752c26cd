import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { TenantDatabase } from '../../database/tenant-shares/tenant-database';
import { EventStoreResolver } from '../../event-stores/event-store-resolver';
import { ConsumerRepository, ParkedEventRecord } from '../consumer.repository';
import { ConsumerNotFoundError } from '../consumers.errors';
import { ListParkedEventsQuery } from './list-parked-events.query';

@QueryHandler(ListParkedEventsQuery)
export class ListParkedEventsHandler implements IQueryHandler<ListParkedEventsQuery> {
  constructor(
    private readonly stores: EventStoreResolver,
    private readonly consumers: ConsumerRepository,
    private readonly database: TenantDatabase,
  ) {}

  async execute({ tenantId, eventStoreRef, name }: ListParkedEventsQuery): Promise<ParkedEventRecord[]> {
    const eventStoreId = await this.stores.resolveId(tenantId, eventStoreRef);
    const db = this.database.for(tenantId);
    const consumer = await this.consumers.find(db, eventStoreId, name);
    if (!consumer) throw new ConsumerNotFoundError(name);
    return this.consumers.listParked(db, consumer);
  }
}
