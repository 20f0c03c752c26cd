import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A schema that Citus can distribute by store (docs/citus.md), which holds on plain PostgreSQL alike:
 *
 * - Store names stay unique per tenant through a table of their own, event_store_names, keyed by
 *   (tenant_id, name) and written in the same transaction as the store: a distributed event_stores
 *   can hold no unique constraint without its distribution column, and the names table, small and
 *   tenant-keyed, becomes a reference table. It also resolves a name, and lists a tenant's stores,
 *   without asking every shard. No foreign key leads from it to event_stores (Citus refuses one from
 *   a reference table to a distributed table): the service deletes a store's name with the store.
 * - No triggers on events (a distributed table cannot have them): append_batch_insert_events writes
 *   the events' tag rows itself, and delete_expired_events deletes them.
 *
 * Frozen text, like every migration; the canonical files are under src/event-log/sql/.
 */
export class DistributableSchema1795700000000 implements MigrationInterface {
  name = 'DistributableSchema1795700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE event_store_names (
        tenant_id      text NOT NULL CONSTRAINT event_store_names_tenant_fk REFERENCES tenants (id) ON DELETE CASCADE,
        name           text NOT NULL,
        event_store_id text NOT NULL,
        created_at     timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT event_store_names_pk PRIMARY KEY (tenant_id, name),
        CONSTRAINT event_store_names_event_store_uq UNIQUE (event_store_id)
      )`);
    await queryRunner.query(
      `CREATE INDEX event_store_names_tenant_created_idx ON event_store_names (tenant_id, created_at, event_store_id)`,
    );
    await queryRunner.query(
      `INSERT INTO event_store_names (tenant_id, name, event_store_id, created_at) SELECT tenant_id, name, id, created_at FROM event_stores`,
    );
    await queryRunner.query(`ALTER TABLE event_stores DROP CONSTRAINT event_stores_tenant_name_uq`);
    await queryRunner.query(`DROP TRIGGER events_index_tags ON events`);
    await queryRunner.query(`DROP TRIGGER events_unindex_tags ON events`);
    await queryRunner.query(`DROP FUNCTION index_event_tags(), unindex_event_tags()`);
    await queryRunner.query(APPEND_BATCH_INSERT_EVENTS);
    await queryRunner.query(DELETE_EXPIRED_EVENTS);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(PREVIOUS_APPEND_BATCH_INSERT_EVENTS);
    await queryRunner.query(PREVIOUS_DELETE_EXPIRED_EVENTS);
    await queryRunner.query(INDEX_EVENT_TAGS);
    await queryRunner.query(UNINDEX_EVENT_TAGS);
    await queryRunner.query(`
      CREATE TRIGGER events_index_tags AFTER INSERT ON events
      REFERENCING NEW TABLE AS inserted_events FOR EACH STATEMENT EXECUTE FUNCTION index_event_tags()`);
    await queryRunner.query(`
      CREATE TRIGGER events_unindex_tags AFTER DELETE ON events
      REFERENCING OLD TABLE AS deleted_events FOR EACH STATEMENT EXECUTE FUNCTION unindex_event_tags()`);
    await queryRunner.query(`ALTER TABLE event_stores ADD CONSTRAINT event_stores_tenant_name_uq UNIQUE (tenant_id, name)`);
    await queryRunner.query(`DROP TABLE event_store_names`);
  }
}

export const APPEND_BATCH_INSERT_EVENTS = `
CREATE OR REPLACE FUNCTION append_batch_insert_events(p_event_store_id text, p_requests jsonb, p_appended append_batch_appended[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO events (event_store_id, global_position, stream_id, stream_position, event_id, type, data,
                      metadata, tags, schema_version, transaction_id, created_at, size_bytes)
  SELECT p_event_store_id, a.after_position + e.ordinality, COALESCE(a.stream_id, '__dcb__'),
         COALESCE(a.stream_version, a.after_position) + e.ordinality - 1,
         gen_random_uuid(), e.value->>'type', (e.value->>'data')::json, (e.value->>'metadata')::json,
         ARRAY(SELECT jsonb_array_elements_text(COALESCE(e.value->'tags', '[]'))),
         COALESCE(e.value->>'schemaVersion', '1'), a.transaction_id, a.created_at, (e.value->>'sizeBytes')::int
    FROM unnest(p_appended) AS a
   CROSS JOIN LATERAL jsonb_array_elements(p_requests->a.ordinal->'events') WITH ORDINALITY AS e;
  INSERT INTO event_tags (event_store_id, tag, global_position, type)
  SELECT DISTINCT p_event_store_id, t.tag, a.after_position + e.ordinality, e.value->>'type'
    FROM unnest(p_appended) AS a
   CROSS JOIN LATERAL jsonb_array_elements(p_requests->a.ordinal->'events') WITH ORDINALITY AS e
   CROSS JOIN LATERAL jsonb_array_elements_text(COALESCE(e.value->'tags', '[]')) AS t(tag);
END
$$`;

const DELETE_EXPIRED_EVENTS = `
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

// What the earlier migrations installed, for down().
const PREVIOUS_APPEND_BATCH_INSERT_EVENTS = `
CREATE OR REPLACE FUNCTION append_batch_insert_events(p_event_store_id text, p_requests jsonb, p_appended append_batch_appended[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO events (event_store_id, global_position, stream_id, stream_position, event_id, type, data,
                      metadata, tags, schema_version, transaction_id, created_at, size_bytes)
  SELECT p_event_store_id, a.after_position + e.ordinality, COALESCE(a.stream_id, '__dcb__'),
         COALESCE(a.stream_version, a.after_position) + e.ordinality - 1,
         gen_random_uuid(), e.value->>'type', (e.value->>'data')::json, (e.value->>'metadata')::json,
         ARRAY(SELECT jsonb_array_elements_text(COALESCE(e.value->'tags', '[]'))),
         COALESCE(e.value->>'schemaVersion', '1'), a.transaction_id, a.created_at, (e.value->>'sizeBytes')::int
    FROM unnest(p_appended) AS a
   CROSS JOIN LATERAL jsonb_array_elements(p_requests->a.ordinal->'events') WITH ORDINALITY AS e;
END
$$`;

const PREVIOUS_DELETE_EXPIRED_EVENTS = `
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
    RETURNING e.stream_id, COALESCE(e.size_bytes, octet_length(e.data::text) + COALESCE(octet_length(e.metadata::text), 0)) AS size_bytes
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

const INDEX_EVENT_TAGS = `
CREATE OR REPLACE FUNCTION index_event_tags() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_tags (event_store_id, tag, global_position, type)
  SELECT DISTINCT e.event_store_id, t.tag, e.global_position, e.type
    FROM inserted_events e CROSS JOIN LATERAL unnest(e.tags) AS t(tag)
   WHERE e.tags <> '{}';
  RETURN NULL;
END
$$`;

const UNINDEX_EVENT_TAGS = `
CREATE OR REPLACE FUNCTION unindex_event_tags() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM event_tags t
   USING (SELECT e.event_store_id, u.tag, e.global_position FROM deleted_events e CROSS JOIN LATERAL unnest(e.tags) AS u(tag)) d
   WHERE t.event_store_id = d.event_store_id AND t.tag = d.tag AND t.global_position = d.global_position;
  RETURN NULL;
END
$$`;
