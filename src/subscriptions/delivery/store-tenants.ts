import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { LRUCache } from 'lru-cache';
import { DataSource } from 'typeorm';

/**
 * The tenant owning a store, for sharing delivery slots between tenants. A store never changes
 * tenant, so an answer is kept until evicted; a deleted store's subscriptions go with it.
 */
@Injectable()
export class StoreTenants {
  private readonly known = new LRUCache<string, string>({ max: 10_000 });

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Null for a store that no longer exists. */
  async tenantOf(eventStoreId: string): Promise<string | null> {
    const known = this.known.get(eventStoreId);
    if (known !== undefined) return known;
    const [row] = await this.dataSource.query(`SELECT tenant_id FROM event_stores WHERE id = $1`, [eventStoreId]);
    if (!row) return null;
    this.known.set(eventStoreId, row.tenant_id);
    return row.tenant_id;
  }
}
