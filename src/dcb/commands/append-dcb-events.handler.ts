import { CommandHandler, EventBus, ICommandHandler } from '@nestjs/cqrs';
import { EventStoreResolver } from '../../event-stores/event-store-resolver';
import { Metrics } from '../../metrics/metrics';
import { EventsAppendedEvent } from '../../streams/events/events-appended.event';
import { IdempotencyKeys, IdempotentOutcome } from '../../streams/idempotency/idempotency-keys';
import { DcbLog } from '../dcb-log';
import { AppendDcbEventsCommand } from './append-dcb-events.command';

/**
 * One transaction: the idempotency claim (when a key is sent), the condition check and the write.
 * Then, committed, it tells subscribers.
 */
@CommandHandler(AppendDcbEventsCommand)
export class AppendDcbEventsHandler implements ICommandHandler<AppendDcbEventsCommand> {
  constructor(
    private readonly stores: EventStoreResolver,
    private readonly idempotencyKeys: IdempotencyKeys,
    private readonly dcbLog: DcbLog,
    private readonly eventBus: EventBus,
    private readonly metrics: Metrics,
  ) {}

  async execute(command: AppendDcbEventsCommand): Promise<IdempotentOutcome<{ lastPosition: number }>> {
    const eventStoreId = await this.stores.resolveId(command.tenantId, command.eventStoreRef);
    const outcome = await this.metrics.measureAppend('dcb', command.events.length, () =>
      this.idempotencyKeys.run(eventStoreId, command.idempotency, (manager) =>
        this.dcbLog.append(eventStoreId, command.events, command.condition, manager),
      ),
    );
    if (!outcome.replayed) this.eventBus.publish(new EventsAppendedEvent(eventStoreId, outcome.result.lastPosition));
    return outcome;
  }
}
