import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TenantDatabase } from '../../database/tenant-shares/tenant-database';
import { EventStoreResolver } from '../../event-stores/event-store-resolver';
import { ConsumerRepository, ConsumerSummary } from '../consumer.repository';
import { ConsumerInUseError, ConsumerNotFoundError } from '../consumers.errors';
import { ConsumerDispatcher } from '../engine/consumer-dispatcher';
import { MoveCheckpointCommand } from './move-checkpoint.command';

/** Under the consumer's row lock, so no claim or ack interleaves; refused while clients are attached unless forced. */
@CommandHandler(MoveCheckpointCommand)
export class MoveCheckpointHandler implements ICommandHandler<MoveCheckpointCommand> {
  constructor(
    private readonly stores: EventStoreResolver,
    private readonly consumers: ConsumerRepository,
    private readonly dispatcher: ConsumerDispatcher,
    private readonly database: TenantDatabase,
  ) {}

  async execute({ tenantId, eventStoreRef, name, position, force }: MoveCheckpointCommand): Promise<ConsumerSummary> {
    const eventStoreId = await this.stores.resolveId(tenantId, eventStoreRef);
    const { summary, consumerId } = await this.database.for(tenantId).transaction(async (manager) => {
      const consumer = await this.consumers.lock(manager, eventStoreId, name);
      if (!consumer) throw new ConsumerNotFoundError(name);
      const attached = await this.consumers.liveConnections(manager, consumer);
      if (attached > 0 && !force) throw new ConsumerInUseError(name, attached);
      await this.consumers.moveCheckpoint(manager, consumer, position);
      return { summary: (await this.consumers.summary(manager, eventStoreId, name))!, consumerId: consumer.id };
    });
    this.dispatcher.changed(eventStoreId, consumerId);
    return summary;
  }
}
