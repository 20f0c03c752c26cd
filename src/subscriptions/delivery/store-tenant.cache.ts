import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { EventStoreRepository } from '../../event-stores/event-store.repository';

/**
 * The tenant owning a store, for sharing delivery slots between tenants. A store never changes
 * tenant, so an answer is kept until evicted; a deleted store's subscriptions go with it.
 */
@Injectable()
export class StoreTenantCache {
  private readonly known = new LRUCache<string, string>({ max: 10_000 });

  constructor(private readonly stores: EventStoreRepository) {}

  /** Null for a store that no longer exists. */
  async tenantOf(eventStoreId: string): Promise<string | null> {
    const known = this.known.get(eventStoreId);
    if (known !== undefined) return known;
    const tenantId = await this.stores.tenantOf(eventStoreId);
    if (tenantId !== null) this.known.set(eventStoreId, tenantId);
    return tenantId;
  }
}
