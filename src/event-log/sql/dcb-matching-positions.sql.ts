/**
 * `dcb_matching_positions(p_event_store_id, p_items, p_after, p_limit)`: the positions (ascending, at
 * most `p_limit`) of the store's events after `p_after` matching a DCB query. `p_items` is a JSON
 * array of {types?, tags?}: items are ORed; within an item, types are ORed and tags ANDed; an empty
 * item matches every event, and so does a query without items. Serves DCB reads and append_batch's
 * conditions (which add the batch's own events, append-batch-matching-positions.sql.ts).
 *
 * Each item is one index-ordered scan, limited on its own: by its first tag in event_tags (its
 * other tags and its types checked on the way), else one scan of events_type_idx per type, else of
 * the store's positions; the union is cut to the limit again, unless there was one scan. Every
 * statement is static, so PL/pgSQL plans it once per session: a condition checked under the store's
 * lock costs an index probe, not a plan (dynamic SQL was planned anew for every check). The items
 * are read with jsonb operators, not turned into arrays: each array was a statement of its own, and
 * a one-item condition ran four besides its probe (`append_batch` with 16 conditional appends,
 * alone: 1.82–1.89 → 1.62–1.68 ms; bench/README.md, session 13). `?` and jsonb's `@>` match the
 * strings the API validates exactly as `= ANY` and text[]'s `@>` did (not numbers or nulls, which
 * never reach it).
 *
 * Locks none. STABLE: inside append_batch it runs in a statement that starts after the store lock
 * is taken, so it sees every append committed before.
 */
export const DCB_MATCHING_POSITIONS = `
CREATE OR REPLACE FUNCTION dcb_matching_positions(p_event_store_id text, p_items jsonb, p_after bigint, p_limit int)
RETURNS bigint[] LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_item jsonb;
  v_types jsonb;
  v_tags jsonb;
  v_scans int := 0;
  v_found bigint[] := '{}';
BEGIN
  FOR v_index IN 0 .. jsonb_array_length(COALESCE(p_items, '[]')) - 1 LOOP
    v_item := p_items->v_index;
    v_types := COALESCE(v_item->'types', '[]');
    v_tags := COALESCE(v_item->'tags', '[]');
    -- Repeated values are harmless: types are ORed and tags ANDed, and the positions of several scans are made distinct below.
    IF jsonb_array_length(v_tags) > 0 THEN
      v_found := v_found || ARRAY(
        SELECT t.global_position FROM event_tags t
         WHERE t.event_store_id = p_event_store_id AND t.tag = v_tags->>0 AND t.global_position > p_after
           AND (jsonb_array_length(v_types) = 0 OR v_types ? t.type)
           AND (jsonb_array_length(v_tags) = 1 OR EXISTS (
                 SELECT 1 FROM events e
                  WHERE e.event_store_id = t.event_store_id AND e.global_position = t.global_position AND to_jsonb(e.tags) @> v_tags))
         ORDER BY 1 LIMIT p_limit);
      v_scans := v_scans + 1;
    ELSIF jsonb_array_length(v_types) > 0 THEN
      -- One ordered scan per type: type = ANY(...) cannot be read in position order.
      FOR v_type IN 0 .. jsonb_array_length(v_types) - 1 LOOP
        v_found := v_found || ARRAY(
          SELECT global_position FROM events
           WHERE event_store_id = p_event_store_id AND type = v_types->>v_type AND global_position > p_after
           ORDER BY 1 LIMIT p_limit);
        v_scans := v_scans + 1;
      END LOOP;
    ELSE
      -- An item without types or tags matches every event.
      v_scans := 0;
      EXIT;
    END IF;
  END LOOP;
  IF v_scans = 0 THEN
    RETURN ARRAY(
      SELECT global_position FROM events WHERE event_store_id = p_event_store_id AND global_position > p_after ORDER BY 1 LIMIT p_limit);
  END IF;
  IF v_scans = 1 THEN
    -- One scan's positions are already in order, within the limit and distinct: one row per event and tag in event_tags
    -- (its primary key), one per event in events.
    RETURN v_found;
  END IF;
  RETURN ARRAY(SELECT DISTINCT p FROM unnest(v_found) AS p ORDER BY 1 LIMIT p_limit);
END
$$`;
