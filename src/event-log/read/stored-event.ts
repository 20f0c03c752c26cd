import { JsonText } from '../../common/json/json-text';
import type { StoredEventResponseDto } from '../dto/stored-event.response.dto';

/** Whether an event's JSON carries `tags` only when it has some (every read but DCB's), or always (DCB reads, spec §2). */
export type TagsField = 'when-present' | 'always';

/**
 * An event as the API returns it (StoredEventResponseDto), as a SQL expression of JSON text over a
 * relation with the events table's columns: PostgreSQL writes the whole event, splicing in `data` and
 * `metadata` as stored (json columns keep the compact text the service wrote when it was appended),
 * so the API never parses or serialises an event it reads. Field order is the DTO's; `metadata` only
 * when the event has it. Strings go through to_json, which escapes as JSON.stringify does; timestamps
 * are written as Date#toISOString writes them.
 */
export function eventJsonSql(tags: TagsField = 'when-present'): string {
  // concat() builds the text in one buffer and skips NULL arguments (absent metadata, no tags);
  // a chain of || would copy the growing string at every step.
  const tagsField =
    tags === 'always'
      ? `',"tags":', array_to_json(tags)`
      : `CASE WHEN cardinality(tags) > 0 THEN ',"tags":' || array_to_json(tags)::text END`;
  return `concat('{"streamId":', to_json(stream_id), ',"streamPosition":', stream_position, ',"globalPosition":', global_position,
    ',"eventId":"', event_id, '","type":', to_json(type), ',"data":', data, ',"metadata":' || metadata::text, ${tagsField},
    ',"schemaVersion":', to_json(schema_version), ',"transactionId":"', transaction_id,
    '","createdAt":"', to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), '"}')`;
}

/**
 * An event as a WebSocket event frame carries it (spec §2: streamId, streamPosition, globalPosition,
 * eventId, type, data, createdAt, in that order), as a SQL expression of JSON text like eventJsonSql.
 */
export function frameEventJsonSql(): string {
  return `concat('{"streamId":', to_json(stream_id), ',"streamPosition":', stream_position, ',"globalPosition":', global_position,
    ',"eventId":"', event_id, '","type":', to_json(type), ',"data":', data,
    ',"createdAt":"', to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), '"}')`;
}

/** The JSON an event read renders (page-budget.ts): the API's event, or a WebSocket frame's. */
export type EventShape = 'stored' | 'frame';

/** A page of events as PostgreSQL wrote it (page-budget.ts): their JSON array, and whether more follow. */
export interface PageRow {
  events: string;
  has_more: boolean;
  /** The last event's global position, null for an empty page. */
  last_position: string | null;
}

/** The page's events, spliced into the response as they are. */
export const eventsJson = (row: PageRow): JsonText<StoredEventResponseDto[]> => new JsonText(row.events);

/** An event for subscribers, which send it inside a message of their own. */
export const toStoredEvent = (eventJson: string): StoredEventResponseDto => JSON.parse(eventJson) as StoredEventResponseDto;
