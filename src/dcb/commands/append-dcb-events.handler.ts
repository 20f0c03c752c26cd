import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AppendBatcher } from '../../event-log/append/append-batcher';
import { DcbAppendResult, settleDcbAppend } from '../../event-log/append/append-outcome';
import type { DcbAppendRequest } from '../../event-log/append/append-request';
import type { IdempotentOutcome } from '../../event-log/idempotency/idempotent-outcome';
import { EventStoreResolver } from '../../event-stores/event-store-resolver';
import { AppendDcbEventsCommand } from './append-dcb-events.command';
import { DcbQueryBudget } from '../dcb-query-cost';

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
    private readonly budget: DcbQueryBudget,
  ) {}

  async execute(command: AppendDcbEventsCommand): Promise<IdempotentOutcome<DcbAppendResult>> {
    // Before the store is looked up: a condition is checked under the store's lock, where its cost would hold up the store's appends.
    if (command.condition) this.budget.check(command.condition.failIfEventsMatch.items, 'condition.failIfEventsMatch.items');
    const eventStoreId = await this.stores.resolveId(command.tenantId, command.eventStoreRef);
    const { events, condition, idempotency, consumer } = command;
    const request: DcbAppendRequest = {
      kind: 'dcb',
      events,
      condition: condition && { items: condition.failIfEventsMatch.items, after: condition.after ?? 0 },
      idempotency,
      consumer,
    };
    return settleDcbAppend(eventStoreId, request, await this.batcher.append(command.tenantId, eventStoreId, request));
  }
}
