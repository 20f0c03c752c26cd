import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Dynamic Consistency Boundary: a tag index over the whole log (stream events may carry tags too),
 * the query that DCB reads and append conditions share, and the streamless append.
 */
export class CreateDcb1795219400000 implements MigrationInterface {
  name = 'CreateDcb1795219400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // One row per (event, tag), keyed so that "events with tag T after position P" is an index range
    // scan in position order; the event's type rides along so type+tag items need no join. The choice
    // over a GIN index on events.tags is measured in docs/dcb-tag-index.md.
    await queryRunner.query(`
      CREATE TABLE event_tags (
        event_store_id  text NOT NULL,
        tag             text NOT NULL,
        global_position bigint NOT NULL,
        type            text COLLATE "C" NOT NULL,
        CONSTRAINT event_tags_pk PRIMARY KEY (event_store_id, tag, global_position) INCLUDE (type),
        CONSTRAINT event_tags_event_store_fk FOREIGN KEY (event_store_id) REFERENCES event_stores (id) ON DELETE CASCADE
      )`);
    await queryRunner.query(`
      INSERT INTO event_tags (event_store_id, tag, global_position, type)
      SELECT DISTINCT event_store_id, unnest(tags), global_position, type FROM events WHERE tags <> '{}'`);

    // A statement-level trigger keeps the index whatever code path inserts events, at the cost of one
    // statement per insert rather than per row.
    await queryRunner.query(`
      CREATE FUNCTION index_event_tags() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO event_tags (event_store_id, tag, global_position, type)
        SELECT DISTINCT e.event_store_id, t.tag, e.global_position, e.type
          FROM inserted_events e CROSS JOIN LATERAL unnest(e.tags) AS t(tag)
         WHERE e.tags <> '{}';
        RETURN NULL;
      END
      $$`);
    await queryRunner.query(`
      CREATE TRIGGER events_index_tags AFTER INSERT ON events
      REFERENCING NEW TABLE AS inserted_events FOR EACH STATEMENT EXECUTE FUNCTION index_event_tags()`);

    // Deleted events (retention) take their tag rows with them by exact primary-key lookups. A
    // foreign key from event_tags to events would instead search the store's tags for each deleted
    // event, which made deleting a store with 20,000 tagged events take 30 s; deleting a whole store
    // goes through event_tags_event_store_fk instead.
    await queryRunner.query(`
      CREATE FUNCTION unindex_event_tags() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM event_tags t
         USING (SELECT e.event_store_id, u.tag, e.global_position FROM deleted_events e CROSS JOIN LATERAL unnest(e.tags) AS u(tag)) d
         WHERE t.event_store_id = d.event_store_id AND t.tag = d.tag AND t.global_position = d.global_position;
        RETURN NULL;
      END
      $$`);
    await queryRunner.query(`
      CREATE TRIGGER events_unindex_tags AFTER DELETE ON events
      REFERENCING OLD TABLE AS deleted_events FOR EACH STATEMENT EXECUTE FUNCTION unindex_event_tags()`);

    await queryRunner.query(DCB_MATCHING_POSITIONS);
    await queryRunner.query(APPEND_DCB);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION append_dcb`);
    await queryRunner.query(`DROP FUNCTION dcb_matching_positions`);
    await queryRunner.query(`DROP TRIGGER events_unindex_tags ON events`);
    await queryRunner.query(`DROP FUNCTION unindex_event_tags`);
    await queryRunner.query(`DROP TRIGGER events_index_tags ON events`);
    await queryRunner.query(`DROP FUNCTION index_event_tags`);
    await queryRunner.query(`DROP TABLE event_tags`);
  }
}

/**
 * Positions (ascending, at most p_limit) of the events after p_after matching a DCB query: items are
 * ORed; within an item, types are ORed and tags ANDed; an empty list constrains nothing, and a query
 * without items matches every event. Each item becomes one index-ordered scan (by its first tag when
 * it has tags, the others checked on the event row; else by type or position) limited on its own,
 * and the union is cut to the limit again. Two relations per item at most, so planning stays cheap
 * whatever the number of tags. Values enter the dynamic SQL only through format('%L').
 * STABLE: inside append_dcb it runs in a statement that starts after the store lock is taken, so it
 * sees every append committed before.
 */
const DCB_MATCHING_POSITIONS = `
CREATE FUNCTION dcb_matching_positions(p_event_store_id text, p_items jsonb, p_after bigint, p_limit int)
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

/**
 * Appends events to the store without a stream (stream id __dcb__, stream position = global
 * position - 1), after checking an optional condition {items, after} under the same per-store lock
 * as stream appends: the check and the write cannot interleave with another append. A match raises
 * ESDC1 with the lowest 100 conflicting positions in DETAIL, so nothing is written.
 */
export const APPEND_DCB = `
CREATE FUNCTION append_dcb(p_event_store_id text, p_events jsonb, p_condition jsonb)
RETURNS TABLE (last_position bigint) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_count bigint := jsonb_array_length(p_events);
  v_size bigint;
  v_store event_stores%ROWTYPE;
  v_conflicts bigint[];
  v_now timestamptz;
  v_transaction uuid := gen_random_uuid();
BEGIN
  SELECT * INTO v_store FROM event_stores WHERE id = p_event_store_id FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'event store % not found', p_event_store_id USING ERRCODE = 'ESNF1';
  END IF;

  IF p_condition IS NOT NULL THEN
    v_conflicts := dcb_matching_positions(p_event_store_id, p_condition->'items', COALESCE((p_condition->>'after')::bigint, 0), 100);
    IF cardinality(v_conflicts) > 0 THEN
      RAISE EXCEPTION 'append condition failed' USING ERRCODE = 'ESDC1', DETAIL = array_to_json(v_conflicts)::text;
    END IF;
  END IF;

  SELECT COALESCE(sum((e->>'sizeBytes')::bigint), 0) INTO v_size FROM jsonb_array_elements(p_events) AS e;
  v_now := GREATEST(date_trunc('milliseconds', clock_timestamp()), v_store.newest_event_at);

  INSERT INTO events (event_store_id, global_position, stream_id, stream_position, event_id, type, data,
                      metadata, tags, schema_version, transaction_id, created_at)
  SELECT p_event_store_id, v_store.last_position + e.ordinality, '__dcb__', v_store.last_position + e.ordinality - 1,
         gen_random_uuid(), e.value->>'type', e.value->'data', e.value->'metadata',
         ARRAY(SELECT jsonb_array_elements_text(COALESCE(e.value->'tags', '[]'))),
         COALESCE(e.value->>'schemaVersion', '1'), v_transaction, v_now
    FROM jsonb_array_elements(p_events) WITH ORDINALITY AS e;

  UPDATE event_stores
     SET last_position = last_position + v_count,
         total_events = total_events + v_count,
         total_size_bytes = total_size_bytes + v_size,
         oldest_event_at = COALESCE(oldest_event_at, v_now),
         newest_event_at = v_now
   WHERE id = p_event_store_id;

  PERFORM pg_notify('event_store_appends', p_event_store_id || ':' || (v_store.last_position + v_count));
  RETURN QUERY SELECT v_store.last_position + v_count;
END
$$`;
