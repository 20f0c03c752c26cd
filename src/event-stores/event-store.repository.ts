import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ILike, Repository } from 'typeorm';
import { newId } from '../common/ids';
import { escapeLike } from '../common/sql';
import { isUniqueViolation } from '../database/postgres-errors';
import { EventStoreEntity } from './entities/event-store.entity';
import { EventStoreAlreadyExistsError } from './event-store.errors';

/** What a new store's row is made of; the database fills in the rest (timestamps, counters, status). */
export type EventStoreSettings = Pick<
  EventStoreEntity,
  'tenantId' | 'name' | 'description' | 'region' | 'retentionPeriodDays' | 'maxStreamSizeBytes'
>;

/**
 * The `event_stores` table. The lookups on every append and read (a `{ref}` to an id, a store's
 * tenant for the worker, the WebSocket audit) are raw indexed queries: building and hydrating the
 * ORM query cost more CPU than the database does. The operator's side goes through TypeORM. The
 * counters (`last_position` and the store's totals) are written only by the event log's SQL
 * functions; this class reads them.
 */
@Injectable()
export class EventStoreRepository {
  constructor(@InjectRepository(EventStoreEntity) private readonly stores: Repository<EventStoreEntity>) {}

  /** The unique constraint decides, so two concurrent creates of one name cannot both succeed. */
  async create(settings: EventStoreSettings): Promise<EventStoreEntity> {
    const created = this.stores.create({ id: newId('es'), ...settings });
    try {
      // insert() reads the database defaults (timestamps, counters, status) back into the entity.
      await this.stores.insert(created);
    } catch (error) {
      if (isUniqueViolation(error, 'event_stores_tenant_name_uq')) throw new EventStoreAlreadyExistsError(settings.name);
      throw error;
    }
    return created;
  }

  /**
   * Everything a store owns references it with ON DELETE CASCADE, so deleting the row removes it all.
   * That may be millions of rows: the one statement the API lets run past its statement timeout.
   */
  async delete(eventStoreId: string): Promise<void> {
    await this.stores.manager.transaction(async (manager) => {
      await manager.query(`SET LOCAL statement_timeout = 0`);
      await manager.delete(EventStoreEntity, { id: eventStoreId });
    });
  }

  /** Ids start with `es_` and names may not, so matching either column can never pick the wrong store. */
  findByRef(tenantId: string, ref: string): Promise<EventStoreEntity | null> {
    return this.stores.findOne({
      where: [
        { tenantId, id: ref },
        { tenantId, name: ref },
      ],
    });
  }

  /** Only the id, as `findByRef` finds it, in one raw indexed query. */
  async idByRef(tenantId: string, ref: string): Promise<string | null> {
    const [row] = await this.stores.query(`SELECT id FROM event_stores WHERE tenant_id = $1 AND (id = $2 OR name = $2)`, [tenantId, ref]);
    return row ? row.id : null;
  }

  /** A page of the tenant's stores, oldest first, whose name contains `nameContains` (any case), and how many there are in all. */
  async page(
    tenantId: string,
    limit: number,
    offset: number,
    nameContains?: string,
  ): Promise<{ stores: EventStoreEntity[]; totalCount: number }> {
    const [stores, totalCount] = await this.stores.findAndCount({
      // `_` is legal in store names, so the filter's wildcards must match literally.
      where: { tenantId, ...(nameContains ? { name: ILike(`%${escapeLike(nameContains)}%`) } : {}) },
      order: { createdAt: 'ASC', id: 'ASC' },
      take: limit,
      skip: offset,
    });
    return { stores, totalCount };
  }

  /** Null for a store that does not exist. */
  async tenantOf(eventStoreId: string): Promise<string | null> {
    const [row] = await this.stores.query(`SELECT tenant_id FROM event_stores WHERE id = $1`, [eventStoreId]);
    return row ? row.tenant_id : null;
  }

  /** The last position of each of these stores that still exists. */
  async lastPositions(eventStoreIds: string[]): Promise<Map<string, number>> {
    const rows: { id: string; last_position: string }[] = await this.stores.query(
      `SELECT id, last_position FROM event_stores WHERE id = ANY($1)`,
      [eventStoreIds],
    );
    return new Map(rows.map((row) => [row.id, Number(row.last_position)]));
  }

  /** Every store with its retention setting, for the worker's sweep (null: kept forever). */
  async retentionSettings(): Promise<{ id: string; retentionPeriodDays: number | null }[]> {
    return this.stores.find({ select: { id: true, retentionPeriodDays: true }, order: { id: 'ASC' } });
  }
}
