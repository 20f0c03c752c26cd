import { STREAM_TYPE_PATTERN } from '../event-log.constants';

/**
 * `append_batch_write_streams(p_event_store_id, p_appended)`: append_batch's write of the streams
 * its appended stream requests (append-batch-types.sql.ts) touched, one upsert row per stream: the
 * version and event_count grow by the events appended, size_bytes by their `size_bytes`,
 * last_global_position and updated_at follow the last request. A new stream gets its type (the id
 * up to the first separator, STREAM_TYPE_PATTERN) and its first request's clock as created_at.
 * Returns how many streams are new (a request that found version 0). Runs under append_batch's
 * store lock, which makes the stream rows its own.
 */
export const APPEND_BATCH_WRITE_STREAMS = `
CREATE OR REPLACE FUNCTION append_batch_write_streams(p_event_store_id text, p_appended append_batch_appended[])
RETURNS bigint LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO streams AS s (event_store_id, stream_id, stream_type, version, event_count, last_global_position,
                            size_bytes, created_at, updated_at)
  SELECT p_event_store_id, a.stream_id, (regexp_match(a.stream_id, '${STREAM_TYPE_PATTERN}'))[1], sum(a.events), sum(a.events),
         max(a.after_position + a.events), sum(a.size_bytes), min(a.clock), max(a.created_at)
    FROM unnest(p_appended) AS a
   WHERE a.stream_id IS NOT NULL
   GROUP BY a.stream_id
  ON CONFLICT (event_store_id, stream_id) DO UPDATE
     SET version = s.version + EXCLUDED.version, event_count = s.event_count + EXCLUDED.event_count,
         last_global_position = EXCLUDED.last_global_position, size_bytes = s.size_bytes + EXCLUDED.size_bytes,
         updated_at = EXCLUDED.updated_at;
  RETURN (SELECT count(*) FROM unnest(p_appended) AS a WHERE a.stream_version = 0);
END
$$`;
