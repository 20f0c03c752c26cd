/**
 * `append_batch_processed(p_event_store_id, p_consumer_id, p_position)`: whether the consumer has
 * processed `p_position`, as an append carrying `consumer` asks (docs/consumers.md): an earlier such
 * append recorded it (consumer_processed), or it was acked or skipped and the checkpoint has passed it.
 * A position the consumer still holds a record of (pending, in flight, or parked: not processed, even
 * below the checkpoint) is not processed. Reads only; called by append_batch under the store's lock,
 * which orders every append carrying a consumer of the store. PL/pgSQL, not SQL: on Citus, where it
 * runs on the store's worker inside append_batch, a SQL function's statement with parameters cannot
 * be planned, and every append carrying `consumer` failed (docs/citus.md).
 */
export const APPEND_BATCH_PROCESSED = `
CREATE OR REPLACE FUNCTION append_batch_processed(p_event_store_id text, p_consumer_id text, p_position bigint)
RETURNS boolean LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN EXISTS (SELECT 1 FROM consumer_processed p
                  WHERE p.event_store_id = p_event_store_id AND p.consumer_id = p_consumer_id AND p.position = p_position)
      OR EXISTS (SELECT 1 FROM consumers c
                  WHERE c.event_store_id = p_event_store_id AND c.id = p_consumer_id AND c.checkpoint >= p_position
                    AND NOT EXISTS (SELECT 1 FROM consumer_events e
                                     WHERE e.event_store_id = p_event_store_id AND e.consumer_id = p_consumer_id AND e.position = p_position));
END
$$`;
