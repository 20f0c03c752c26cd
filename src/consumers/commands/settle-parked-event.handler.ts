import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TenantDatabase } from '../../database/tenant-shares/tenant-database';
import { EventStoreResolver } from '../../event-stores/event-store-resolver';
import { ConsumerRepository } from '../consumer.repository';
import { ConsumerNotFoundError, ParkedEventNotFoundError } from '../consumers.errors';
import { ConsumerDispatcher } from '../engine/consumer-dispatcher';
import { ConsumerLeases } from '../engine/consumer-leases';
import { SettleParkedEventCommand } from './settle-parked-event.command';

/**
 * Replays or skips a parked event under the consumer's row lock. A replayed event below the
 * checkpoint is delivered again; the checkpoint stays where it is (it never moves back by itself).
 */
@CommandHandler(SettleParkedEventCommand)
export class SettleParkedEventHandler implements ICommandHandler<SettleParkedEventCommand> {
  constructor(
    private readonly stores: EventStoreResolver,
    private readonly consumers: ConsumerRepository,
    private readonly leases: ConsumerLeases,
    private readonly dispatcher: ConsumerDispatcher,
    private readonly database: TenantDatabase,
  ) {}

  async execute({ tenantId, eventStoreRef, name, position, action }: SettleParkedEventCommand): Promise<void> {
    const eventStoreId = await this.stores.resolveId(tenantId, eventStoreRef);
    const consumerId = await this.database.for(tenantId).transaction(async (manager) => {
      const consumer = await this.consumers.lock(manager, eventStoreId, name);
      if (!consumer) throw new ConsumerNotFoundError(name);
      const settled =
        action === 'replay'
          ? await this.consumers.replayParked(manager, consumer, position)
          : await this.consumers.skipParked(manager, consumer, position);
      if (!settled) throw new ParkedEventNotFoundError(name, position);
      await this.leases.settle(manager, consumer);
      return consumer.id;
    });
    this.dispatcher.changed(eventStoreId, consumerId);
  }
}
