import { JSON_HEAD_SQL, JSON_TAIL_SQL } from '../read/stored-event';
import { DCB_STREAM_ID } from '../event-log.constants';

/**
 * `append_batch_insert_events(p_event_store_id, p_requests, p_data, p_metadata, p_appended)`:
 * append_batch's write of the events of the appended requests `p_appended`
 * (append-batch-types.sql.ts), whose bodies are `p_requests[ordinal]`. A request's events follow
 * global position `after_position`, and stream position `stream_version` (a stream append) or
 * position − 1 (a DCB append, in stream ${DCB_STREAM_ID}); they share its transaction id and
 * `created_at`, and each keeps the `sizeBytes` the service measured, and its data and metadata as the
 * JSON text the service wrote, decoded by append_batch before it took the lock: the batch's events are
 * in `p_data` and `p_metadata` in request order, a request's from its `first_event` on. Called once,
 * at the end of a batch, for all of them. Returns nothing; runs under append_batch's store lock.
 * PL/pgSQL rather than SQL so that its plan is cached for the session.
 *
 * Each event also gets the text of its JSON around its data, `json_head` and `json_tail`
 * (read/stored-event.ts), written from its columns once here rather than on every read. The columns
 * come from a subquery that PostgreSQL runs as it is, because its select list holds a volatile
 * function (gen_random_uuid): the head's eventId is the row's.
 *
 * Also indexes the events' tags: one event_tags row per (event, distinct tag) with the event's type,
 * taken from the same request bodies. Written here rather than by a trigger on events, which a
 * distributed events table cannot have (docs/citus.md); delete_expired_events removes them likewise.
 */
export const APPEND_BATCH_INSERT_EVENTS = `
CREATE OR REPLACE FUNCTION append_batch_insert_events(p_event_store_id text, p_requests jsonb, p_data json[], p_metadata json[],
                                                      p_appended append_batch_appended[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO events (event_store_id, global_position, stream_id, stream_position, event_id, type, data,
                      metadata, tags, schema_version, transaction_id, created_at, size_bytes, json_head, json_tail)
  SELECT e.*, ${JSON_HEAD_SQL}, ${JSON_TAIL_SQL}
    FROM (SELECT p_event_store_id, a.after_position + e.ordinality AS global_position, COALESCE(a.stream_id, '${DCB_STREAM_ID}') AS stream_id,
                 COALESCE(a.stream_version, a.after_position) + e.ordinality - 1 AS stream_position,
                 gen_random_uuid() AS event_id, e.value->>'type' AS type, p_data[a.first_event + e.ordinality],
                 p_metadata[a.first_event + e.ordinality], ARRAY(SELECT jsonb_array_elements_text(COALESCE(e.value->'tags', '[]'))),
                 COALESCE(e.value->>'schemaVersion', '1') AS schema_version, a.transaction_id, a.created_at,
                 (e.value->>'sizeBytes')::int
            FROM unnest(p_appended) AS a
           CROSS JOIN LATERAL jsonb_array_elements(p_requests->a.ordinal->'events') WITH ORDINALITY AS e) e;
  INSERT INTO event_tags (event_store_id, tag, global_position, type)
  SELECT DISTINCT p_event_store_id, t.tag, a.after_position + e.ordinality, e.value->>'type'
    FROM unnest(p_appended) AS a
   CROSS JOIN LATERAL jsonb_array_elements(p_requests->a.ordinal->'events') WITH ORDINALITY AS e
   CROSS JOIN LATERAL jsonb_array_elements_text(COALESCE(e.value->'tags', '[]')) AS t(tag);
END
$$`;
