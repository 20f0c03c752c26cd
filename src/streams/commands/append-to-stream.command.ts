import { Command } from '@nestjs/cqrs';
import type { AppendResult, NewEvent } from '../append/append-request';
import type { ExpectedVersion } from '../expected-version';
import type { IdempotencyRequest } from '../idempotency/idempotency-request.decorator';
import type { IdempotentOutcome } from '../idempotency/idempotent-outcome';

export class AppendToStreamCommand extends Command<IdempotentOutcome<AppendResult>> {
  constructor(
    readonly tenantId: string,
    readonly eventStoreRef: string,
    readonly streamId: string,
    readonly events: NewEvent[],
    readonly expectedVersion: ExpectedVersion | undefined,
    readonly idempotency: IdempotencyRequest | undefined,
  ) {
    super();
  }
}
