import { Query } from '@nestjs/cqrs';
import type { EventStoreEntity } from '../entities/event-store.entity';

export interface EventStorePage {
  stores: EventStoreEntity[];
  totalCount: number;
}

export class ListEventStoresQuery extends Query<EventStorePage> {
  constructor(
    readonly tenantId: string,
    readonly limit: number,
    readonly offset: number,
    readonly nameContains?: string,
  ) {
    super();
  }
}
