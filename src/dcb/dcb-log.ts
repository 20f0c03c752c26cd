import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { StoredEventResponseDto } from '../streams/dto/stored-event.response.dto';
import { EVENT_COLUMNS, EventRow, toStoredEvent } from '../streams/stored-event';

export interface DcbQueryItem {
  types?: string[];
  tags?: string[];
}

export interface AppendCondition {
  failIfEventsMatch: { items: DcbQueryItem[] };
  after?: number;
}

export interface DcbReadResult {
  events: StoredEventResponseDto[];
  lastPosition: number;
}

const READ = `
  SELECT ${EVENT_COLUMNS}
    FROM unnest(dcb_matching_positions($1, $2::jsonb, $3, $4)) AS matched(position)
    JOIN events ON events.event_store_id = $1 AND events.global_position = matched.position
   ORDER BY global_position`;

/** DCB reads over the shared log: `dcb_matching_positions` (migration CreateDcb) does the matching. Appends go through AppendBatcher. */
@Injectable()
export class DcbLog {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async read(eventStoreId: string, items: DcbQueryItem[], after: number, limit: number): Promise<DcbReadResult> {
    const rows: EventRow[] = await this.dataSource.query(READ, [eventStoreId, JSON.stringify(items), after, limit]);
    // DCB reads always carry tags (spec §2), even an empty list.
    const events = rows.map((row) => ({ ...toStoredEvent(row), tags: row.tags }));
    return { events, lastPosition: events.at(-1)?.globalPosition ?? after };
  }
}
