import { Command } from '@nestjs/cqrs';
import type { NewEvent } from '../../streams/append/append-request';
import type { IdempotencyRequest } from '../../streams/idempotency/idempotency-request.decorator';
import type { IdempotentOutcome } from '../../streams/idempotency/idempotent-outcome';
import type { AppendCondition } from '../dcb-log';

export class AppendDcbEventsCommand extends Command<IdempotentOutcome<{ lastPosition: number }>> {
  constructor(
    readonly tenantId: string,
    readonly eventStoreRef: string,
    readonly events: NewEvent[],
    readonly condition: AppendCondition | undefined,
    readonly idempotency: IdempotencyRequest | undefined,
  ) {
    super();
  }
}
