import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { newId } from '../../common/ids';
import { EnvironmentVariables } from '../../config/environment-variables';
import { EventLogReader } from '../../event-log/read/event-log-reader';
import { TenantDatabase } from '../../database/tenant-shares/tenant-database';
import { EventStoreResolver } from '../../event-stores/event-store-resolver';
import { ConsumerRepository, ConsumerSummary } from '../consumer.repository';
import { ConsumerAlreadyExistsError, ConsumerLimitExceededError } from '../consumers.errors';
import { CreateConsumerCommand } from './create-consumer.command';

/**
 * The count against CONSUMERS_MAX_PER_STORE and the insert run under a transaction lock on the
 * store's consumers, so concurrent creates cannot pass the cap together; the unique name decides
 * duplicates. `latest` reads the store's last position in the same transaction.
 */
@CommandHandler(CreateConsumerCommand)
export class CreateConsumerHandler implements ICommandHandler<CreateConsumerCommand> {
  constructor(
    private readonly config: EnvironmentVariables,
    private readonly stores: EventStoreResolver,
    private readonly consumers: ConsumerRepository,
    private readonly eventLog: EventLogReader,
    private readonly database: TenantDatabase,
  ) {}

  async execute({ tenantId, eventStoreRef, consumer }: CreateConsumerCommand): Promise<ConsumerSummary> {
    const eventStoreId = await this.stores.resolveId(tenantId, eventStoreRef);
    return this.database.for(tenantId).transaction(async (manager) => {
      await this.consumers.lockStoreForCreate(manager, eventStoreId);
      const max = this.config.CONSUMERS_MAX_PER_STORE;
      if (await this.consumers.find(manager, eventStoreId, consumer.name)) throw new ConsumerAlreadyExistsError(consumer.name);
      if ((await this.consumers.countInStore(manager, eventStoreId)) >= max) throw new ConsumerLimitExceededError(eventStoreId, max);
      const checkpoint =
        consumer.from === 'beginning'
          ? 0
          : consumer.from === 'latest'
            ? ((await this.eventLog.lastPosition(manager, eventStoreId)) ?? 0)
            : consumer.from;
      const inserted = await this.consumers.insert(manager, { eventStoreId, id: newId('con'), ...consumer, checkpoint });
      if (!inserted) throw new ConsumerAlreadyExistsError(consumer.name);
      return (await this.consumers.summary(manager, eventStoreId, consumer.name))!;
    });
  }
}
