import { Query } from '@nestjs/cqrs';
import type { ParkedEventRecord } from '../consumer.repository';

export class ListParkedEventsQuery extends Query<ParkedEventRecord[]> {
  constructor(
    readonly tenantId: string,
    readonly eventStoreRef: string,
    readonly name: string,
  ) {
    super();
  }
}
