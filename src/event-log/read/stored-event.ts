import { JsonPart, JsonText } from '../../common/json/json-text';
import type { CopiedRow } from '../../database/binary-copy';
import type { StoredEventResponseDto } from '../dto/stored-event.response.dto';

/** Whether an event's JSON carries `tags` only when it has some (every read but DCB's), or always (DCB reads, spec §2). */
export type TagsField = 'when-present' | 'always';

/** The JSON an event read renders (page-budget.ts): the API's event, or a WebSocket frame's. */
export type EventShape = 'stored' | 'frame';

/**
 * A field of an event's JSON: its name, the SQL of its JSON value as text, and whether it is left
 * out when that is NULL.
 */
type JsonField = [name: string, value: string, omittedWhenNull?: boolean];

const ISO_TIMESTAMP = `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
// A uuid's and this timestamp's text never need escaping in JSON: they are quoted as they are.
const quoted = (text: string) => `'"' || ${text} || '"'`;
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
  ['streamId', 'to_json(stream_id)::text'],
  ['streamPosition', 'stream_position::text'],
  ['globalPosition', 'global_position::text'],
  ['eventId', quoted('event_id::text')],
  ['type', 'to_json(type)::text'],
  // Spliced in as stored: json columns keep the compact text the service wrote when it was appended.
  ['data', 'data::text'],
  ['metadata', 'metadata::text', true],
  ['schemaVersion', 'to_json(schema_version)::text'],
  ['transactionId', quoted('transaction_id::text')],
  ['createdAt', quoted(ISO_TIMESTAMP)],
];

/** A field as SQL text: `,"name":value` (`{"name":value` when it opens the object), or '' when omitted. */
function fieldSql([name, value, omittedWhenNull]: JsonField, opening = false): string {
  const key = `'${opening ? '{' : ','}"${name}":'`;
  return omittedWhenNull ? `COALESCE(${key} || ${value}, '')` : `${key} || ${value}`;
}

const joined = (parts: string[]) => `(${parts.join(' || ')})`;

/**
 * The fields as one JSON object, a SQL expression over a relation with the events table's columns.
 * Text joined with ||, every value already text: concat() would look up each argument's output
 * function on every row (a page of 1 KB events took about 1.4 times as long here). Each || copies the string so
 * far, so the small fields before `data` are joined first, those after it too, and the three parts
 * last: the event's payload is copied twice, not once per field. Strings go through to_json, which
 * escapes as JSON.stringify does.
 */
function jsonObjectSql(fields: JsonField[]): string {
  const parts = fields.map((field, i) => fieldSql(field, i === 0));
  const data = fields.indexOf(DATA);
  return `${joined(parts.slice(0, data))} || ${parts[data]} || ${joined([...parts.slice(data + 1), "'}'"])}`;
}

/** An event's fields before its data, and after its data, metadata and tags, in the API's shape (StoredEventResponseDto). */
const HEAD_FIELDS = [STREAM_ID, STREAM_POSITION, GLOBAL_POSITION, EVENT_ID, TYPE];
const TAIL_FIELDS = [SCHEMA_VERSION, TRANSACTION_ID, CREATED_AT];

/**
 * The text of an event's JSON before its data (`{"streamId":…,"type":…,"data":`) and after its data,
 * metadata and tags (`,"schemaVersion":…,"createdAt":…}`), as SQL over the events table's columns:
 * append_batch_insert_events writes them into `json_head` and `json_tail` once, when the event is
 * appended, so that a read joins five pieces instead of twenty (bench/README.md). Metadata and tags
 * stay the read's: whether they appear depends on it (DCB reads always carry tags).
 */
export const JSON_HEAD_SQL = joined([...HEAD_FIELDS.map((field, i) => fieldSql(field, i === 0)), `',"data":'`]);
export const JSON_TAIL_SQL = joined([...TAIL_FIELDS.map((field) => fieldSql(field)), "'}'"]);

/**
 * An event's JSON as SQL: PostgreSQL writes the whole event, so the API never parses or serialises
 * an event it reads. `stored` is StoredEventResponseDto, fields in its order, `metadata` only when
 * the event has it and `tags` as `tags` says; `frame` is a WebSocket event frame's (spec §2:
 * streamId, streamPosition, globalPosition, eventId, type, data, createdAt). Both start with the head
 * written at append (JSON_HEAD_SQL); a stored event ends with the stored tail, a frame with its
 * createdAt. An event appended before those were kept is written from its columns alone.
 */
export function eventJsonSql(shape: EventShape = 'stored', tags: TagsField = 'when-present'): string {
  const tagsField: JsonField =
    tags === 'always'
      ? ['tags', 'array_to_json(tags)::text']
      : ['tags', 'CASE WHEN cardinality(tags) > 0 THEN array_to_json(tags)::text END', true];
  const afterData = shape === 'frame' ? [CREATED_AT] : [METADATA, tagsField, ...TAIL_FIELDS];
  const fromColumns = jsonObjectSql([...HEAD_FIELDS, DATA, ...afterData]);
  // Both columns tested for a stored event: a head without a tail would make it NULL, which a page's string_agg would skip.
  const [written, rest] =
    shape === 'frame'
      ? ['json_head IS NOT NULL', joined([fieldSql(CREATED_AT), "'}'"])]
      : ['json_head IS NOT NULL AND json_tail IS NOT NULL', joined([fieldSql(METADATA), fieldSql(tagsField), 'json_tail'])];
  return `CASE WHEN ${written} THEN json_head || data::text || ${rest} ELSE ${fromColumns} END`;
}

/**
 * A run of a page's events as PostgreSQL wrote it (page-budget.ts): their JSON joined with commas, as
 * the bytes a binary copy returns (database/binary-copy.ts), whether more follow, and where it goes.
 */
export interface PageRow {
  /** Null on a row that holds only the event after the page. */
  events: Buffer | null;
  has_more: boolean | null;
  /** The run's last global position, null when it holds no event of the page. */
  last_position: string | null;
  /** The run's place in the page: 0, 1, … (null on a stream's row with an empty page). */
  run: number | null;
}

/** A row of pageOf's statement as a binary copy returns it: its first four columns, in pageOf's order. */
export function pageRowOf([events, hasMore, lastPosition, run]: CopiedRow): PageRow {
  // Binary forms: a boolean is one byte, 1 for true; an int four, big-endian; a text its UTF-8.
  return {
    events,
    has_more: hasMore === null ? null : hasMore[0] === 1,
    last_position: lastPosition?.toString() ?? null,
    run: run === null ? null : run.readInt32BE(0),
  };
}

/** A page from its rows (none for an empty page), in any order: its events as one JSON array, spliced into the response as they are. */
export function pageJson(rows: PageRow[]): { events: JsonText<StoredEventResponseDto[]>; hasMore: boolean; lastPosition: string | null } {
  const runs = rows.filter((row) => row.run !== null).sort((a, b) => a.run! - b.run!);
  const parts: JsonPart[] = [];
  let lastPosition: string | null = null;
  for (const { events, last_position } of runs) {
    if (events !== null) parts.push(parts.length === 0 ? '[' : ',', events);
    if (last_position !== null) lastPosition = last_position;
  }
  parts.push(parts.length === 0 ? '[]' : ']');
  // Null on a stream's row with an empty page (read-stream's LEFT JOIN).
  const hasMore = rows.some((row) => row.has_more === true);
  // The runs stay apart (JsonText's parts): the reply writes them one after the other.
  return { events: new JsonText(parts), hasMore, lastPosition };
}

/** An event for subscribers, which splice its JSON into a message of their own, and what they need to know of it. */
export interface EventText {
  globalPosition: number;
  eventId: string;
  type: string;
  /** The event in the shape it was read in (EventShape). */
  json: string;
}
