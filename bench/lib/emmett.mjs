// The emmett peer: `@event-driven-io/emmett-postgresql` as a user runs it, in this process (no HTTP), on the
// run's database, in the tables its own schema migration creates (emt_streams, emt_messages, … and dumbo's
// dmb_migrations, all in `public` next to the service's tables, none of the same name). Dropping the run's
// database removes all of it: emmett creates no role, database, schema or extension.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openPool } from './database.mjs';

export const EMMETT_PACKAGE = '@event-driven-io/emmett-postgresql';

// dumbo (emmett's SQL layer) installs pg type parsers process-wide, on the `pg` module this process shares,
// when emmett opens its first pool: int8 → BigInt, json and jsonb → its own JSON deserializer. It does so once
// per process. The bench's own queries expect pg's defaults, so they are put back when the runner closes, and
// emmett's are put back for each later emmett run.
const PARSERS_DUMBO_SETS = [20, 114, 3802];
const snapshotParsers = () => PARSERS_DUMBO_SETS.map((oid) => [oid, pg.types.getTypeParser(oid, 'text')]);
const applyParsers = (parsers) => parsers.forEach(([oid, parser]) => pg.types.setTypeParser(oid, parser));
let emmettParsers = null;

/** The installed version, from the package.json above its entry point (its `exports` do not include it). */
export function emmettVersion() {
  for (let dir = dirname(fileURLToPath(import.meta.resolve(EMMETT_PACKAGE))); dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const manifest = JSON.parse(readFileSync(file, 'utf8'));
    if (manifest.name === EMMETT_PACKAGE) return manifest.version;
  }
  return 'unknown';
}

/**
 * An emmett event store on `url` with a pg pool of `poolSize` connections, opened up front as for the
 * baseline (emmett's own pool would be pg's default of 10 connections, fewer than 16 appenders), and its
 * schema migrated before the load starts (it would otherwise migrate on the first append).
 * `close()` closes the store, ends the pool and restores the bench's pg type parsers.
 */
export async function openEmmett(url, poolSize) {
  const { getPostgreSQLEventStore } = await import(EMMETT_PACKAGE);
  const benchParsers = snapshotParsers();
  if (emmettParsers) applyParsers(emmettParsers);
  let pool;
  try {
    pool = await openPool(url, poolSize);
    const store = getPostgreSQLEventStore(url, { connectionOptions: { pool }, schema: { autoMigration: 'CreateOrUpdate' } });
    emmettParsers ??= snapshotParsers();
    const migration = await store.schema.migrate();
    return {
      store,
      pool,
      migrationsApplied: migration.applied.map((m) => m.name),
      close: async () => {
        try {
          // On a pool passed in (`connectionOptions.pool`) emmett's close() leaves the pool to its owner.
          await store.close();
          await pool.end();
        } finally {
          applyParsers(benchParsers);
        }
      },
    };
  } catch (error) {
    await pool?.end().catch(() => {});
    applyParsers(benchParsers);
    throw error;
  }
}

/**
 * What emmett stored for the run's streams: every message of those streams, per stream positions exactly
 * 1..n with emt_streams.stream_position = n, every message one of the run's events, and the global positions
 * (from emmett's sequence, so neither gap-free nor in commit order by design) distinct.
 */
const VERIFY_EMMETT = `
  WITH m AS (
    SELECT stream_id, count(*) AS n, min(stream_position) AS lo, max(stream_position) AS hi,
           bool_and(message_type = ANY($2::text[]) AND message_data = ANY($3::jsonb[]) AND message_kind = 'E') AS same_event
      FROM emt_messages WHERE stream_id = ANY($1::text[]) GROUP BY stream_id
  ), s AS (
    SELECT stream_id, stream_position FROM emt_streams WHERE stream_id = ANY($1::text[])
  ), g AS (
    SELECT count(DISTINCT global_position) AS distinct_positions, min(global_position) AS lo, max(global_position) AS hi
      FROM emt_messages WHERE stream_id = ANY($1::text[])
  )
  SELECT (SELECT coalesce(sum(n), 0) FROM m)::bigint AS events,
         (SELECT count(*) FROM s)::bigint AS streams,
         (SELECT count(*) FROM m FULL JOIN s USING (stream_id)
           WHERE m.lo IS DISTINCT FROM 1 OR m.hi IS DISTINCT FROM m.n OR s.stream_position IS DISTINCT FROM m.n)::bigint AS inconsistent_streams,
         (SELECT count(*) FROM m WHERE NOT same_event)::bigint AS streams_with_other_messages,
         g.distinct_positions::bigint AS distinct_global_positions, g.lo::bigint AS min_position, g.hi::bigint AS max_position
    FROM g`;

/** `events`: the event the run appended, or the list of those it cycled through. */
export async function verifyEmmett(pool, streamNames, events, acknowledgedEvents, unknownOutcomes) {
  const list = Array.isArray(events) ? events : [events];
  const { rows } = await pool.query(VERIFY_EMMETT, [
    streamNames,
    [...new Set(list.map((event) => event.type))],
    list.map((event) => JSON.stringify(event.data)),
  ]);
  // Number(): while emmett is open its int8 parser yields BigInt.
  const row = Object.fromEntries(Object.entries(rows[0]).map(([key, value]) => [key, value === null ? null : Number(value)]));
  return {
    peer: 'emmett',
    ...row,
    acknowledgedEvents,
    globalPositionsUnique: row.distinct_global_positions === row.events,
    streamsConsistent: row.inconsistent_streams === 0 && row.streams_with_other_messages === 0,
    // Every acknowledged event is stored; more only if an append failed after committing.
    matchesAcknowledged: unknownOutcomes > 0 ? row.events >= acknowledgedEvents : row.events === acknowledgedEvents,
  };
}
