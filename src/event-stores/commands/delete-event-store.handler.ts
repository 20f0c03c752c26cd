import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { EventStoreEntity } from '../entities/event-store.entity';
import { EventStoreResolver } from '../event-store-resolver';
import { DeleteEventStoreCommand } from './delete-event-store.command';

/** Everything a store owns references it with ON DELETE CASCADE, so deleting the row removes it all. */
@CommandHandler(DeleteEventStoreCommand)
export class DeleteEventStoreHandler implements ICommandHandler<DeleteEventStoreCommand> {
  constructor(
    private readonly resolver: EventStoreResolver,
    @InjectRepository(EventStoreEntity) private readonly stores: Repository<EventStoreEntity>,
  ) {}

  async execute({ tenantId, eventStoreRef }: DeleteEventStoreCommand): Promise<void> {
    const eventStoreId = await this.resolver.resolveId(tenantId, eventStoreRef);
    await this.stores.delete({ id: eventStoreId });
    this.resolver.forget(eventStoreId);
  }
}
