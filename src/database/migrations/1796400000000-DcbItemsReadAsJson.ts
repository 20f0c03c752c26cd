import { MigrationInterface, QueryRunner } from 'typeorm';
import { DCB_MATCHING_POSITIONS as PREVIOUS_DCB_MATCHING_POSITIONS } from './1795400000000-StaticDcbChecks';

/**
 * dcb_matching_positions reads a query's items with jsonb operators instead of turning each item's
 * types and tags into arrays, and returns a single scan's positions as they are: a one-item condition
 * ran five statements where it now runs one. It serves every DCB condition, under the store's lock,
 * and every DCB read (docs/decisions.md, "DCB checks"). The function keeps its signature and its
 * answers, so API processes of the previous version keep appending across it.
 *
 * Frozen text, like every migration; the canonical files are under src/event-log/sql/.
 */
export class DcbItemsReadAsJson1796400000000 implements MigrationInterface {
  name = 'DcbItemsReadAsJson1796400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(DCB_MATCHING_POSITIONS);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(PREVIOUS_DCB_MATCHING_POSITIONS);
  }
}

const DCB_MATCHING_POSITIONS = `
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
