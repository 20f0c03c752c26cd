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
 * What the inner query of budgetedPage selects: the columns of the event's JSON in `shape`
 * (stored-event.ts) and its size in the page. A frame has no metadata, tags, schema version,
 * transaction id or tail, which the page's window would otherwise carry for nothing.
 */
export function pageColumns(shape: EventShape): string {
  const stored = shape === 'stored' ? 'metadata, tags, schema_version, transaction_id, json_tail, ' : '';
  return `stream_id, stream_position, global_position, event_id, type, data, ${stored}created_at, json_head, ${EVENT_READ_BYTES} AS read_bytes`;
}

/**
 * What the inner query of pageOf selects from `events`: where the event's row is, the positions it
 * may be ordered by and its size in the page. The page is cut on these narrow rows; pageOf reads each
 * kept event's columns from its row only then.
 */
export const PAGE_KEYS = `ctid AS page_row, global_position AS page_position, stream_position AS page_stream_position,
  ${EVENT_READ_BYTES} AS read_bytes`;

/**
 * Events per row of a page (pageOf). PostgreSQL builds and sends a page of 1,000 1 KB events about
 * 1.4 times as fast in ten rows of 100 events as in one value of 1 MB, which one aggregate grows
 * and copies as it goes; rows of 20 or 200 were slower than 100 here (bench/README.md, issue 27).
 */
export const PAGE_CHUNK_EVENTS = 100;

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
 * position `n` in the page, in which callers aggregate or order, as SQL promises no order through a
 * subquery otherwise.
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
  return `
    SELECT CASE WHEN in_page THEN ${eventJsonSql(shape, tags)} END AS event, global_position, event_id, type, in_page, n
      FROM (${cutAtBudget(page, cut)}) reported`;
}

/**
 * A page of events (cutAtBudget) as a few rows of PageRow, each a run of PAGE_CHUNK_EVENTS events whose JSON
 * PostgreSQL has joined with commas, for the API to splice into one array (pageJson): whether more
 * follow, its last position and its `run` (0, 1, …, the order to join them in). The rows come in no
 * particular order: the API puts a dozen runs in order itself, where PostgreSQL would sort their
 * megabyte once more (a stream's page, whose LATERAL join hides the order, spent 10–20 % of its
 * statement on that sort). An empty page has no rows. `page` selects PAGE_KEYS from the events of
 * store `store`.
 *
 * The cut and the runs' order (ORDER BY run, n, which the GROUP BY then takes as it comes) are worked
 * out on the narrow rows; only then is each kept event's row fetched by its ctid, a TID scan of the
 * very row the cut saw, in the same snapshot. Carried whole through the window and a sort by run,
 * the rows made PostgreSQL copy every page twice into fresh memory: about 500 page faults and
 * 0.7–1.5 ms of the 8–11 ms it spent on a 1,000-event stream page here. A subscriber's page of a
 * hundred events, whose copies stay small, lost as much to the second visit of each row
 * (budgetedPage keeps them whole; bench/README.md). The fetch names the store, so that Citus sends
 * the statement to its shard alone.
 */
export function pageOf(page: string, { store, tags, ...cut }: PageCut & { store: string; tags?: TagsField }): string {
  return `
    SELECT string_agg(${eventJsonSql('stored', tags)}, ',' ORDER BY n) FILTER (WHERE in_page) AS events,
           bool_or(NOT in_page) IS TRUE AS has_more,
           max(page_position) FILTER (WHERE in_page)::text AS last_position,
           run
      FROM (SELECT cut.*, ((n - 1) / ${PAGE_CHUNK_EVENTS})::int AS run
              FROM (${cutAtBudget(page, cut)}) cut
             ORDER BY run, n) cut
      LEFT JOIN events ON in_page AND events.event_store_id = ${store} AND events.ctid = cut.page_row
     GROUP BY run`;
}

/** The rows of a budgeted page in order that are in it, and whether more follow in the range it was cut from. */
export function splitPage(rows: PagedEventRow[]): { page: PagedEventRow[]; hasMore: boolean } {
  const page = rows.filter((row) => row.in_page);
  return { page, hasMore: page.length < rows.length };
}
