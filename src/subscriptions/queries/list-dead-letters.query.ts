import { Query } from '@nestjs/cqrs';
import type { DeadLetterEntity } from '../entities/dead-letter.entity';

/** A subscription's dead letters in global-position order. */
export class ListDeadLettersQuery extends Query<DeadLetterEntity[]> {
  constructor(
    readonly tenantId: string,
    readonly eventStoreRef: string,
    readonly subscriptionId: string,
  ) {
    super();
  }
}
