import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventStoreResolver } from '../../event-stores/event-store-resolver';
import { AppendBatcher } from '../../streams/append/append-batcher';
import { appendRefusal } from '../../streams/append/append-refusal';
import type { AppendRequest } from '../../streams/append/append-request';
import type { IdempotentOutcome } from '../../streams/idempotency/idempotent-outcome';
import { AppendConditionFailedError } from '../dcb.errors';
import { AppendDcbEventsCommand } from './append-dcb-events.command';

/**
 * The key's claim, the budget, the condition and the write happen in one transaction under the
 * store's lock, possibly shared with other appends to the store (AppendBatcher): a condition sees
 * every append committed or batched before it, so two claims of one value cannot both win.
 */
@CommandHandler(AppendDcbEventsCommand)
export class AppendDcbEventsHandler implements ICommandHandler<AppendDcbEventsCommand> {
  constructor(
    private readonly stores: EventStoreResolver,
    private readonly batcher: AppendBatcher,
  ) {}

  async execute(command: AppendDcbEventsCommand): Promise<IdempotentOutcome<{ lastPosition: number }>> {
    const eventStoreId = await this.stores.resolveId(command.tenantId, command.eventStoreRef);
    const { events, condition, idempotency } = command;
    const after = condition?.after ?? 0;
    const request: AppendRequest = {
      kind: 'dcb',
      events,
      condition: condition && { items: condition.failIfEventsMatch.items, after },
      idempotency,
    };
    const outcome = await this.batcher.append(eventStoreId, request);
    switch (outcome.outcome) {
      case 'appended':
      case 'replayed':
        return { result: outcome.detail as { lastPosition: number }, replayed: outcome.outcome === 'replayed' };
      case 'condition_failed':
        throw new AppendConditionFailedError(outcome.detail as number[], after);
      default:
        throw appendRefusal(eventStoreId, request, outcome);
    }
  }
}
