import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/**
 * One range scan of events_created_at_idx per minute (60 in all), each counting index entries
 * only: the cost is the number of events of the last hour, never the store's size. Minutes are
 * the database's, so that every API instance draws the same chart.
 */
const ACTIVITY = `
  SELECT m.start, count(e.global_position)::int AS events, s.last_position
    FROM event_stores s
   CROSS JOIN generate_series(date_trunc('minute', now()) - interval '59 minutes', date_trunc('minute', now()), interval '1 minute') AS m(start)
    LEFT JOIN events e
      ON e.event_store_id = s.id AND e.created_at >= m.start AND e.created_at < m.start + interval '1 minute'
   WHERE s.id = $1
   GROUP BY m.start, s.last_position
   ORDER BY m.start`;

/** The per-minute counts of the last hour, oldest first, and the store's last position (none when the store is gone). */
export interface ActivityRow {
  start: Date;
  events: number;
  last_position: string;
}

/** Reads a store's recent activity from the events table (which the event log owns; this only counts). */
@Injectable()
export class StoreActivityRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  lastHour(eventStoreId: string): Promise<ActivityRow[]> {
    return this.dataSource.query(ACTIVITY, [eventStoreId]);
  }
}
