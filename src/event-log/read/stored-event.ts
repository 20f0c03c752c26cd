import { JsonText } from '../../common/json/json-text';
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
  // Both columns tested for a stored event: a head without a tail would make the event's JSON NULL.
  const [written, rest] =
    shape === 'frame'
      ? ['json_head IS NOT NULL', joined([fieldSql(CREATED_AT), "'}'"])]
      : ['json_head IS NOT NULL AND json_tail IS NOT NULL', joined([fieldSql(METADATA), fieldSql(tagsField), 'json_tail'])];
  return `CASE WHEN ${written} THEN json_head || data::text || ${rest} ELSE ${fromColumns} END`;
}

/**
 * The columns of pageOf's rows (page-budget.ts): an event's JSON, its global position (int8), its
 * place in the page (int4), and whether it is in the page (bool).
 */
const [EVENT, POSITION, PLACE, IN_PAGE] = [0, 1, 2, 3];
const [OPEN, COMMA, CLOSE] = ['[', ',', ']'].map((character) => character.charCodeAt(0));

/**
 * A page from pageOf's rows (page-budget.ts), in any order, as a binary copy returns them: its events
 * as one JSON array of bytes, in the order of their place in the page, whether more follow (a row not
 * in the page: the one after it), and the global position of the page's last event in that order
 * (its highest in an ascending page). A stream's empty page is one row without a place (read-stream's
 * LEFT JOIN), and a page may have no rows at all.
 */
export function pageJson(rows: CopiedRow[]): { events: JsonText<StoredEventResponseDto[]>; hasMore: boolean; lastPosition: number | null } {
  const placed = rows.filter((row) => row[PLACE] !== null);
  const place = (row: CopiedRow) => row[PLACE]!.readInt32BE(0);
  // PostgreSQL sends them in order in practice, which SQL does not promise: checked, and sorted when not.
  if (placed.some((row, i) => i > 0 && place(row) < place(placed[i - 1]))) placed.sort((a, b) => place(a) - place(b));
  // A boolean's binary form is one byte, 1 for true.
  const events = placed.filter((row) => row[IN_PAGE]![0] === 1);
  // Brackets, commas and each event's bytes copied once, at its place, into the one buffer the reply writes.
  let length = 2 + Math.max(events.length - 1, 0);
  for (const row of events) length += row[EVENT]!.length;
  const json = Buffer.allocUnsafe(length);
  json[0] = OPEN;
  let at = 1;
  events.forEach((row, i) => {
    if (i > 0) json[at++] = COMMA;
    json.set(row[EVENT]!, at);
    at += row[EVENT]!.length;
  });
  json[at] = CLOSE;
  const last = events.at(-1);
  return {
    events: new JsonText([json]),
    hasMore: events.length < placed.length,
    lastPosition: last ? Number(last[POSITION]!.readBigInt64BE(0)) : null,
  };
}

/** An event for subscribers, which splice its JSON into a message of their own, and what they need to know of it. */
export interface EventText {
  globalPosition: number;
  eventId: string;
  type: string;
  /** The event in the shape it was read in (EventShape). */
  json: string;
}
