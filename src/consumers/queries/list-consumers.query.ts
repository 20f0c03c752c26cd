import { Query } from '@nestjs/cqrs';
import type { ConsumerSummary } from '../consumer.repository';

/** A page of the store's consumers, oldest first. */
export class ListConsumersQuery extends Query<{ items: ConsumerSummary[]; totalCount: number }> {
  constructor(
    readonly tenantId: string,
    readonly eventStoreRef: string,
    readonly limit: number,
    readonly offset: number,
  ) {
    super();
  }
}
