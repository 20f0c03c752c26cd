import { DCB_STREAM_ID } from '../event-log.constants';

/**
 * `append_batch_insert_events`: append_batch's write of the events of the requests
 * `p_requests[p_ordinals[i]]`. The request's events follow global position `p_after[i]`, and stream
 * position `p_versions[i]` (a stream append) or position − 1 (a DCB append, `p_versions[i]` null, in
 * stream ${DCB_STREAM_ID}), with transaction id `p_transactions[i]` and `created_at` `p_times[i]`; each
 * keeps the `sizeBytes` the service measured. Returns nothing; runs under append_batch's store lock.
 * PL/pgSQL rather than SQL so that its plan is cached for the session.
 */
export const APPEND_BATCH_INSERT_EVENTS = `
CREATE OR REPLACE FUNCTION append_batch_insert_events(p_event_store_id text, p_requests jsonb, p_ordinals int[], p_after bigint[],
  p_versions bigint[], p_transactions uuid[], p_times timestamptz[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO events (event_store_id, global_position, stream_id, stream_position, event_id, type, data,
                      metadata, tags, schema_version, transaction_id, created_at, size_bytes)
  SELECT p_event_store_id, a.after + e.ordinality, COALESCE(p_requests->a.ordinal->>'streamId', '${DCB_STREAM_ID}'),
         COALESCE(a.version, a.after) + e.ordinality - 1,
         gen_random_uuid(), e.value->>'type', e.value->'data', e.value->'metadata',
         ARRAY(SELECT jsonb_array_elements_text(COALESCE(e.value->'tags', '[]'))),
         COALESCE(e.value->>'schemaVersion', '1'), a.transaction_id, a.created_at, (e.value->>'sizeBytes')::int
    FROM unnest(p_ordinals, p_after, p_versions, p_transactions, p_times) AS a(ordinal, after, version, transaction_id, created_at)
   CROSS JOIN LATERAL jsonb_array_elements(p_requests->a.ordinal->'events') WITH ORDINALITY AS e;
END
$$`;
