import { JsonText } from '../../common/json/json-text';
import type { StoredEventResponseDto } from '../dto/stored-event.response.dto';

/** An event column by column, as PostgreSQL writes it out: every value already text, ready to splice into JSON. */
export interface EventRow {
  stream_id: string;
  stream_position: string;
  global_position: string;
  event_id: string;
  type: string;
  /** jsonb's text output: spaced (`{"a": 1, "b": [2, 3]}`), keys in jsonb's order. */
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
 * The compact JSON of jsonb's text output, which is the same JSON with one space after every `,` and
 * `:` between values (never elsewhere outside strings). Strings are skipped whole: a `"` inside one is
 * escaped, so a quote ends the string unless an odd number of backslashes precede it.
 */
export function compactJsonb(text: string): string {
  let compact = '';
  let copiedUpTo = 0;
  let at = 0;
  for (;;) {
    const quote = text.indexOf('"', at);
    const outsideEnd = quote < 0 ? text.length : quote;
    for (let space = text.indexOf(' ', at); space >= 0 && space < outsideEnd; space = text.indexOf(' ', space + 1)) {
      compact += text.slice(copiedUpTo, space);
      copiedUpTo = space + 1;
    }
    if (quote < 0) return compact + text.slice(copiedUpTo);
    let close = text.indexOf('"', quote + 1);
    while (escapedAt(text, close)) close = text.indexOf('"', close + 1);
    at = close + 1;
  }
}

/** Whether the quote at `index` is escaped: preceded by an odd run of backslashes. */
function escapedAt(text: string, index: number): boolean {
  let before = index - 1;
  while (text.charCodeAt(before) === 92) before -= 1;
  return (index - 1 - before) % 2 === 1;
}

/**
 * An event as the API returns it (StoredEventResponseDto), written as JSON from its row without
 * parsing its payload: `metadata` only when the event has it, `tags` when it has some, or always
 * (DCB reads, spec §2).
 */
export function eventJson(row: EventRow, tags: 'when-present' | 'always' = 'when-present'): string {
  return (
    `{"streamId":${JSON.stringify(row.stream_id)},"streamPosition":${row.stream_position},"globalPosition":${row.global_position},` +
    `"eventId":"${row.event_id}","type":${JSON.stringify(row.type)},"data":${compactJsonb(row.data)}` +
    (row.metadata !== null ? `,"metadata":${compactJsonb(row.metadata)}` : '') +
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
