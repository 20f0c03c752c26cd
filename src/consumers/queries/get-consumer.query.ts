import { Query } from '@nestjs/cqrs';
import type { ConsumerSummary } from '../consumer.repository';

export class GetConsumerQuery extends Query<ConsumerSummary> {
  constructor(
    readonly tenantId: string,
    readonly eventStoreRef: string,
    readonly name: string,
  ) {
    super();
  }
}
