import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LRUCache } from 'lru-cache';
import { Repository } from 'typeorm';
import { EventStoreEntity } from './entities/event-store.entity';
import { EventStoreNotFoundError } from './event-store.errors';

const RESOLVE_ID = `SELECT id FROM event_stores WHERE tenant_id = $1 AND (id = $2 OR name = $2)`;

/**
 * How long a resolved `{ref}` is reused without asking the database. Deleting a store forgets it
 * on this instance at once; elsewhere, for at most this long, requests reach a store that is gone:
 * appends find no store row and answer 404 all the same, reads find no events.
 */
export const RESOLVED_REF_TTL_MS = 1000;

/**
 * Turns a `{ref}` path segment into the caller's store (DECISIONS §1). Ids start with `es_` and
 * names may not, so matching either column in one query can never pick the wrong store.
 */
@Injectable()
export class EventStoreResolver {
  /** `<tenantId> <ref>` → store id. */
  private readonly ids = new LRUCache<string, string>({ max: 10_000, ttl: RESOLVED_REF_TTL_MS });

  constructor(@InjectRepository(EventStoreEntity) private readonly stores: Repository<EventStoreEntity>) {}

  async resolve(tenantId: string, ref: string): Promise<EventStoreEntity> {
    const store = await this.stores.findOne({ where: [{ tenantId, id: ref }, { tenantId, name: ref }] });
    if (!store) throw new EventStoreNotFoundError(ref);
    return store;
  }

  /**
   * Only the id, for the append and read paths, where it is needed on every request: remembered
   * briefly, and otherwise one raw indexed query (building and hydrating the ORM query cost more
   * CPU than the database does).
   */
  async resolveId(tenantId: string, ref: string): Promise<string> {
    const cacheKey = `${tenantId} ${ref}`;
    const cached = this.ids.get(cacheKey);
    if (cached) return cached;
    const [row] = await this.stores.query(RESOLVE_ID, [tenantId, ref]);
    if (!row) throw new EventStoreNotFoundError(ref);
    this.ids.set(cacheKey, row.id);
    return row.id;
  }

  /** A deleted store: neither its id nor its name leads to it any more on this instance. */
  forget(eventStoreId: string): void {
    for (const [cacheKey, id] of this.ids.entries()) if (id === eventStoreId) this.ids.delete(cacheKey);
  }
}
