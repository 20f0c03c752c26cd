// The run's own PostgreSQL database: created, migrated with the built migration runner, dropped.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { ROOT } from './config.mjs';

const run = promisify(execFile);

export function databaseUrl(serverUrl, name) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000, statement_timeout: 120_000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function createDatabase(serverUrl, name) {
  await withClient(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
}

export async function dropDatabase(serverUrl, name) {
  await withClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

/** Applies the migrations exactly as production does: `node dist/database/migrate.js`. */
export async function migrate(url, env) {
  await run(process.execPath, [join(ROOT, 'dist', 'database', 'migrate.js')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env, DATABASE_URL: url },
    timeout: 120_000,
  });
}

/** A pool whose every statement is bounded; `size` connections are opened up front. */
export async function openPool(url, size, statementTimeoutMs = 60_000) {
  const pool = new pg.Pool({
    connectionString: url,
    max: size,
    connectionTimeoutMillis: 10_000,
    statement_timeout: statementTimeoutMs,
    query_timeout: statementTimeoutMs + 5000,
    idleTimeoutMillis: 0,
  });
  pool.on('error', (error) => console.error(`[bench] idle pg client error: ${error.message}`));
  const clients = await Promise.all(Array.from({ length: size }, () => pool.connect()));
  clients.forEach((client) => client.release());
  return pool;
}

/** A store's `last_position`: the global position of its newest event. */
export async function lastPosition(pool, storeId) {
  const { rows } = await pool.query('SELECT last_position FROM event_stores WHERE id = $1', [storeId]);
  return Number(rows[0].last_position);
}

/**
 * One query that says whether a store's positions are exactly 1..N (N = its last_position) and every
 * stream's positions exactly 0..version-1.
 */
const VERIFY_STORE = `
  WITH e AS (
    SELECT count(*) AS n, min(global_position) AS lo, max(global_position) AS hi FROM events WHERE event_store_id = $1
  ), per_stream AS (
    SELECT stream_id, count(*) AS n, min(stream_position) AS lo, max(stream_position) AS hi
      FROM events WHERE event_store_id = $1 GROUP BY stream_id
  )
  SELECT e.n::bigint AS events, e.lo::bigint AS min_position, e.hi::bigint AS max_position,
         s.last_position::bigint, s.total_events::bigint,
         (SELECT count(*) FROM streams st WHERE st.event_store_id = $1)::bigint AS streams,
         (SELECT count(*) FROM per_stream p LEFT JOIN streams st ON st.event_store_id = $1 AND st.stream_id = p.stream_id
           WHERE p.lo <> 0 OR p.hi <> p.n - 1 OR st.version IS DISTINCT FROM p.n)::bigint AS inconsistent_streams
    FROM e, event_stores s WHERE s.id = $1`;

export async function verifyStore(pool, eventStoreId, acknowledgedEvents, unknownOutcomes) {
  const { rows } = await pool.query(VERIFY_STORE, [eventStoreId]);
  const row = Object.fromEntries(Object.entries(rows[0]).map(([key, value]) => [key, value === null ? null : Number(value)]));
  const gapFree = row.events === row.last_position && (row.events === 0 || (row.min_position === 1 && row.max_position === row.events));
  return {
    ...row,
    acknowledgedEvents,
    gapFree,
    streamsConsistent: row.inconsistent_streams === 0,
    // Every acknowledged event is stored; more only if a request timed out after committing.
    matchesAcknowledged: unknownOutcomes > 0 ? row.events >= acknowledgedEvents : row.events === acknowledgedEvents,
  };
}

export async function serverFacts(pool) {
  const { rows } = await pool.query(`
    SELECT current_setting('server_version') AS version,
           (SELECT json_object_agg(name, current_setting(name)) FROM pg_settings
             WHERE name IN ('shared_buffers', 'synchronous_commit', 'fsync', 'max_connections', 'work_mem', 'wal_sync_method',
                            'commit_delay', 'max_wal_size', 'random_page_cost', 'effective_cache_size', 'jit')) AS settings`);
  return rows[0];
}

/** Cumulative counters of the run's database (PostgreSQL flushes them about once a second per backend). */
export async function databaseCounters(pool) {
  const { rows } = await pool.query(
    `SELECT xact_commit + xact_rollback AS transactions, xact_rollback AS rollbacks, tup_returned + tup_fetched AS rows_read,
            tup_inserted AS rows_inserted, tup_updated AS rows_updated
       FROM pg_stat_database WHERE datname = current_database()`,
  );
  return Object.fromEntries(Object.entries(rows[0]).map(([key, value]) => [key, Number(value)]));
}
