import { Injectable } from '@nestjs/common';
import { TenantDatabase } from '../database/tenant-shares/tenant-database';

/**
 * The last 60 minutes from store_activity, the ring of per-minute append counts that append_batch
 * keeps: 60 rows at most, whatever the store's size or traffic. A slot holding another hour's
 * minute counts nothing. Minutes are the database's, so that every API instance draws the same chart.
 */
const ACTIVITY = `
  SELECT m.start, COALESCE(a.events, 0)::int AS events, s.last_position
    FROM event_stores s
   CROSS JOIN generate_series(date_trunc('minute', now(), 'UTC') - interval '59 minutes', date_trunc('minute', now(), 'UTC'),
                              interval '1 minute') AS m(start)
    LEFT JOIN store_activity a
      ON a.event_store_id = $1 AND a.slot = div(extract(epoch FROM m.start)::bigint, 60) % 60 AND a.minute = m.start
   WHERE s.id = $1
   ORDER BY m.start`;

/** The per-minute counts of the last hour, oldest first, and the store's last position (none when the store is gone). */
export interface ActivityRow {
  start: Date;
  events: number;
  last_position: string;
}

/** Reads a store's recent activity from the counts the event log keeps as it appends. */
@Injectable()
export class StoreActivityRepository {
  constructor(private readonly database: TenantDatabase) {}

  /** Asked by the store's tenant, within its share of the database. */
  lastHour(tenantId: string, eventStoreId: string): Promise<ActivityRow[]> {
    return this.database.for(tenantId).query(ACTIVITY, [eventStoreId]);
  }
}
