import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { EventStoreEntity } from '../entities/event-store.entity';
import { EventStoreNotFoundError } from '../event-store.errors';
import { DeleteEventStoreCommand } from './delete-event-store.command';

/** Everything a store owns references it with ON DELETE CASCADE, so one statement removes it all. */
@CommandHandler(DeleteEventStoreCommand)
export class DeleteEventStoreHandler implements ICommandHandler<DeleteEventStoreCommand> {
  constructor(@InjectRepository(EventStoreEntity) private readonly stores: Repository<EventStoreEntity>) {}

  async execute({ tenantId, eventStoreRef }: DeleteEventStoreCommand): Promise<void> {
    const [, deleted] = await this.stores.query(
      `DELETE FROM event_stores WHERE tenant_id = $1 AND (id = $2 OR name = $2)`,
      [tenantId, eventStoreRef],
    );
    if (deleted === 0) throw new EventStoreNotFoundError(eventStoreRef);
  }
}
