import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { newId } from '../../common/ids';
import { isUniqueViolation } from '../../database/postgres-errors';
import { EventStoreEntity } from '../entities/event-store.entity';
import { DEFAULT_REGION } from '../event-store.constants';
import { EventStoreAlreadyExistsError } from '../event-store.errors';
import { CreateEventStoreCommand } from './create-event-store.command';

@CommandHandler(CreateEventStoreCommand)
export class CreateEventStoreHandler implements ICommandHandler<CreateEventStoreCommand> {
  constructor(@InjectRepository(EventStoreEntity) private readonly stores: Repository<EventStoreEntity>) {}

  async execute({ tenantId, store }: CreateEventStoreCommand): Promise<EventStoreEntity> {
    const created = this.stores.create({
      id: newId('es'),
      tenantId,
      name: store.name,
      description: store.description ?? '',
      region: store.region ?? DEFAULT_REGION,
      retentionPeriodDays: store.retentionPeriodDays ?? null,
      maxStreamSizeBytes: store.maxStreamSizeBytes ?? null,
    });
    try {
      // insert() reads the database defaults (timestamps, counters, status) back into the entity.
      await this.stores.insert(created);
    } catch (error) {
      // The unique constraint decides, so two concurrent creates of one name cannot both succeed.
      if (isUniqueViolation(error, 'event_stores_tenant_name_uq')) throw new EventStoreAlreadyExistsError(store.name);
      throw error;
    }
    return created;
  }
}
