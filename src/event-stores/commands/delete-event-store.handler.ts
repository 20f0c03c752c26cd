import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventStoreRepository } from '../event-store.repository';
import { EventStoreResolver } from '../event-store-resolver';
import { DeleteEventStoreCommand } from './delete-event-store.command';

@CommandHandler(DeleteEventStoreCommand)
export class DeleteEventStoreHandler implements ICommandHandler<DeleteEventStoreCommand> {
  constructor(
    private readonly resolver: EventStoreResolver,
    private readonly stores: EventStoreRepository,
  ) {}

  async execute({ tenantId, eventStoreRef }: DeleteEventStoreCommand): Promise<void> {
    const eventStoreId = await this.resolver.resolveId(tenantId, eventStoreRef);
    await this.stores.delete(tenantId, eventStoreId);
    this.resolver.forget(eventStoreId);
  }
}
