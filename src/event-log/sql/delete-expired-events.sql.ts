/**
 * `delete_expired_events(p_event_store_id, p_retention_days, p_limit)`: one batch of the retention
 * sweep (DECISIONS §7). Deletes up to `p_limit` of the store's events older than `p_retention_days`,
 * oldest first, counts them out of the statistics that append_batch counted them into, and returns
 * how many it deleted (0 when the store is gone). created_at never decreases as positions grow, so
 * what is deleted is always a prefix of the store's log and of each stream.
 *
 * Counts out: the store's total_events and total_size_bytes, its oldest_event_at (the oldest event
 * left), and each stream's event_count and size_bytes, with each event's stored size_bytes: the
 * bytes append_batch added for it (the service's measure, see append-batch.sql.ts), so the two
 * always agree. An event stored without a size (only ever by hand) is measured from its JSON, as
 * the reads' page budget does. Versions, positions and total_streams never change; DCB events have
 * no stream row, so only the store counts them out.
 *
 * Unindexes the deleted events' tags in the same statement (their event_tags rows, by exact primary
 * key lookups): no trigger on events does it, as a distributed events table cannot have one
 * (docs/citus.md). A foreign key from event_tags to events would instead search the store's tags
 * for each deleted event; deleting a whole store goes through event_tags_event_store_fk instead.
 *
 * Locks the store row first, FOR NO KEY UPDATE as append_batch does, so the batch neither deadlocks
 * with appends nor with a store's deletion, and every later statement sees the appends committed
 * before. Meant to run as its own statement: the batch is then one short transaction, and appends
 * to the store wait at most one batch.
 */
export const DELETE_EXPIRED_EVENTS = `
CREATE OR REPLACE FUNCTION delete_expired_events(p_event_store_id text, p_retention_days double precision, p_limit int)
RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  v_events bigint;
  v_bytes bigint;
BEGIN
  PERFORM 1 FROM event_stores WHERE id = p_event_store_id FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RETURN 0;
  END IF;
  WITH expired AS (
    SELECT global_position FROM events
     WHERE event_store_id = p_event_store_id AND created_at < now() - p_retention_days * interval '1 day'
     ORDER BY created_at, global_position LIMIT p_limit
  ), deleted AS (
    DELETE FROM events e USING expired
     WHERE e.event_store_id = p_event_store_id AND e.global_position = expired.global_position
    RETURNING e.stream_id, e.global_position, e.tags,
              COALESCE(e.size_bytes, octet_length(e.data::text) + COALESCE(octet_length(e.metadata::text), 0)) AS size_bytes
  ), untagged AS (
    DELETE FROM event_tags t USING deleted d CROSS JOIN LATERAL unnest(d.tags) AS u(tag)
     WHERE t.event_store_id = p_event_store_id AND t.tag = u.tag AND t.global_position = d.global_position
  ), per_stream AS (
    SELECT stream_id, count(*) AS events, sum(size_bytes) AS bytes FROM deleted GROUP BY stream_id
  ), counted_out AS (
    UPDATE streams s SET event_count = s.event_count - d.events, size_bytes = s.size_bytes - d.bytes
      FROM per_stream d
     WHERE s.event_store_id = p_event_store_id AND s.stream_id = d.stream_id
  )
  SELECT COALESCE(sum(events), 0), COALESCE(sum(bytes), 0) INTO v_events, v_bytes FROM per_stream;
  IF v_events > 0 THEN
    -- A statement of its own: the oldest event left is only visible once the DELETE above is done.
    UPDATE event_stores
       SET total_events = total_events - v_events, total_size_bytes = total_size_bytes - v_bytes,
           oldest_event_at = (SELECT created_at FROM events WHERE event_store_id = p_event_store_id ORDER BY created_at LIMIT 1)
     WHERE id = p_event_store_id;
  END IF;
  RETURN v_events;
END
$$`;
