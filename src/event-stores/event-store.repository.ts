import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { newId } from '../common/ids';
import { escapeLike } from '../common/sql';
import { isUniqueViolation } from '../database/postgres-errors';
import { TenantDatabase } from '../database/tenant-shares/tenant-database';
import { EventStoreEntity } from './entities/event-store.entity';
import { EventStoreAlreadyExistsError } from './event-store.errors';

/** What a new store's row is made of; the database fills in the rest (timestamps, counters, status). */
export type EventStoreSettings = Pick<
  EventStoreEntity,
  'tenantId' | 'name' | 'description' | 'region' | 'retentionPeriodDays' | 'maxStreamSizeBytes'
>;

/**
 * The `event_stores` table, and `event_store_names`, which keeps each store's name unique within its
 * tenant (a distributed event_stores can hold no such constraint, docs/citus.md) and answers the
 * lookups by tenant: resolving a name and listing a tenant's stores read it alone, not every shard
 * of the stores. A store and its name are written and deleted in one transaction. The lookups on every
 * append and read (a `{ref}` to an id, a store's tenant for the worker, the WebSocket audit) are raw
 * indexed queries: building and hydrating the ORM query cost more CPU than the database does. The
 * counters (`last_position` and the store's totals) are written only by the event log's SQL
 * functions; this class reads them. What a tenant asks runs within its share of the database;
 * the lookups across tenants (the worker's, the audit's) within nobody's.
 */
@Injectable()
export class EventStoreRepository {
  constructor(private readonly database: TenantDatabase) {}

  /**
   * The name's primary key decides, so two concurrent creates of one name cannot both succeed: the
   * second waits for the first's commit, then fails. The store's row and its name's share created_at
   * (both take the transaction's now()), so the list ordered by the names is the stores' order.
   */
  async create(settings: EventStoreSettings): Promise<EventStoreEntity> {
    const db = this.database.for(settings.tenantId);
    const created = db.create(EventStoreEntity, { id: newId('es'), ...settings });
    try {
      await db.transaction(async (manager) => {
        await manager.query(`INSERT INTO event_store_names (tenant_id, name, event_store_id) VALUES ($1, $2, $3)`, [
          settings.tenantId,
          settings.name,
          created.id,
        ]);
        // insert() reads the database defaults (timestamps, counters, status) back into the entity.
        await manager.insert(EventStoreEntity, created);
      });
    } catch (error) {
      if (isUniqueViolation(error, 'event_store_names_pk')) throw new EventStoreAlreadyExistsError(settings.name);
      throw error;
    }
    return created;
  }

  /**
   * Everything a store owns references it with ON DELETE CASCADE, so deleting the row removes it all.
   * That may be millions of rows: the one statement the API lets run past its statement timeout.
   */
  async delete(tenantId: string, eventStoreId: string): Promise<void> {
    await this.database.for(tenantId).transaction(async (manager) => {
      await manager.query(`SET LOCAL statement_timeout = 0`);
      await manager.query(`DELETE FROM event_store_names WHERE event_store_id = $1`, [eventStoreId]);
      await manager.delete(EventStoreEntity, { id: eventStoreId });
    });
  }

  /** Ids start with `es_` and names may not, so matching either column can never pick the wrong store. */
  async findByRef(tenantId: string, ref: string): Promise<EventStoreEntity | null> {
    const id = await this.idByRef(tenantId, ref);
    return id === null ? null : this.database.for(tenantId).findOneBy(EventStoreEntity, { id });
  }

  /** Only the id, as `findByRef` finds it, in one raw indexed query of the names. */
  async idByRef(tenantId: string, ref: string): Promise<string | null> {
    const [row] = await this.database
      .for(tenantId)
      .query(`SELECT event_store_id FROM event_store_names WHERE tenant_id = $1 AND (event_store_id = $2 OR name = $2)`, [tenantId, ref]);
    return row ? row.event_store_id : null;
  }

  /**
   * A page of the tenant's stores, oldest first, whose name contains `nameContains` (any case), and
   * how many there are in all: the page and the count come from the names, then only the page's
   * stores are read, by id.
   */
  async page(
    tenantId: string,
    limit: number,
    offset: number,
    nameContains?: string,
  ): Promise<{ stores: EventStoreEntity[]; totalCount: number }> {
    const values: unknown[] = [tenantId];
    // `_` is legal in store names, so the filter's wildcards must match literally.
    const where = `tenant_id = $1${nameContains ? ` AND name ILIKE $${values.push(`%${escapeLike(nameContains)}%`)}` : ''}`;
    const db = this.database.for(tenantId);
    const [[{ total }], rows] = await Promise.all([
      db.query(`SELECT count(*)::int AS total FROM event_store_names WHERE ${where}`, values),
      db.query(
        `SELECT event_store_id FROM event_store_names WHERE ${where}
          ORDER BY created_at, event_store_id LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
        [...values, limit, offset],
      ),
    ]);
    const ids: string[] = rows.map((row: { event_store_id: string }) => row.event_store_id);
    const found = ids.length > 0 ? await db.findBy(EventStoreEntity, { id: In(ids) }) : [];
    const byId = new Map(found.map((store) => [store.id, store]));
    return { stores: ids.flatMap((id) => byId.get(id) ?? []), totalCount: total };
  }

  /** Null for a store that does not exist. */
  async tenantOf(eventStoreId: string): Promise<string | null> {
    const [row] = await this.database.for(null).query(`SELECT tenant_id FROM event_stores WHERE id = $1`, [eventStoreId]);
    return row ? row.tenant_id : null;
  }

  /** The last position of each of these stores that still exists. */
  async lastPositions(eventStoreIds: string[]): Promise<Map<string, number>> {
    const rows: { id: string; last_position: string }[] = await this.database
      .for(null)
      .query(`SELECT id, last_position FROM event_stores WHERE id = ANY($1)`, [eventStoreIds]);
    return new Map(rows.map((row) => [row.id, Number(row.last_position)]));
  }

  /** Every store with its retention setting, for the worker's sweep (null: kept forever). */
  async retentionSettings(): Promise<{ id: string; retentionPeriodDays: number | null }[]> {
    return this.database.for(null).find(EventStoreEntity, { select: { id: true, retentionPeriodDays: true }, order: { id: 'ASC' } });
  }
}
