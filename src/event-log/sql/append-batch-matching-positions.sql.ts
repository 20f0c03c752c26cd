/**
 * `append_batch_matching_positions(p_requests, p_appended, p_items, p_after, p_limit)`: the positions
 * (ascending, at most `p_limit`) after `p_after` of the events that append_batch has decided to
 * append so far in this batch (`p_appended`, their bodies in `p_requests`, append-batch-types.sql.ts)
 * matching a DCB query, with dcb_matching_positions' semantics (items ORed, types ORed, tags ANDed,
 * an empty item or no items matching everything). A condition must see the requests ahead of it in
 * its batch; they are not in the events table until the batch's single insert, and matching them
 * here, in memory, spares an insert before every conditional request. PL/pgSQL rather than SQL so
 * that its plan is cached for the session.
 */
export const APPEND_BATCH_MATCHING_POSITIONS = `
CREATE OR REPLACE FUNCTION append_batch_matching_positions(p_requests jsonb, p_appended append_batch_appended[], p_items jsonb,
                                                           p_after bigint, p_limit int)
RETURNS bigint[] LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN ARRAY(
    SELECT a.after_position + e.ordinality
      FROM unnest(p_appended) AS a
     CROSS JOIN LATERAL jsonb_array_elements(p_requests->a.ordinal->'events') WITH ORDINALITY AS e
     WHERE a.after_position + e.ordinality > p_after
       AND (jsonb_array_length(COALESCE(p_items, '[]')) = 0 OR EXISTS (
             SELECT 1 FROM jsonb_array_elements(p_items) AS item
              WHERE (jsonb_array_length(COALESCE(item->'types', '[]')) = 0 OR COALESCE(item->'types', '[]') ? (e.value->>'type'))
                AND COALESCE(e.value->'tags', '[]') @> COALESCE(item->'tags', '[]')))
     ORDER BY 1 LIMIT p_limit);
END
$$`;
