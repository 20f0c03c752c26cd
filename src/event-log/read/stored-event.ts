import type { StoredEventResponseDto } from '../dto/stored-event.response.dto';

/** The columns every event read selects, named as the row mapper expects. */
export const EVENT_COLUMNS = `stream_id, stream_position, global_position, event_id, type, data, metadata, tags,
  schema_version, transaction_id, created_at`;

export interface EventRow {
  stream_id: string;
  stream_position: string;
  global_position: string;
  event_id: string;
  type: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown> | null;
  tags: string[];
  schema_version: string;
  transaction_id: string;
  created_at: Date;
}

/** A row as the API returns it: `metadata` and `tags` only when the event has them. */
export function toStoredEvent(row: EventRow): StoredEventResponseDto {
  return {
    streamId: row.stream_id,
    streamPosition: Number(row.stream_position),
    globalPosition: Number(row.global_position),
    eventId: row.event_id,
    type: row.type,
    data: row.data,
    ...(row.metadata !== null && { metadata: row.metadata }),
    ...(row.tags.length > 0 && { tags: row.tags }),
    schemaVersion: row.schema_version,
    transactionId: row.transaction_id,
    createdAt: row.created_at.toISOString(),
  };
}
