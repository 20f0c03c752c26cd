import { Command } from '@nestjs/cqrs';
import type { AppendResult, ConsumerPosition, NewEvent } from '../../event-log/append/append-request';
import type { ExpectedVersion } from '../../event-log/append/expected-version';
import type { IdempotencyRequest } from '../../event-log/idempotency/idempotency-request.decorator';
import type { IdempotentOutcome } from '../../event-log/idempotency/idempotent-outcome';

export class AppendToStreamCommand extends Command<IdempotentOutcome<AppendResult>> {
  constructor(
    readonly tenantId: string,
    readonly eventStoreRef: string,
    readonly streamId: string,
    readonly events: NewEvent[],
    readonly expectedVersion: ExpectedVersion | undefined,
    readonly idempotency: IdempotencyRequest | undefined,
    readonly consumer?: ConsumerPosition,
  ) {
    super();
  }
}
