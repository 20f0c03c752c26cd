import { EventShape, eventJsonSql, TagsField } from './stored-event';

/**
 * What an event adds to a page: its data and metadata as measured when appended (compact JSON, as
 * the API sends it), its stream id, type and tags, and 256 bytes for the field names and the values
 * of fixed size (ids, positions, timestamp). An event stored before sizes were kept is measured from
 * its JSON here, which costs a serialisation the stored size spares.
 */
const EVENT_READ_BYTES = `COALESCE(size_bytes, octet_length(data::text) + COALESCE(octet_length(metadata::text), 0))
  + octet_length(stream_id) + octet_length(type) + octet_length(tags::text) + 256`;

/**
 * What the inner query of a page (budgetedPage, pageOf) selects: the columns of the event's JSON in
 * `shape` (stored-event.ts) and its size in the page. A frame has no metadata, tags, schema version,
 * transaction id or tail, which the page's window would otherwise carry for nothing.
 */
export function pageColumns(shape: EventShape): string {
  const stored = shape === 'stored' ? 'metadata, tags, schema_version, transaction_id, json_tail, ' : '';
  return `stream_id, stream_position, global_position, event_id, type, data, ${stored}created_at, json_head, ${EVENT_READ_BYTES} AS read_bytes`;
}

/** Where a page is cut and in what order: the rows of a page's query, and how many it may hold. */
interface PageCut {
  /** SQL ordering the inner query's rows, over its columns. */
  order: string;
  /** SQL of the most events in the page, and of its byte budget. */
  limit: string;
  budget: string;
}

/**
 * Cuts a page of events at `budget` bytes inside PostgreSQL, so that memory per read is bounded
 * however large the events: `page` selects its events' sizes (`read_bytes`) ordered by `order` and
 * limited to `limit` + 1 rows. A running sum of their sizes keeps the first event whatever its size
 * (so any stored event can be read) and each next one while the page stays within the budget, up to
 * `limit`. The first event left out is returned too (`in_page` false) to say that more follow; the
 * sizes come from a column, so the events past the cut are never detoasted. Each row carries its
 * position `n` in the page, by which callers order them, as SQL promises no order through a subquery
 * otherwise.
 */
function cutAtBudget(page: string, { order, limit, budget }: PageCut): string {
  return `
    SELECT sized.*, n <= ${limit} AND (n = 1 OR bytes_through <= ${budget}) AS in_page
      FROM (SELECT page.*, row_number() OVER w AS n, sum(read_bytes) OVER w AS bytes_through
              FROM (${page}) page
            WINDOW w AS (ORDER BY ${order} ROWS UNBOUNDED PRECEDING)) sized
     WHERE n <= 2 OR bytes_through - read_bytes <= ${budget}`;
}

/** A row of a budgeted page: an event of the page (its JSON), or (`in_page` false, without it) the one after it. */
export interface PagedEventRow {
  event: string | null;
  global_position: string;
  event_id: string;
  type: string;
  in_page: boolean;
}

/**
 * A page of events (cutAtBudget) as rows of PagedEventRow, each with its event's JSON
 * (stored-event.ts) in `shape`, for a subscriber: `page` selects pageColumns(shape), and the rows are
 * taken ORDER BY n.
 */
export function budgetedPage(page: string, { tags, shape = 'stored', ...cut }: PageCut & { tags?: TagsField; shape?: EventShape }): string {
  return reportedRows(page, cut, eventJsonSql(shape, tags), 'global_position, event_id, type, in_page, n');
}

/**
 * A page of events (cutAtBudget) for a response, as rows of its events' JSON (stored-event.ts) that
 * the API joins into one array (pageJson): per row the event's JSON (null on the row of the event
 * after the page), its global position, its place `n` in the page and whether it is in the page, all
 * of them binary-copied (database/binary-copy.ts). `page` selects pageColumns('stored').
 *
 * One row per event, in no promised order (the API puts them in order by `n`): joining them in
 * PostgreSQL, into runs with string_agg and GROUP BY, cost it more than writing the events' JSON.
 * A 1,000-event page of 1 KB events, COPY to nowhere, as runs of 100 with each kept row fetched again
 * by its ctid: 4.0–4.9 ms a stream page, 4.0–4.8 ms a page by type; as rows, 2.7–3.0 and 2.6–3.3 ms
 * (bench/README.md, session 13).
 */
export function pageOf(page: string, { tags, ...cut }: PageCut & { tags?: TagsField }): string {
  return reportedRows(page, cut, eventJsonSql('stored', tags), 'global_position, n::int, in_page');
}

/** The rows of a page cut at its budget (cutAtBudget): each event's JSON, `eventJson`, only when it is in the page, and `columns`. */
function reportedRows(page: string, cut: PageCut, eventJson: string, columns: string): string {
  return `
    SELECT CASE WHEN in_page THEN ${eventJson} END AS event, ${columns}
      FROM (${cutAtBudget(page, cut)}) reported`;
}

/** The rows of a budgeted page in order that are in it, and whether more follow in the range it was cut from. */
export function splitPage(rows: PagedEventRow[]): { page: PagedEventRow[]; hasMore: boolean } {
  const page = rows.filter((row) => row.in_page);
  return { page, hasMore: page.length < rows.length };
}
