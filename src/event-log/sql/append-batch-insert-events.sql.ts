import { DCB_STREAM_ID } from '../event-log.constants';

/**
 * `append_batch_insert_events(p_event_store_id, p_requests, p_payloads, p_appended)`: append_batch's
 * write of the events of the appended requests `p_appended` (append-batch-types.sql.ts), whose bodies
 * are `p_requests[ordinal]`. A request's events follow global position `after_position`, and stream
 * position `stream_version` (a stream append) or position − 1 (a DCB append, in stream
 * ${DCB_STREAM_ID}); they share its transaction id and `created_at`, and each keeps the `sizeBytes`
 * the service measured, and its data and metadata as the JSON text the service wrote: the bytes of
 * `p_payloads` at the request's `payload_at` plus the event's `payloadAt`, `dataBytes` of data and the
 * rest of its `sizeBytes` of metadata (none when there is no rest). Called once, at the end of a batch, for all of them. Returns nothing; runs
 * under append_batch's store lock. PL/pgSQL rather than SQL so that its plan is cached for the session.
 *
 * Also indexes the events' tags: one event_tags row per (event, distinct tag) with the event's type,
 * taken from the same request bodies. Written here rather than by a trigger on events, which a
 * distributed events table cannot have (docs/citus.md); delete_expired_events removes them likewise.
 */
export const APPEND_BATCH_INSERT_EVENTS = `
CREATE OR REPLACE FUNCTION append_batch_insert_events(p_event_store_id text, p_requests jsonb, p_payloads bytea,
                                                      p_appended append_batch_appended[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO events (event_store_id, global_position, stream_id, stream_position, event_id, type, data,
                      metadata, tags, schema_version, transaction_id, created_at, size_bytes)
  SELECT p_event_store_id, a.after_position + e.ordinality, COALESCE(a.stream_id, '${DCB_STREAM_ID}'),
         COALESCE(a.stream_version, a.after_position) + e.ordinality - 1,
         gen_random_uuid(), e.value->>'type',
         convert_from(substring(p_payloads FROM p.at + 1 FOR p.data_bytes), 'UTF8')::json,
         CASE WHEN p.size_bytes > p.data_bytes
              THEN convert_from(substring(p_payloads FROM p.at + p.data_bytes + 1 FOR p.size_bytes - p.data_bytes), 'UTF8')::json END,
         ARRAY(SELECT jsonb_array_elements_text(COALESCE(e.value->'tags', '[]'))),
         COALESCE(e.value->>'schemaVersion', '1'), a.transaction_id, a.created_at, p.size_bytes
    FROM unnest(p_appended) AS a
   CROSS JOIN LATERAL jsonb_array_elements(p_requests->a.ordinal->'events') WITH ORDINALITY AS e
   CROSS JOIN LATERAL (SELECT (a.payload_at + (e.value->>'payloadAt')::bigint)::int AS at, (e.value->>'dataBytes')::int AS data_bytes,
                              (e.value->>'sizeBytes')::int AS size_bytes) AS p;
  INSERT INTO event_tags (event_store_id, tag, global_position, type)
  SELECT DISTINCT p_event_store_id, t.tag, a.after_position + e.ordinality, e.value->>'type'
    FROM unnest(p_appended) AS a
   CROSS JOIN LATERAL jsonb_array_elements(p_requests->a.ordinal->'events') WITH ORDINALITY AS e
   CROSS JOIN LATERAL jsonb_array_elements_text(COALESCE(e.value->'tags', '[]')) AS t(tag);
END
$$`;
