import { CommandHandler, EventBus, ICommandHandler } from '@nestjs/cqrs';
import { EventStoreResolver } from '../../event-stores/event-store-resolver';
import { Metrics } from '../../metrics/metrics';
import { AppendResult, EventLog } from '../event-log';
import { EventsAppendedEvent } from '../events/events-appended.event';
import { IdempotencyKeys, IdempotentOutcome } from '../idempotency/idempotency-keys';
import { AppendToStreamCommand } from './append-to-stream.command';

/**
 * One transaction: the idempotency claim (when a key is sent) and the append commit together. Then,
 * committed, it tells subscribers.
 */
@CommandHandler(AppendToStreamCommand)
export class AppendToStreamHandler implements ICommandHandler<AppendToStreamCommand> {
  constructor(
    private readonly stores: EventStoreResolver,
    private readonly idempotencyKeys: IdempotencyKeys,
    private readonly eventLog: EventLog,
    private readonly eventBus: EventBus,
    private readonly metrics: Metrics,
  ) {}

  async execute(command: AppendToStreamCommand): Promise<IdempotentOutcome<AppendResult>> {
    const eventStoreId = await this.stores.resolveId(command.tenantId, command.eventStoreRef);
    const outcome = await this.metrics.measureAppend('stream', command.events.length, () =>
      this.idempotencyKeys.run(eventStoreId, command.idempotency, (manager) =>
        this.eventLog.append(eventStoreId, command.streamId, command.expectedVersion, command.events, manager),
      ),
    );
    if (!outcome.replayed) this.eventBus.publish(new EventsAppendedEvent(eventStoreId, outcome.result.lastPosition));
    return outcome;
  }
}
