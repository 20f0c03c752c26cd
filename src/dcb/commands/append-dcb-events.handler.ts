import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventStoreResolver } from '../../event-stores/event-store-resolver';
import { IdempotencyKeys, IdempotentOutcome } from '../../streams/idempotency/idempotency-keys';
import { DcbLog } from '../dcb-log';
import { AppendDcbEventsCommand } from './append-dcb-events.command';

/** One transaction: the idempotency claim (when a key is sent), the condition check and the write. */
@CommandHandler(AppendDcbEventsCommand)
export class AppendDcbEventsHandler implements ICommandHandler<AppendDcbEventsCommand> {
  constructor(
    private readonly stores: EventStoreResolver,
    private readonly idempotencyKeys: IdempotencyKeys,
    private readonly dcbLog: DcbLog,
  ) {}

  async execute(command: AppendDcbEventsCommand): Promise<IdempotentOutcome<{ lastPosition: number }>> {
    const eventStoreId = await this.stores.resolveId(command.tenantId, command.eventStoreRef);
    return this.idempotencyKeys.run(eventStoreId, command.idempotency, (manager) => this.dcbLog.append(eventStoreId, command.events, command.condition, manager));
  }
}
