import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventStoreEntity } from '../entities/event-store.entity';
import { DEFAULT_REGION } from '../event-store.constants';
import { EventStoreRepository } from '../event-store.repository';
import { CreateEventStoreCommand } from './create-event-store.command';

@CommandHandler(CreateEventStoreCommand)
export class CreateEventStoreHandler implements ICommandHandler<CreateEventStoreCommand> {
  constructor(private readonly stores: EventStoreRepository) {}

  execute({ tenantId, store }: CreateEventStoreCommand): Promise<EventStoreEntity> {
    return this.stores.create({
      tenantId,
      name: store.name,
      description: store.description ?? '',
      region: store.region ?? DEFAULT_REGION,
      retentionPeriodDays: store.retentionPeriodDays ?? null,
      maxStreamSizeBytes: store.maxStreamSizeBytes ?? null,
    });
  }
}
