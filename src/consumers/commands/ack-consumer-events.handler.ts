import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventStoreResolver } from '../../event-stores/event-store-resolver';
import { ConsumerDispatcher } from '../engine/consumer-dispatcher';
import { AckConsumerEventsCommand } from './ack-consumer-events.command';

/** An ack over HTTP, for SSE clients: settled like a WebSocket's, and the consumer's clients everywhere are woken. */
@CommandHandler(AckConsumerEventsCommand)
export class AckConsumerEventsHandler implements ICommandHandler<AckConsumerEventsCommand> {
  constructor(
    private readonly stores: EventStoreResolver,
    private readonly dispatcher: ConsumerDispatcher,
  ) {}

  async execute({ tenantId, eventStoreRef, name, selection }: AckConsumerEventsCommand): Promise<{ acked: number; checkpoint: number }> {
    const eventStoreId = await this.stores.resolveId(tenantId, eventStoreRef);
    return this.dispatcher.ackByName(tenantId, eventStoreId, name, selection);
  }
}
