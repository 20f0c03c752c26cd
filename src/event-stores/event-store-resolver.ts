import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { ValidationError } from '../common/errors/common.errors';
import { EventStoreEntity } from './entities/event-store.entity';
import { EventStoreNotFoundError } from './event-store.errors';
import { EventStoreRepository } from './event-store.repository';

/**
 * How long a resolved `{ref}` is reused without asking the database. Deleting a store forgets it
 * on this instance at once; elsewhere, for at most this long, requests reach a store that is gone:
 * appends find no store row and answer 404 all the same, reads find no events.
 */
export const RESOLVED_REF_TTL_MS = 1000;

/** No store's name or id has one; NUL could not even be looked up (PostgreSQL text cannot hold it). */
const CONTROL_CHARACTER = /\p{Cc}/u;

/** A `{ref}` that cannot name a store whatever the tenant has: refused as malformed (400), before any lookup, on every path that takes one. */
function checkRef(ref: string): void {
  if (CONTROL_CHARACTER.test(ref)) {
    throw new ValidationError([{ field: 'eventStoreId', message: 'a store id or name never contains control characters' }]);
  }
}

/** Turns a `{ref}` path segment (an id or a name) into the caller's store (DECISIONS §1). */
@Injectable()
export class EventStoreResolver {
  /** `<tenantId> <ref>` → store id. */
  private readonly ids = new LRUCache<string, string>({ max: 10_000, ttl: RESOLVED_REF_TTL_MS });

  constructor(private readonly stores: EventStoreRepository) {}

  async resolve(tenantId: string, ref: string): Promise<EventStoreEntity> {
    checkRef(ref);
    const store = await this.stores.findByRef(tenantId, ref);
    if (!store) throw new EventStoreNotFoundError(ref);
    return store;
  }

  /**
   * Only the id, for the append and read paths, where it is needed on every request: remembered
   * briefly, and otherwise one raw indexed query.
   */
  async resolveId(tenantId: string, ref: string): Promise<string> {
    const cacheKey = `${tenantId} ${ref}`;
    const cached = this.ids.get(cacheKey);
    if (cached) return cached;
    checkRef(ref);
    const id = await this.stores.idByRef(tenantId, ref);
    if (!id) throw new EventStoreNotFoundError(ref);
    this.ids.set(cacheKey, id);
    return id;
  }

  /** A deleted store: neither its id nor its name leads to it any more on this instance. */
  forget(eventStoreId: string): void {
    for (const [cacheKey, id] of this.ids.entries()) if (id === eventStoreId) this.ids.delete(cacheKey);
  }
}
