import { Command } from '@nestjs/cqrs';
import type { DcbAppendResult } from '../../event-log/append/append-outcome';
import type { ConsumerPosition, NewEvent } from '../../event-log/append/append-request';
import type { IdempotencyRequest } from '../../event-log/idempotency/idempotency-request.decorator';
import type { IdempotentOutcome } from '../../event-log/idempotency/idempotent-outcome';
import type { AppendCondition } from '../../event-log/read/dcb-event-reader';

export class AppendDcbEventsCommand extends Command<IdempotentOutcome<DcbAppendResult>> {
  constructor(
    readonly tenantId: string,
    readonly eventStoreRef: string,
    readonly events: NewEvent[],
    readonly condition: AppendCondition | undefined,
    readonly idempotency: IdempotencyRequest | undefined,
    readonly consumer?: ConsumerPosition,
  ) {
    super();
  }
}
