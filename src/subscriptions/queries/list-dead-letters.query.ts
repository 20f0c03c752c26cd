import { Query } from '@nestjs/cqrs';
import type { EventHead } from '../../event-log/read/event-log-reader';
import type { DeadLetterEntity } from '../entities/dead-letter.entity';

/** A dead letter and the type and stream of its event; `event` is null once retention deleted it. */
export interface ListedDeadLetter {
  deadLetter: DeadLetterEntity;
  event: EventHead | null;
}

/** A subscription's dead letters in global-position order. */
export class ListDeadLettersQuery extends Query<ListedDeadLetter[]> {
  constructor(
    readonly tenantId: string,
    readonly eventStoreRef: string,
    readonly subscriptionId: string,
  ) {
    super();
  }
}
