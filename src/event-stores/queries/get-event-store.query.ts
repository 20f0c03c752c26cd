import { Query } from '@nestjs/cqrs';
import type { EventStoreEntity } from '../entities/event-store.entity';

/** The store row carries its statistics counters, so one indexed read answers it. */
export class GetEventStoreQuery extends Query<EventStoreEntity> {
  constructor(
    readonly tenantId: string,
    readonly eventStoreRef: string,
  ) {
    super();
  }
}
