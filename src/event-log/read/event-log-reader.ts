import { Injectable } from '@nestjs/common';
import { Queryable, Reader, ReadReplicas } from '../../database/replicas/read-replicas';
import type { ReadDirection } from '../../common/decorators/query-params.decorators';
import type { EventFilter } from '../../common/event-filter';
import type { JsonText } from '../../common/json/json-text';
import { EnvironmentVariables } from '../../config/environment-variables';
import type { StoredEventResponseDto } from '../dto/stored-event.response.dto';
import { EventsFilter, eventsQuery, typeCondition } from './events-query';
import { budgetedPage, pageColumns, PagedEventRow, pageOf, splitPage } from './page-budget';
import { EventShape, eventJsonSql, EventText, pageJson } from './stored-event';

/** Inclusive bounds on stream positions. */
export interface StreamRange {
  direction: ReadDirection;
  limit: number;
  from?: number;
  to?: number;
}

/** A page of events for a response: rendered as JSON once, never parsed (stored-event.ts). */
export interface EventPage {
  events: JsonText<StoredEventResponseDto[]>;
  hasMore: boolean;
}

// The page's columns first (pageJson), then the stream's version.
const READ_STREAM = (order: 'ASC' | 'DESC') => `
  SELECT page.*, s.version::text AS stream_version
    FROM streams s
    LEFT JOIN LATERAL (${pageOf(
      `SELECT ${pageColumns('stored')} FROM events
        WHERE event_store_id = $1 AND stream_id = $2 AND stream_position BETWEEN $3 AND $4
        ORDER BY stream_position ${order}
        LIMIT $5::int + 1`,
      { order: `stream_position ${order}`, limit: '$5::int', budget: '$6::bigint' },
    )}) page ON true
   WHERE s.event_store_id = $1 AND s.stream_id = $2`;
/** What an event is, without its payload. */
export interface EventHead {
  type: string;
  streamId: string;
}

/** Exported for the benchmark's EXPLAIN of the exact statement. */
export const READ_STREAM_SQL = { forward: READ_STREAM('ASC'), backward: READ_STREAM('DESC') };
/** The column of READ_STREAM's rows that holds the stream's version. */
const STREAM_VERSION = 4;

/**
 * Reads of the event log in PostgreSQL: streams, the whole store, and subscribers' pages. Appends go
 * through AppendBatcher. Every page of events ends at `limit` events or at READ_PAGE_MAX_BYTES,
 * whichever comes first (page-budget.ts), and holds at least one event.
 */
@Injectable()
export class EventLogReader {
  private readonly pageBudget: number;

  constructor(
    private readonly replicas: ReadReplicas,
    config: EnvironmentVariables,
  ) {
    this.pageBudget = config.READ_PAGE_MAX_BYTES;
  }

  /** The stream's version and a page of its events, from one snapshot (of a standby, maybe: ReadReplicas); null if never appended to. */
  async readStream(
    reader: Reader,
    eventStoreId: string,
    streamId: string,
    range: StreamRange,
  ): Promise<(EventPage & { streamVersion: number }) | null> {
    const source = await this.replicas.forRead(eventStoreId, reader);
    const rows = await source.copyRows(READ_STREAM_SQL[range.direction], [
      eventStoreId,
      streamId,
      range.from ?? 0,
      range.to ?? Number.MAX_SAFE_INTEGER,
      range.limit,
      this.pageBudget,
    ]);
    if (rows.length === 0) return null;
    const { events, hasMore } = pageJson(rows);
    return { streamVersion: Number(rows[0][STREAM_VERSION]!.toString()), events, hasMore };
  }

  /** Events across the store in global order (see events-query.ts), from the primary or a standby (ReadReplicas). */
  async readEvents(reader: Reader, eventStoreId: string, filter: EventsFilter): Promise<EventPage> {
    const { text, values } = eventsQuery(eventStoreId, filter, this.pageBudget);
    const source = await this.replicas.forRead(eventStoreId, reader);
    const { events, hasMore } = pageJson(await source.copyRows(text, values));
    return { events, hasMore };
  }

  /**
   * For subscribers: the next events matching `filter` after `after`, from one snapshot of `db`, and
   * `lastPosition`, up to which every matching event has been returned: the store's last position
   * when no more match (positions are handed out in commit order, so every event up to it is visible
   * in the snapshot), else the last event's. A page may end at the byte budget with fewer than
   * `limit` events (or `maxBytes`, when smaller): `hasMore` says whether to read on. Each event comes as its JSON in `shape`,
   * written by PostgreSQL, for the subscriber to splice into its message (a webhook body, a frame).
   */
  async readMatchingAfter(
    db: Queryable,
    eventStoreId: string,
    filter: EventFilter,
    after: number,
    limit: number,
    { shape = 'stored', maxBytes = this.pageBudget }: { shape?: EventShape; maxBytes?: number } = {},
  ): Promise<{ lastPosition: number; events: EventText[]; hasMore: boolean }> {
    const values: unknown[] = [eventStoreId, after, limit, Math.min(maxBytes, this.pageBudget)];
    const condition = typeCondition(filter, (value) => `$${values.push(value)}`);
    // The store id as a value, not `= st.id`: Citus then sends the statement to the store's shard alone.
    const matching = `SELECT ${pageColumns(shape)} FROM events
       WHERE event_store_id = $1 AND global_position > $2 AND ${condition}
       ORDER BY global_position LIMIT $3::int + 1`;
    const rows = await db.query<(PagedEventRow & { store_last_position: string })[]>(
      `SELECT st.last_position AS store_last_position, e.*
         FROM event_stores st
         LEFT JOIN LATERAL (${budgetedPage(matching, { order: 'global_position', limit: '$3::int', budget: '$4::bigint', shape })}) e ON true
        WHERE st.id = $1
        ORDER BY e.n`,
      values,
    );
    if (rows.length === 0) return { lastPosition: after, events: [], hasMore: false };
    const { page, hasMore } = splitPage(rows.filter((row) => row.global_position !== null));
    const events = page.map(toEventText);
    return { lastPosition: hasMore ? events[events.length - 1].globalPosition : Number(rows[0].store_last_position), events, hasMore };
  }

  /**
   * A page of a WebSocket replay (readMatchingAfter's), from a standby that has replayed the store up
   * to `reader.minPosition` (the cursor, or the feed's position a bridge must reach), else from the
   * primary: a replay never sees less than it has sent.
   */
  async readReplayAfter(
    reader: Reader,
    eventStoreId: string,
    filter: EventFilter,
    after: number,
    limit: number,
    maxBytes: number,
  ): Promise<{ lastPosition: number; events: EventText[]; hasMore: boolean }> {
    const source = await this.replicas.forRead(eventStoreId, reader);
    return this.readMatchingAfter(source, eventStoreId, filter, after, limit, { shape: 'frame', maxBytes });
  }

  /** The store's last position in `db` now (or in its transaction), or null when the store no longer exists. */
  async lastPosition(db: Queryable, eventStoreId: string): Promise<number | null> {
    const [row] = await db.query<{ last_position: string }[]>(`SELECT last_position FROM event_stores WHERE id = $1`, [eventStoreId]);
    return row ? Number(row.last_position) : null;
  }

  /** One event, as the API returns it, or null when there is none at `position`. */
  async readEventAt(db: Queryable, eventStoreId: string, position: number): Promise<EventText | null> {
    const [row] = await db.query<PagedEventRow[]>(
      `SELECT ${eventJsonSql()} AS event, global_position, event_id, type FROM events WHERE event_store_id = $1 AND global_position = $2`,
      [eventStoreId, position],
    );
    return row ? toEventText(row) : null;
  }

  /** The type and stream (`__dcb__` for a DCB event) of each event still stored at one of these positions. */
  async eventHeadsAt(db: Queryable, eventStoreId: string, positions: number[]): Promise<Map<number, EventHead>> {
    if (positions.length === 0) return new Map();
    const rows = await db.query<{ global_position: string; type: string; stream_id: string }[]>(
      `SELECT global_position, type, stream_id FROM events WHERE event_store_id = $1 AND global_position = ANY($2::bigint[])`,
      [eventStoreId, positions],
    );
    return new Map(rows.map((row) => [Number(row.global_position), { type: row.type, streamId: row.stream_id }]));
  }
}

const toEventText = (row: PagedEventRow): EventText => ({
  globalPosition: Number(row.global_position),
  eventId: row.event_id,
  type: row.type,
  json: row.event!,
});
