/**
 * `dcb_matching_positions(p_event_store_id, p_items, p_after, p_limit)`: the positions (ascending, at
 * most `p_limit`) of the store's events after `p_after` matching a DCB query. `p_items` is a JSON
 * array of {types?, tags?}: items are ORed; within an item, types are ORed and tags ANDed; an empty
 * item matches every event, and so does a query without items. Serves DCB reads and append_batch's
 * conditions.
 *
 * Each item becomes one index-ordered scan (by its first tag when it has tags, the others checked
 * on the event row; else by type or position) limited on its own, and the union is cut to the
 * limit again: two relations per item at most, so planning stays cheap whatever the number of
 * tags. Values enter the dynamic SQL only through format('%L').
 *
 * Locks none. STABLE: inside append_batch it runs in a statement that starts after the store lock
 * is taken, so it sees every append committed before.
 */
export const DCB_MATCHING_POSITIONS = `
CREATE OR REPLACE FUNCTION dcb_matching_positions(p_event_store_id text, p_items jsonb, p_after bigint, p_limit int)
RETURNS bigint[] LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_item jsonb;
  v_types text[];
  v_tags text[];
  v_part text;
  v_parts text[] := '{}';
  v_result bigint[];
BEGIN
  FOR v_item IN SELECT value FROM jsonb_array_elements(COALESCE(p_items, '[]')) LOOP
    v_types := ARRAY(SELECT DISTINCT jsonb_array_elements_text(COALESCE(v_item->'types', '[]')));
    v_tags := ARRAY(SELECT DISTINCT jsonb_array_elements_text(COALESCE(v_item->'tags', '[]')));
    IF cardinality(v_tags) = 0 AND cardinality(v_types) > 0 THEN
      -- One ordered scan of events_type_idx per type: type = ANY(...) cannot be read in position order.
      v_parts := v_parts || ARRAY(
        SELECT format('(SELECT global_position FROM events WHERE event_store_id = $1 AND type = %L AND global_position > $2 ORDER BY 1 LIMIT $3)', t)
          FROM unnest(v_types) AS t);
      CONTINUE;
    ELSIF cardinality(v_tags) = 0 THEN
      v_part := 'SELECT global_position FROM events WHERE event_store_id = $1 AND global_position > $2';
    ELSIF cardinality(v_tags) = 1 THEN
      v_part := format('SELECT global_position FROM event_tags WHERE event_store_id = $1 AND tag = %L AND global_position > $2', v_tags[1])
        || CASE WHEN cardinality(v_types) > 0 THEN format(' AND type = ANY(%L::text[])', v_types) ELSE '' END;
    ELSE
      v_part := format(
        'SELECT t.global_position FROM event_tags t JOIN events e ON e.event_store_id = t.event_store_id AND e.global_position = t.global_position'
        || ' WHERE t.event_store_id = $1 AND t.tag = %L AND t.global_position > $2 AND e.tags @> %L::text[]',
        v_tags[1], v_tags[2:])
        || CASE WHEN cardinality(v_types) > 0 THEN format(' AND t.type = ANY(%L::text[])', v_types) ELSE '' END;
    END IF;
    v_parts := v_parts || ('(' || v_part || ' ORDER BY 1 LIMIT $3)');
  END LOOP;
  IF cardinality(v_parts) = 0 OR EXISTS (
    SELECT 1 FROM jsonb_array_elements(COALESCE(p_items, '[]')) item
     WHERE jsonb_array_length(COALESCE(item->'types', '[]')) = 0 AND jsonb_array_length(COALESCE(item->'tags', '[]')) = 0
  ) THEN
    v_parts := ARRAY['(SELECT global_position FROM events WHERE event_store_id = $1 AND global_position > $2 ORDER BY 1 LIMIT $3)'];
  END IF;
  EXECUTE 'SELECT COALESCE(array_agg(global_position ORDER BY global_position), ''{}'') FROM (SELECT global_position FROM ('
    || array_to_string(v_parts, ' UNION ') || ') matches ORDER BY 1 LIMIT $3) limited'
    INTO v_result USING p_event_store_id, p_after, p_limit;
  RETURN v_result;
END
$$`;
