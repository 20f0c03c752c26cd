import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventStoreResolver } from '../../event-stores/event-store-resolver';
import { AppendBatcher } from '../append/append-batcher';
import { appendRefusal } from '../append/append-refusal';
import type { AppendRequest, AppendResult } from '../append/append-request';
import type { IdempotentOutcome } from '../idempotency/idempotent-outcome';
import { StreamSizeExceededError, VersionConflictError } from '../stream.errors';
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
    const { streamId, expectedVersion, events, idempotency } = command;
    const request: AppendRequest = { kind: 'stream', streamId, expectedVersion, events, idempotency };
    const outcome = await this.batcher.append(eventStoreId, request);
    switch (outcome.outcome) {
      case 'appended':
      case 'replayed':
        return { result: outcome.detail as AppendResult, replayed: outcome.outcome === 'replayed' };
      case 'version_conflict':
        throw new VersionConflictError(eventStoreId, streamId, expectedVersion ?? 'any', (outcome.detail as { currentVersion: number }).currentVersion);
      case 'size_exceeded':
        throw new StreamSizeExceededError(eventStoreId, streamId, outcome.detail as Record<string, number>);
      default:
        throw appendRefusal(eventStoreId, request, outcome);
    }
  }
}
