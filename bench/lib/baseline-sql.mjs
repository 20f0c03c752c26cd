// The raw-PostgreSQL baseline: what any append must do at minimum in this schema, as ONE statement
// (so one round trip and one transaction, with the store's lock held only inside the server), sent as a
// named prepared statement (parsed and planned once per connection, as a tuned client would):
//   1. UPDATE event_stores … RETURNING last_position   the per-store lock that makes positions gap-free
//   2. upsert the stream row … RETURNING version        (after the store lock, so versions are consistent)
//   3. one multi-row INSERT of the n events
// No HTTP, no Nest, no JSON payload parsing in SQL, no NOTIFY, no size limit or statistics beyond the
// counters on the store row. It never calls the service's append_batch.

const appendSql = (streamPosition) => `
  WITH store AS (
    UPDATE event_stores
       SET last_position = last_position + $3::bigint,
           total_events = total_events + $3::bigint,
           total_size_bytes = total_size_bytes + $4::bigint,
           oldest_event_at = COALESCE(oldest_event_at, date_trunc('milliseconds', clock_timestamp())),
           newest_event_at = date_trunc('milliseconds', clock_timestamp())
     WHERE id = $1
     RETURNING last_position, newest_event_at AS at
  ), stream AS (
    INSERT INTO streams AS s (event_store_id, stream_id, stream_type, version, event_count, last_global_position,
                              size_bytes, created_at, updated_at)
    SELECT $1, $2, $5, $3::bigint, $3::bigint, store.last_position, $4::bigint, store.at, store.at FROM store
    ON CONFLICT (event_store_id, stream_id) DO UPDATE
       SET version = s.version + EXCLUDED.version, event_count = s.event_count + EXCLUDED.event_count,
           last_global_position = EXCLUDED.last_global_position, size_bytes = s.size_bytes + EXCLUDED.size_bytes,
           updated_at = EXCLUDED.updated_at
    RETURNING version
  )
  INSERT INTO events (event_store_id, global_position, stream_id, stream_position, event_id, type, data, tags,
                      schema_version, transaction_id, created_at)
  SELECT $1, store.last_position - $3::bigint + e.ord, $2, ${streamPosition}, gen_random_uuid(), e.type, e.data, '{}', '1',
         tx.id, store.at
    FROM store, stream, (SELECT gen_random_uuid() AS id) AS tx,
         unnest($6::text[], $7::json[]) WITH ORDINALITY AS e(type, data, ord)`;

/** Parameters: store id, stream id, n, size bytes, stream type, types[], data (JSON text)[]. */
export const BASELINE_APPEND = appendSql('stream.version - $3::bigint + e.ord - 1');

/**
 * Same, with an expected version ($8): the events take stream positions $8…, so if the stream has
 * moved on the unique (event_store_id, stream_id, stream_position) refuses the insert (SQLSTATE 23505)
 * and the whole statement, the store's counter included, rolls back.
 */
export const BASELINE_APPEND_EXPECTING = appendSql('$8::bigint + e.ord - 1');

export const STREAM_VERSION = `SELECT version FROM streams WHERE event_store_id = $1 AND stream_id = $2`;

export const isVersionConflict = (error) => error?.code === '23505' && error?.constraint === 'events_stream_position_uq';

/**
 * BASELINE_APPEND for events with metadata (the 1 KB group, k and l): the same statement, each event also
 * storing its metadata and its size (`size_bytes`, the UTF-8 bytes of its compact JSON data and metadata,
 * which the service keeps for the reads' page budget and retention). Parameters: store id, stream id, n,
 * total size bytes, stream type, types[], data (JSON text)[], metadata (JSON text)[], sizes[].
 */
export const BASELINE_APPEND_WITH_METADATA = `
  WITH store AS (
    UPDATE event_stores
       SET last_position = last_position + $3::bigint,
           total_events = total_events + $3::bigint,
           total_size_bytes = total_size_bytes + $4::bigint,
           oldest_event_at = COALESCE(oldest_event_at, date_trunc('milliseconds', clock_timestamp())),
           newest_event_at = date_trunc('milliseconds', clock_timestamp())
     WHERE id = $1
     RETURNING last_position, newest_event_at AS at
  ), stream AS (
    INSERT INTO streams AS s (event_store_id, stream_id, stream_type, version, event_count, last_global_position,
                              size_bytes, created_at, updated_at)
    SELECT $1, $2, $5, $3::bigint, $3::bigint, store.last_position, $4::bigint, store.at, store.at FROM store
    ON CONFLICT (event_store_id, stream_id) DO UPDATE
       SET version = s.version + EXCLUDED.version, event_count = s.event_count + EXCLUDED.event_count,
           last_global_position = EXCLUDED.last_global_position, size_bytes = s.size_bytes + EXCLUDED.size_bytes,
           updated_at = EXCLUDED.updated_at
    RETURNING version
  )
  INSERT INTO events (event_store_id, global_position, stream_id, stream_position, event_id, type, data, metadata, tags,
                      schema_version, transaction_id, created_at, size_bytes)
  SELECT $1, store.last_position - $3::bigint + e.ord, $2, stream.version - $3::bigint + e.ord - 1, gen_random_uuid(), e.type,
         e.data, e.metadata, '{}', '1', tx.id, store.at, e.size_bytes
    FROM store, stream, (SELECT gen_random_uuid() AS id) AS tx,
         unnest($6::text[], $7::json[], $8::json[], $9::int[]) WITH ORDINALITY AS e(type, data, metadata, size_bytes, ord)`;
