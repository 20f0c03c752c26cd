import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { EventStoreEntity } from './entities/event-store.entity';
import { EventStoreNotFoundError } from './event-store.errors';

const RESOLVE_ID = `SELECT id FROM event_stores WHERE tenant_id = $1 AND (id = $2 OR name = $2)`;

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

  /**
   * Only the id, for the append and read paths: one raw indexed query on every request there, where
   * building and hydrating the ORM query cost more CPU than the database does.
   */
  async resolveId(tenantId: string, ref: string): Promise<string> {
    const [row] = await this.stores.query(RESOLVE_ID, [tenantId, ref]);
    if (!row) throw new EventStoreNotFoundError(ref);
    return row.id;
  }
}
