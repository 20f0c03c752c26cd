import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AppendBatcher } from '../../event-log/append/append-batcher';
import { settleStreamAppend } from '../../event-log/append/append-outcome';
import type { AppendResult, StreamAppendRequest } from '../../event-log/append/append-request';
import type { IdempotentOutcome } from '../../event-log/idempotency/idempotent-outcome';
import { EventStoreResolver } from '../../event-stores/event-store-resolver';
import { AppendToStreamCommand } from './append-to-stream.command';

/**
 * The key's claim, the budget, the version and size checks and the write happen in one transaction,
 * possibly shared with other appends to the store (AppendBatcher), none of which affects this
 * one's outcome.
 */
@CommandHandler(AppendToStreamCommand)
export class AppendToStreamHandler implements ICommandHandler<AppendToStreamCommand> {
  constructor(
    private readonly stores: EventStoreResolver,
    private readonly batcher: AppendBatcher,
  ) {}

  async execute(command: AppendToStreamCommand): Promise<IdempotentOutcome<AppendResult>> {
    const eventStoreId = await this.stores.resolveId(command.tenantId, command.eventStoreRef);
    const { streamId, expectedVersion, events, idempotency, consumer } = command;
    const request: StreamAppendRequest = { kind: 'stream', streamId, expectedVersion, events, idempotency, consumer };
    return settleStreamAppend(eventStoreId, request, await this.batcher.append(command.tenantId, eventStoreId, request));
  }
}
