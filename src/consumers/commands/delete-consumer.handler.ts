import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TenantDatabase } from '../../database/tenant-shares/tenant-database';
import { EventStoreResolver } from '../../event-stores/event-store-resolver';
import { ConsumerRepository } from '../consumer.repository';
import { ConsumerNotFoundError } from '../consumers.errors';
import { ConsumerDispatcher } from '../engine/consumer-dispatcher';
import { DeleteConsumerCommand } from './delete-consumer.command';

/** Its records go with it; its clients here get `unsubscribed` (or their SSE stream ends) now, elsewhere at their next claim. */
@CommandHandler(DeleteConsumerCommand)
export class DeleteConsumerHandler implements ICommandHandler<DeleteConsumerCommand> {
  constructor(
    private readonly stores: EventStoreResolver,
    private readonly consumers: ConsumerRepository,
    private readonly database: TenantDatabase,
    private readonly dispatcher: ConsumerDispatcher,
  ) {}

  async execute({ tenantId, eventStoreRef, name }: DeleteConsumerCommand): Promise<void> {
    const eventStoreId = await this.stores.resolveId(tenantId, eventStoreRef);
    const deleted = await this.consumers.delete(this.database.for(tenantId), eventStoreId, name);
    if (!deleted) throw new ConsumerNotFoundError(name);
    this.dispatcher.consumerDeleted(eventStoreId, deleted.id);
  }
}
