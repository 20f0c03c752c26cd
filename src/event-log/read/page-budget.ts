import { EventShape, eventJsonSql, ISO_CREATED_AT, TagsField } from './stored-event';

/**
 * What an event adds to a page: its data and metadata as measured when appended (compact JSON, as
 * the API sends it), its stream id, type and tags, and 256 bytes for the field names and the values
 * of fixed size (ids, positions, timestamp). An event stored before sizes were kept is measured from
 * its JSON here, which costs a serialisation the stored size spares.
 */
const EVENT_READ_BYTES = `COALESCE(size_bytes, octet_length(data::text) + COALESCE(octet_length(metadata::text), 0))
  + octet_length(stream_id) + octet_length(type) + octet_length(tags::text) + 256`;

/** What the inner query of a budgeted page selects: the event's columns and its size in the page. */
export const PAGE_COLUMNS = `stream_id, stream_position, global_position, event_id, type, data, metadata, tags, schema_version,
  transaction_id, created_at, ${EVENT_READ_BYTES} AS read_bytes`;

/** A row of a budgeted page: an event of the page (its JSON), or (`in_page` false, without it) the one after it. */
export interface PagedEventRow {
  event: string | null;
  global_position: string;
  event_id: string;
  type: string;
  in_page: boolean;
}

/**
 * Cuts a page of events at `budget` bytes inside PostgreSQL, so that memory per read is bounded
 * however large the events: `page` selects PAGE_COLUMNS ordered by `order` and limited to
 * `limit` + 1 rows. A running sum of their sizes keeps the first event whatever its size (so any
 * stored event can be read) and each next one while the page stays within the budget, up to `limit`.
 * The first event left out is returned too, without its JSON, to say that more follow; the sizes come
 * from a column, so the events past the cut are never detoasted. Each row carries its event's JSON
 * (stored-event.ts) and its position `n` in the page: callers take the rows ORDER BY n, as SQL promises no order through a subquery otherwise.
 */
export function budgetedPage(
  page: string,
  { order, limit, budget, tags, shape = 'stored' }: { order: string; limit: string; budget: string; tags?: TagsField; shape?: EventShape },
): string {
  return `
    SELECT CASE WHEN in_page THEN ${eventJsonSql(shape, tags)} END AS event, global_position, event_id, type, in_page, n
      FROM (SELECT sized.*, n <= ${limit} AND (n = 1 OR bytes_through <= ${budget}) AS in_page
              FROM (SELECT page.*, row_number() OVER w AS n, sum(read_bytes) OVER w AS bytes_through
                      FROM (${page}) page
                    WINDOW w AS (ORDER BY ${order} ROWS UNBOUNDED PRECEDING)) sized
             WHERE n <= 2 OR bytes_through - read_bytes <= ${budget}) reported`;
}

/**
 * A budgeted page (as budgetedPage cuts it) as rows of PageRow ordered by their place in the page:
 * each event of the page as the text of its columns, for the API to write its JSON (pageJson in
 * stored-event.ts), then the first event left out, if any, with `in_page` false and no columns.
 * PostgreSQL only sends what it stores: writing each event's JSON there (a dozen function calls and
 * copies per event) cost it two to three times what sending the columns does, and it is the
 * scarcer side (a read holds a connection; the API's work is spread over its event loop).
 */
export function pageRows(page: string, { order, limit, budget }: { order: string; limit: string; budget: string }): string {
  const inPage = (column: string) => `CASE WHEN in_page THEN ${column} END`;
  return `
    SELECT ${inPage('stream_id')} AS stream_id, ${inPage('stream_position')} AS stream_position, global_position,
           ${inPage('event_id')} AS event_id, ${inPage('type')} AS type, ${inPage('data::text')} AS data,
           ${inPage('metadata::text')} AS metadata, ${inPage('CASE WHEN cardinality(tags) > 0 THEN array_to_json(tags)::text END')} AS tags,
           ${inPage('schema_version')} AS schema_version, ${inPage('transaction_id')} AS transaction_id,
           ${inPage(ISO_CREATED_AT)} AS created_at, in_page, n
      FROM (SELECT sized.*, n <= ${limit} AND (n = 1 OR bytes_through <= ${budget}) AS in_page
              FROM (SELECT page.*, row_number() OVER w AS n, sum(read_bytes) OVER w AS bytes_through
                      FROM (${page}) page
                    WINDOW w AS (ORDER BY ${order} ROWS UNBOUNDED PRECEDING)) sized
             WHERE n <= 2 OR bytes_through - read_bytes <= ${budget}) reported`;
}

/** The rows of a budgeted page in order that are in it, and whether more follow in the range it was cut from. */
export function splitPage(rows: PagedEventRow[]): { page: PagedEventRow[]; hasMore: boolean } {
  const page = rows.filter((row) => row.in_page);
  return { page, hasMore: page.length < rows.length };
}
