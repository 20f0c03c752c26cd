// A store of a million events written straight into the schema, and the query plans of the reads on it.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from './config.mjs';
import { EVENT_COLUMNS } from './dcb-sql.mjs';
import { round } from './process-metrics.mjs';

/** ~10 event types with a skewed mix (share in per mille), as real stores have: a few common, some rare. */
export const PRELOAD_TYPES = [
  ['order.placed', 250],
  ['order.paid', 200],
  ['order.shipped', 150],
  ['cart.item-added', 120],
  ['user.updated', 100],
  ['invoice.issued', 80],
  ['user.registered', 50],
  ['order.cancelled', 30],
  ['invoice.disputed', 15],
  ['account.closed', 5],
];

export const preloadStreamId = (index) => `pre-${index}`;

/**
 * An INSERT INTO events of the rows `select` makes (every column an append writes but the two below, named
 * as the table names them, created_at to the millisecond), with the text around each event's JSON
 * (json_head, json_tail) that an append writes, by the service's own SQL from the build. `select` is a
 * subquery, which PostgreSQL runs as it is when its select list calls gen_random_uuid: the head's ids are
 * the row's.
 */
export function insertEventsSql(select) {
  return `INSERT INTO events (event_store_id, global_position, stream_id, stream_position, event_id, type, data, metadata, tags,
                              schema_version, transaction_id, created_at, size_bytes, json_head, json_tail)
          SELECT e.*, ${JSON_HEAD_SQL}, ${JSON_TAIL_SQL} FROM (${select}) e`;
}

/**
 * Inserts `events` events round-robin over `streams` streams (so a stream's events are spread over the
 * table, as in a live store), with increasing created_at, then sets the stream rows and the store's
 * counters exactly as appends would have, and VACUUM ANALYZEs. One statement for the data: a million
 * rows take about 20 s here.
 */
export async function preloadStore(pool, eventStoreId, { events, streams }) {
  const lowerBounds = [];
  let cumulative = 0;
  for (const [, share] of PRELOAD_TYPES) {
    lowerBounds.push(cumulative);
    cumulative += share;
  }
  const started = performance.now();
  const client = await pool.connect();
  try {
    await client.query(`SET statement_timeout = '600s'`);
    await client.query(
      `WITH src AS MATERIALIZED (
         SELECT g,
                'pre-' || ((g - 1) % $3::bigint) AS stream_id,
                (g - 1) / $3::bigint AS stream_position,
                ($4::text[])[width_bucket(mod(hashint8(g)::bigint + 2147483648, $6::bigint), $5::bigint[])] AS type,
                format('{"n":%s,"orderId":"order-%s","customerId":"customer-%s","amount":%s,"currency":"EUR","note":"preloaded"}',
                       g, (g - 1) % $3::bigint, g % 9973, g % 99991) AS data_text,
                now() - interval '1 day' + g * interval '1 millisecond' AS created_at
           FROM generate_series(1, $2::bigint) AS g
       ), inserted AS (
         ${insertEventsSql(`
           SELECT $1 AS event_store_id, g AS global_position, stream_id, stream_position, gen_random_uuid() AS event_id, type,
                  data_text::json AS data, NULL::json AS metadata, '{}'::text[] AS tags, '1' AS schema_version,
                  gen_random_uuid() AS transaction_id, created_at::timestamptz(3) AS created_at, octet_length(data_text) AS size_bytes
             FROM src`)}
       ), stream_rows AS (
         INSERT INTO streams (event_store_id, stream_id, stream_type, version, event_count, last_global_position, size_bytes,
                              created_at, updated_at)
         SELECT $1, stream_id, 'pre', count(*), count(*), max(g), sum(octet_length(data_text)), min(created_at), max(created_at)
           FROM src GROUP BY stream_id
       )
       UPDATE event_stores
          SET last_position = totals.n, total_events = totals.n, total_streams = totals.streams,
              total_size_bytes = totals.bytes, oldest_event_at = totals.oldest, newest_event_at = totals.newest
         FROM (SELECT count(*) AS n, count(DISTINCT stream_id) AS streams, sum(octet_length(data_text)) AS bytes,
                      min(created_at) AS oldest, max(created_at) AS newest FROM src) AS totals
        WHERE id = $1`,
      [eventStoreId, events, streams, PRELOAD_TYPES.map(([type]) => type), lowerBounds, cumulative],
    );
    const insertedAt = performance.now();
    await client.query('VACUUM (ANALYZE) events');
    await client.query('ANALYZE streams');
    const { rows } = await client.query(`SELECT pg_total_relation_size('events') AS bytes`);
    return {
      events,
      streams,
      eventsPerStream: Math.floor(events / streams),
      insertSeconds: round((insertedAt - started) / 1000),
      vacuumAnalyzeSeconds: round((performance.now() - insertedAt) / 1000),
      eventsTableMb: round(Number(rows[0].bytes) / 2 ** 20),
    };
  } finally {
    client.release();
  }
}

// The service's own SQL from the build, so the plans follow the code.
const require = createRequire(import.meta.url);
const { READ_STREAM_SQL } = require(join(ROOT, 'dist/event-log/read/event-log-reader.js'));
const { JSON_HEAD_SQL, JSON_TAIL_SQL } = require(join(ROOT, 'dist/event-log/read/stored-event.js'));
// The API runs with the default page budget.
const { READ_PAGE_MAX_BYTES } = new (require(join(ROOT, 'dist/config/environment-variables.js')).EnvironmentVariables)();
const { eventsQuery: serviceEventsQuery } = require(join(ROOT, 'dist/event-log/read/events-query.js'));
const { parseEventFilter } = require(join(ROOT, 'dist/common/event-filter.js'));

/** The cross-stream read for `types` (patterns allowed) and `fromGlobalPosition`. */
function eventsQuery(eventStoreId, { types, fromGlobalPosition, limit }) {
  const filter = { direction: 'forward', limit, offset: 0, fromGlobalPosition, types: types?.map((type) => parseEventFilter(type)) };
  return { ...serviceEventsQuery(eventStoreId, filter, READ_PAGE_MAX_BYTES), source: 'dist' };
}

function walk(node, visit) {
  visit(node);
  for (const child of node.Plans ?? []) walk(child, visit);
}

/** Runs one read under EXPLAIN (ANALYZE, BUFFERS) and judges its plan. */
async function explain(pool, name, description, text, values, source) {
  const [{ rows: json }, { rows: plain }] = [
    await pool.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${text}`, values),
    await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, values),
  ];
  const root = json[0]['QUERY PLAN'][0];
  const nodes = [];
  walk(root.Plan, (node) => nodes.push(node));
  const eventScans = nodes.filter((node) => node['Relation Name'] === 'events');
  const sorts = nodes.filter((node) => /Sort/.test(node['Node Type']));
  const returned = root.Plan['Actual Rows'];
  const removedByFilter = eventScans.reduce((sum, node) => sum + (node['Rows Removed by Filter'] ?? 0), 0);
  const sortedRows = sorts.reduce((sum, node) => sum + (node.Plans?.[0]?.['Actual Rows'] ?? 0), 0);
  const indexScanWithoutSort =
    sorts.length === 0 && eventScans.length > 0 && eventScans.every((node) => /^Index (Only )?Scan$/.test(node['Node Type']));
  return {
    name,
    description,
    sqlSource: source,
    eventsAccess: eventScans.map((node) => ({
      node: node['Node Type'],
      index: node['Index Name'] ?? null,
      indexCond: node['Index Cond'] ?? null,
      filter: node.Filter ?? null,
      rows: node['Actual Rows'],
      rowsRemovedByFilter: node['Rows Removed by Filter'] ?? 0,
    })),
    sortNodes: sorts.map((node) => `${node['Node Type']} (${node['Sort Method'] ?? '?'}) on ${(node['Sort Key'] ?? []).join(', ')}`),
    rowsReturned: returned,
    rowsSorted: sortedRows,
    rowsRemovedByFilter: removedByFilter,
    executionMs: round(root['Execution Time'], 3),
    sharedBuffers: { hit: root.Plan['Shared Hit Blocks'] ?? 0, read: root.Plan['Shared Read Blocks'] ?? 0 },
    indexScanWithoutSort,
    verdict: indexScanWithoutSort
      ? removedByFilter > returned
        ? `index scan, no sort, but discards ${removedByFilter} rows by filter for ${returned} returned`
        : 'index range scan, no sort'
      : sorts.length > 0
        ? `SORT of ${sortedRows} rows after ${eventScans.map((node) => node['Index Name'] ?? node['Node Type']).join(', ')}`
        : `no index range scan: ${eventScans.map((node) => node['Node Type']).join(', ')}`,
    plan: plain.map((row) => row['QUERY PLAN']).join('\n'),
  };
}

/** The plans of the benchmark's reads (and a few neighbours) on the preloaded store, with realistic parameters. */
export async function explainReads(pool, eventStoreId, { events, streams }) {
  const perStream = Math.floor(events / streams);
  const stream = preloadStreamId(Math.floor(streams / 3));
  const middle = Math.floor(events / 2);
  const plans = [];
  plans.push(
    await explain(
      pool,
      'stream read, 1000-event page',
      `GET …/streams/${stream}?limit=1000&fromStreamPosition=${Math.floor(perStream / 4)}`,
      READ_STREAM_SQL.forward,
      [eventStoreId, stream, Math.floor(perStream / 4), Number.MAX_SAFE_INTEGER, 1000, READ_PAGE_MAX_BYTES],
      'copy of event-log.ts READ_STREAM',
    ),
  );
  plans.push(
    await explain(
      pool,
      'stream read, newest event',
      `GET …/streams/${stream}?direction=backward&limit=1`,
      READ_STREAM_SQL.backward,
      [eventStoreId, stream, 0, Number.MAX_SAFE_INTEGER, 1, READ_PAGE_MAX_BYTES],
      'copy of event-log.ts READ_STREAM',
    ),
  );
  for (const [type, share] of PRELOAD_TYPES) {
    const { text, values, source } = eventsQuery(eventStoreId, { types: [type], fromGlobalPosition: middle, limit: 100 });
    plans.push(
      await explain(
        pool,
        `by type ${type} (${share / 10}%)`,
        `GET …/events?types=${type}&fromGlobalPosition=${middle}&limit=100`,
        text,
        values,
        source,
      ),
    );
  }
  const extra = [
    ['by two types', ['order.cancelled', 'account.closed']],
    ['by type pattern', ['invoice.*']],
    ['all events from a position', undefined],
  ];
  for (const [name, types] of extra) {
    const { text, values, source } = eventsQuery(eventStoreId, { types, fromGlobalPosition: middle, limit: 100 });
    const query = `GET …/events?${types ? `types=${types.join(',')}&` : ''}fromGlobalPosition=${middle}&limit=100`;
    plans.push(await explain(pool, name, query, text, values, source));
  }
  // For comparison only (NOT the service's SQL): one exact type as `type = $2` instead of `= ANY($2)`,
  // which lets PostgreSQL 15 read events_type_idx in global_position order.
  for (const [type] of [PRELOAD_TYPES.at(-1), PRELOAD_TYPES.at(-2), PRELOAD_TYPES[0]]) {
    const text = `SELECT ${EVENT_COLUMNS} FROM events WHERE event_store_id = $1 AND type = $2 AND global_position >= $3
      ORDER BY global_position ASC OFFSET $4 LIMIT $5`;
    plans.push(
      await explain(
        pool,
        `comparison, not the service's SQL: ${type} as \`type = $2\``,
        `type = '${type}' instead of type = ANY('{${type}}')`,
        text,
        [eventStoreId, type, middle, 0, 101],
        'variant',
      ),
    );
  }
  return plans;
}
