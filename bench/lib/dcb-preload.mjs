// A DCB store written straight into the schema: N events (stream `__dcb__`) carrying 1–3 tags drawn so
// that about a million distinct tags exist, and their `event_tags` rows, loaded fast:
//   - the events go in 1M-row INSERT … SELECT generate_series chunks (the schema has no trigger on events);
//   - `event_tags` is filled with one INSERT … SELECT unnest(tags) from the loaded events, with its
//     primary key dropped during the load and rebuilt afterwards (a sorted build, not 9M btree inserts).
//     (It has no foreign key to events: the functions that delete events delete their tag rows too.)
// Used by the DCB scenarios of `npm run bench` (f, g).
import { insertEventsSql, PRELOAD_TYPES } from './preload.mjs';
import { round } from './process-metrics.mjs';

export const DCB_USERS = 1_000_000; // `user:<1..1M>`: one on every event, ~993k distinct at 5M events
export const DCB_REGIONS = 16; // `region:<0..15>`: on every 2nd event (low cardinality)
export const DCB_PRODUCTS = 10_000; // `product:<0..9999>`: on every 3rd event
// `cohort:<g / 50000>` on every 3rd event (g % 3 = 1): ~16.7k events per tag, all within one run of 50,000
// positions, as real tags cluster in time (an entity's events happen in a window), unlike the hash-spread ones.
export const DCB_COHORT_SPAN = 50_000;

const typeBounds = () => {
  const lowerBounds = [];
  let cumulative = 0;
  for (const [, share] of PRELOAD_TYPES) {
    lowerBounds.push(cumulative);
    cumulative += share;
  }
  return { types: PRELOAD_TYPES.map(([type]) => type), lowerBounds, cumulative };
};

/** SQL expressions of event g's type and tags (deterministic, hash-spread). */
const TAGS_SQL = `
  ARRAY['user:' || (1 + mod(hashint8(g)::bigint + 2147483648, ${DCB_USERS}))]
  || CASE WHEN g % 2 = 0 THEN ARRAY['region:' || ((g / 2) % ${DCB_REGIONS})] ELSE '{}'::text[] END
  || CASE WHEN g % 3 = 0 THEN ARRAY['product:' || mod(hashint8(-g)::bigint + 2147483648, ${DCB_PRODUCTS})] ELSE '{}'::text[] END
  || CASE WHEN g % 3 = 1 THEN ARRAY['cohort:' || (g / ${DCB_COHORT_SPAN})] ELSE '{}'::text[] END`;

/** Tags of a new event drawn like the preload's: 1–3 tags, user always. */
export function randomTags() {
  const tags = [`user:${1 + Math.floor(Math.random() * DCB_USERS)}`];
  if (Math.random() < 0.5) tags.push(`region:${Math.floor(Math.random() * DCB_REGIONS)}`);
  if (Math.random() < 1 / 3) tags.push(`product:${Math.floor(Math.random() * DCB_PRODUCTS)}`);
  return tags;
}

/**
 * Loads `events` events into store `eventStoreId` (which must exist and be empty) in chunks, then its
 * event_tags rows, sets the store's counters and VACUUM ANALYZEs. Returns timings and sizes.
 * `withSideTable: false` leaves event_tags empty (for measuring other designs alone).
 */
export async function preloadDcbStore(pool, eventStoreId, { events, chunk = 1_000_000, withSideTable = true, log = () => {} }) {
  const { types, lowerBounds, cumulative } = typeBounds();
  const client = await pool.connect();
  const timings = {};
  try {
    await client.query(`SET statement_timeout = '900s'`);
    await client.query(`SET maintenance_work_mem = '512MB'`);
    await client.query(`SET synchronous_commit = off`);
    let started = performance.now();
    for (let lo = 1; lo <= events; lo += chunk) {
      const hi = Math.min(events, lo + chunk - 1);
      await client.query(
        insertEventsSql(`
           SELECT $1 AS event_store_id, g AS global_position, '__dcb__' AS stream_id, g - 1 AS stream_position, gen_random_uuid() AS event_id,
                  ($4::text[])[width_bucket(mod(hashint8(g + 1000000007)::bigint + 2147483648, $6::bigint), $5::bigint[])] AS type,
                  data, NULL::json AS metadata, ${TAGS_SQL} AS tags, '1' AS schema_version, gen_random_uuid() AS transaction_id,
                  (now() - interval '1 day' + g * interval '1 millisecond')::timestamptz(3) AS created_at, octet_length(data::text) AS size_bytes
             FROM generate_series($2::bigint, $3::bigint) AS g, LATERAL (SELECT format('{"n":%s,"amount":%s}', g, g % 99991)::json AS data) AS d`),
        [eventStoreId, lo, hi, types, lowerBounds, cumulative],
      );
      log(`  events ${hi.toLocaleString('en-US')}/${events.toLocaleString('en-US')} (${round((performance.now() - started) / 1000)} s)`);
    }
    timings.eventsInsertSeconds = round((performance.now() - started) / 1000);

    if (withSideTable) {
      started = performance.now();
      await client.query(`ALTER TABLE event_tags DROP CONSTRAINT event_tags_pk`);
      await client.query(
        `INSERT INTO event_tags (event_store_id, tag, global_position, type)
           SELECT event_store_id, unnest(tags), global_position, type FROM events WHERE event_store_id = $1`,
        [eventStoreId],
      );
      timings.sideTableInsertSeconds = round((performance.now() - started) / 1000);
      started = performance.now();
      await client.query(
        `ALTER TABLE event_tags ADD CONSTRAINT event_tags_pk PRIMARY KEY (event_store_id, tag, global_position) INCLUDE (type)`,
      );
      timings.sideTablePkBuildSeconds = round((performance.now() - started) / 1000);
      log(`  event_tags loaded in ${timings.sideTableInsertSeconds} s, primary key built in ${timings.sideTablePkBuildSeconds} s`);
    }
    await client.query(
      `UPDATE event_stores SET last_position = $2::bigint, total_events = $2::bigint,
              total_size_bytes = (SELECT sum(octet_length(data::text)) FROM events WHERE event_store_id = $1),
              oldest_event_at = now() - interval '1 day', newest_event_at = now() - interval '1 day' + $2::bigint * interval '1 millisecond'
        WHERE id = $1`,
      [eventStoreId, events],
    );
    started = performance.now();
    await client.query('VACUUM (ANALYZE) events');
    await client.query('VACUUM (ANALYZE) event_tags');
    timings.vacuumAnalyzeSeconds = round((performance.now() - started) / 1000);
    const visibility = await client.query(
      `SELECT relname, relpages, relallvisible FROM pg_class WHERE relname IN ('events', 'event_tags')`,
    );
    timings.visibility = Object.fromEntries(
      visibility.rows.map((row) => [row.relname, { pages: Number(row.relpages), allVisible: Number(row.relallvisible) }]),
    );
    const { rows } = await client.query(
      `SELECT count(*) AS tag_rows, count(DISTINCT tag) AS distinct_tags FROM event_tags WHERE event_store_id = $1`,
      [eventStoreId],
    );
    return {
      events,
      tagRows: Number(rows[0].tag_rows),
      distinctTags: Number(rows[0].distinct_tags),
      ...timings,
      sizes: await relationSizes(client),
    };
  } finally {
    client.release();
  }
}

/** Sizes in MB of the tables and indexes that matter here. */
export async function relationSizes(queryable) {
  const { rows } = await queryable.query(`
    SELECT c.relname AS name, c.relkind AS kind, pg_relation_size(c.oid) AS bytes
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND (c.relname IN ('events', 'event_tags') OR c.oid IN (
           SELECT indexrelid FROM pg_index WHERE indrelid IN ('events'::regclass, 'event_tags'::regclass)))
     ORDER BY c.relname`);
  return Object.fromEntries(rows.map((row) => [row.name, round(Number(row.bytes) / 2 ** 20)]));
}

/** A sample of stored events (positions, types, tags) to draw realistic query parameters from. */
export async function sampleEvents(queryable, eventStoreId, lastPosition, count = 500) {
  const positions = Array.from({ length: count }, () => 1 + Math.floor(Math.random() * lastPosition));
  const { rows } = await queryable.query(
    `SELECT global_position::int AS position, type, tags FROM events WHERE event_store_id = $1 AND global_position = ANY($2::bigint[])`,
    [eventStoreId, positions],
  );
  return rows;
}
