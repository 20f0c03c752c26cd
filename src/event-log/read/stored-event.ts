import { JsonText } from '../../common/json/json-text';
import type { StoredEventResponseDto } from '../dto/stored-event.response.dto';

/** An event column by column, as PostgreSQL writes it out: every value already text, ready to splice into JSON. */
export interface EventRow {
  stream_id: string;
  stream_position: string;
  global_position: string;
  event_id: string;
  type: string;
  /** The compact JSON the service wrote when it was appended (a json column keeps it as it is). */
  data: string;
  metadata: string | null;
  /** A JSON array (`[]` when the event has none). */
  tags: string;
  schema_version: string;
  transaction_id: string;
  /** ISO 8601 in UTC to the millisecond, as Date#toISOString writes it. */
  created_at: string;
}

/**
 * The select list of an event as EventRow, from a relation with the events table's columns. `inPage`
 * (a boolean expression) limits data and metadata to the rows that go out (page-budget.ts).
 */
export function eventTextColumns(inPage?: string): string {
  const payload = (column: string) => (inPage ? `CASE WHEN ${inPage} THEN ${column}::text END` : `${column}::text`);
  return `stream_id, stream_position, global_position, event_id, type, ${payload('data')} AS data, ${payload('metadata')} AS metadata,
    array_to_json(tags)::text AS tags, schema_version, transaction_id,
    to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`;
}

/**
 * An event as the API returns it (StoredEventResponseDto), written as JSON from its row: the payloads
 * spliced in as stored, never parsed; `metadata` only when the event has it, `tags` when it has some,
 * or always (DCB reads, spec §2).
 */
export function eventJson(row: EventRow, tags: 'when-present' | 'always' = 'when-present'): string {
  return (
    `{"streamId":${JSON.stringify(row.stream_id)},"streamPosition":${row.stream_position},"globalPosition":${row.global_position},` +
    `"eventId":"${row.event_id}","type":${JSON.stringify(row.type)},"data":${row.data}` +
    (row.metadata !== null ? `,"metadata":${row.metadata}` : '') +
    (tags === 'always' || row.tags !== '[]' ? `,"tags":${row.tags}` : '') +
    `,"schemaVersion":${JSON.stringify(row.schema_version)},"transactionId":"${row.transaction_id}","createdAt":"${row.created_at}"}`
  );
}

/** A page of events as one JSON array. */
export function eventsJson(rows: EventRow[], tags?: 'when-present' | 'always'): JsonText<StoredEventResponseDto[]> {
  return new JsonText(`[${rows.map((row) => eventJson(row, tags)).join(',')}]`);
}

/** The same event as an object, for subscribers that send it inside a message of their own. */
export function toStoredEvent(row: EventRow): StoredEventResponseDto {
  const tags = JSON.parse(row.tags) as string[];
  return {
    streamId: row.stream_id,
    streamPosition: Number(row.stream_position),
    globalPosition: Number(row.global_position),
    eventId: row.event_id,
    type: row.type,
    data: JSON.parse(row.data) as Record<string, unknown>,
    ...(row.metadata !== null && { metadata: JSON.parse(row.metadata) as Record<string, unknown> }),
    ...(tags.length > 0 && { tags }),
    schemaVersion: row.schema_version,
    transactionId: row.transaction_id,
    createdAt: row.created_at,
  };
}
