import { JsonText } from '../../common/json/json-text';
import type { StoredEventResponseDto } from '../dto/stored-event.response.dto';

/** Whether an event's JSON carries `tags` only when it has some (every read but DCB's), or always (DCB reads, spec §2). */
export type TagsField = 'when-present' | 'always';

/** The JSON an event read renders (page-budget.ts): the API's event, or a WebSocket frame's. */
export type EventShape = 'stored' | 'frame';

/** A field of an event's JSON: its name, the SQL of its JSON value, and whether it is left out when that is NULL. */
type JsonField = [name: string, value: string, omittedWhenNull?: boolean];

const ISO_TIMESTAMP = `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const [
  STREAM_ID,
  STREAM_POSITION,
  GLOBAL_POSITION,
  EVENT_ID,
  TYPE,
  DATA,
  METADATA,
  SCHEMA_VERSION,
  TRANSACTION_ID,
  CREATED_AT,
]: JsonField[] = [
  ['streamId', 'to_json(stream_id)'],
  ['streamPosition', 'stream_position'],
  ['globalPosition', 'global_position'],
  ['eventId', 'to_json(event_id)'],
  ['type', 'to_json(type)'],
  // Spliced in as stored: json columns keep the compact text the service wrote when it was appended.
  ['data', 'data'],
  ['metadata', 'metadata::text', true],
  ['schemaVersion', 'to_json(schema_version)'],
  ['transactionId', 'to_json(transaction_id)'],
  ['createdAt', `to_json(${ISO_TIMESTAMP})`],
];

/**
 * The fields as one JSON object, a SQL expression over a relation with the events table's columns.
 * concat() builds the text in one buffer and skips NULL arguments, which leaves out an omitted
 * field with its name (a chain of || would copy the growing string at every step). Strings go
 * through to_json, which escapes as JSON.stringify does.
 */
function jsonObjectSql(fields: JsonField[]): string {
  const parts = fields.map(([name, value, omittedWhenNull], i) => {
    const key = `'${i === 0 ? '{' : ','}"${name}":'`;
    return omittedWhenNull ? `${key} || ${value}` : `${key}, ${value}`;
  });
  return `concat(${parts.join(', ')}, '}')`;
}

/**
 * An event's JSON as SQL: PostgreSQL writes the whole event, so the API never parses or serialises
 * an event it reads. `stored` is StoredEventResponseDto, fields in its order, `metadata` only when
 * the event has it and `tags` as `tags` says; `frame` is a WebSocket event frame's (spec §2:
 * streamId, streamPosition, globalPosition, eventId, type, data, createdAt).
 */
export function eventJsonSql(shape: EventShape = 'stored', tags: TagsField = 'when-present'): string {
  if (shape === 'frame') return jsonObjectSql([STREAM_ID, STREAM_POSITION, GLOBAL_POSITION, EVENT_ID, TYPE, DATA, CREATED_AT]);
  const tagsField: JsonField =
    tags === 'always'
      ? ['tags', 'array_to_json(tags)']
      : ['tags', 'CASE WHEN cardinality(tags) > 0 THEN array_to_json(tags)::text END', true];
  return jsonObjectSql([
    STREAM_ID,
    STREAM_POSITION,
    GLOBAL_POSITION,
    EVENT_ID,
    TYPE,
    DATA,
    METADATA,
    tagsField,
    SCHEMA_VERSION,
    TRANSACTION_ID,
    CREATED_AT,
  ]);
}

/** A page of events as PostgreSQL wrote it (page-budget.ts): their JSON array, and whether more follow. */
export interface PageRow {
  events: string;
  has_more: boolean;
  /** The last event's global position, null for an empty page. */
  last_position: string | null;
}

/** The page's events, spliced into the response as they are. */
export const eventsJson = (row: PageRow): JsonText<StoredEventResponseDto[]> => new JsonText(row.events);

/** An event for subscribers, which splice its JSON into a message of their own, and what they need to know of it. */
export interface EventText {
  globalPosition: number;
  eventId: string;
  type: string;
  /** The event in the shape it was read in (EventShape). */
  json: string;
}
