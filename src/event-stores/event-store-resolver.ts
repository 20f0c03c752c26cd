import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { EventStoreEntity } from './entities/event-store.entity';
import { EventStoreNotFoundError } from './event-store.errors';

/**
 * Turns a `{ref}` path segment into the caller's store (DECISIONS §1). Ids start with `es_` and
 * names may not, so matching either column in one query can never pick the wrong store.
 */
@Injectable()
export class EventStoreResolver {
  constructor(@InjectRepository(EventStoreEntity) private readonly stores: Repository<EventStoreEntity>) {}

  async resolve(tenantId: string, ref: string): Promise<EventStoreEntity> {
    const store = await this.stores.findOne({ where: [{ tenantId, id: ref }, { tenantId, name: ref }] });
    if (!store) throw new EventStoreNotFoundError(ref);
    return store;
  }
}
