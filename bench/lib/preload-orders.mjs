// The 1 KB read scenarios' store (n, o): ONE stream of order events (lib/events.mjs, ~985 bytes of data and
// ~128 of metadata each) written straight into the schema with SQL, the types cycling over the ten order
// types, so that each type holds a tenth of the events spread evenly over the log, each row as an append writes it
// (insertEventsSql).
import { ORDER_EVENT_TYPES, orderEventTexts } from './events.mjs';
import { insertEventsSql } from './preload.mjs';
import { round } from './process-metrics.mjs';

export const ORDER_STREAM_ID = 'order-0001';
const ORDER_STREAM_TYPE = 'order';

/** Global position g (1-based) has type ORDER_EVENT_TYPES[(g - 1) % 10] and is order g - 1. */
export const orderTypeAt = (globalPosition) => ORDER_EVENT_TYPES[(globalPosition - 1) % ORDER_EVENT_TYPES.length];

const INSERT_CHUNK = insertEventsSql(`
  SELECT $1 AS event_store_id, $2::bigint + e.ord AS global_position, $3 AS stream_id, $2::bigint + e.ord - 1 AS stream_position,
         gen_random_uuid() AS event_id, e.type, e.data, e.metadata, '{}'::text[] AS tags, '1' AS schema_version,
         gen_random_uuid() AS transaction_id, ($4::timestamptz + ($2::bigint + e.ord) * interval '1 millisecond')::timestamptz(3) AS created_at,
         e.size_bytes
    FROM unnest($5::text[], $6::json[], $7::json[], $8::int[]) WITH ORDINALITY AS e(type, data, metadata, size_bytes, ord)`);

/**
 * Writes `events` order events into store `eventStoreId` (fresh and empty) as stream ORDER_STREAM_ID, in
 * chunks generated here (each event its own order, with `size_bytes` = its compact data + metadata bytes,
 * which the service's page budget reads), then sets the stream row and the store's counters as appends
 * would have, and VACUUM ANALYZEs.
 */
export async function preloadOrderStream(pool, eventStoreId, { events, chunk = 10_000 }) {
  const client = await pool.connect();
  const from = new Date(Date.now() - 86_400_000).toISOString();
  const started = performance.now();
  let totalBytes = 0;
  try {
    await client.query(`SET statement_timeout = '600s'`);
    await client.query(`SET synchronous_commit = off`);
    for (let lo = 0; lo < events; lo += chunk) {
      const n = Math.min(chunk, events - lo);
      const types = [];
      const data = [];
      const metadata = [];
      const sizes = [];
      for (let i = 0; i < n; i++) {
        const event = orderEventTexts(lo + i, orderTypeAt(lo + i + 1));
        types.push(event.type);
        data.push(event.dataText);
        metadata.push(event.metadataText);
        sizes.push(event.sizeBytes);
        totalBytes += event.sizeBytes;
      }
      await client.query(INSERT_CHUNK, [eventStoreId, lo, ORDER_STREAM_ID, from, types, data, metadata, sizes]);
    }
    await client.query(
      `WITH totals AS (
         SELECT count(*) AS n, sum(size_bytes) AS bytes, min(created_at) AS oldest, max(created_at) AS newest
           FROM events WHERE event_store_id = $1
       ), stream AS (
         INSERT INTO streams (event_store_id, stream_id, stream_type, version, event_count, last_global_position, size_bytes,
                              created_at, updated_at)
         SELECT $1, $2, $3, n, n, n, bytes, oldest, newest FROM totals
       )
       UPDATE event_stores
          SET last_position = totals.n, total_events = totals.n, total_streams = 1, total_size_bytes = totals.bytes,
              oldest_event_at = totals.oldest, newest_event_at = totals.newest
         FROM totals WHERE id = $1`,
      [eventStoreId, ORDER_STREAM_ID, ORDER_STREAM_TYPE],
    );
    const insertedAt = performance.now();
    await client.query('VACUUM (ANALYZE) events');
    await client.query('ANALYZE streams');
    const { rows } = await client.query(
      `SELECT (SELECT count(*) FROM events WHERE event_store_id = $1)::bigint AS events,
              (SELECT count(DISTINCT type) FROM events WHERE event_store_id = $1)::int AS types,
              (SELECT round(avg(size_bytes)) FROM events WHERE event_store_id = $1)::int AS mean_size_bytes,
              (SELECT round(avg(pg_column_size(e.*))) FROM (SELECT * FROM events WHERE event_store_id = $1 LIMIT 1000) e)::int AS mean_row_bytes,
              pg_total_relation_size('events') AS events_table_bytes`,
      [eventStoreId],
    );
    const facts = rows[0];
    if (Number(facts.events) !== events) throw new Error(`preloaded ${facts.events} events, expected ${events}`);
    return {
      events,
      streamId: ORDER_STREAM_ID,
      types: facts.types,
      eventsPerType: Math.floor(events / ORDER_EVENT_TYPES.length),
      meanSizeBytes: facts.mean_size_bytes,
      totalSizeBytes: totalBytes,
      meanStoredRowBytes: facts.mean_row_bytes,
      insertSeconds: round((insertedAt - started) / 1000),
      vacuumAnalyzeSeconds: round((performance.now() - insertedAt) / 1000),
      eventsTableMb: round(Number(facts.events_table_bytes) / 2 ** 20),
    };
  } finally {
    client.release();
  }
}
