import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Event payloads stored as the JSON text the service wrote (json, not jsonb). Nothing ever queries
 * inside data or metadata; reads send them back, and jsonb made every read pay for its spaced text
 * output and every append for building and sorting a tree. json keeps the compact text byte for
 * byte (the submitted key order included), so a page of events is spliced into a response without
 * parsing or reformatting a payload. Stored payloads are compacted on the way: jsonb wrote them
 * with a space after every comma and colon outside strings, which the regular expression drops
 * (strings are matched whole, so their contents are kept). The table is rewritten under an
 * exclusive lock, once. Frozen text, like every migration.
 */
export class EventPayloadsAsJson1795500000000 implements MigrationInterface {
  name = 'EventPayloadsAsJson1795500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE events
        ALTER COLUMN data TYPE json USING regexp_replace(data::text, '("(?:[^"\\\\]|\\\\.)*")|([,:]) ', '\\1\\2', 'g')::json,
        ALTER COLUMN metadata TYPE json USING regexp_replace(metadata::text, '("(?:[^"\\\\]|\\\\.)*")|([,:]) ', '\\1\\2', 'g')::json`);
    await queryRunner.query(APPEND_BATCH_INSERT_EVENTS);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE events ALTER COLUMN data TYPE jsonb USING data::jsonb, ALTER COLUMN metadata TYPE jsonb USING metadata::jsonb`,
    );
    await queryRunner.query(PREVIOUS_APPEND_BATCH_INSERT_EVENTS);
  }
}

const APPEND_BATCH_INSERT_EVENTS = `
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

// What the baseline installed, for down().
const PREVIOUS_APPEND_BATCH_INSERT_EVENTS = `
CREATE OR REPLACE FUNCTION append_batch_insert_events(p_event_store_id text, p_requests jsonb, p_appended append_batch_appended[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO events (event_store_id, global_position, stream_id, stream_position, event_id, type, data,
                      metadata, tags, schema_version, transaction_id, created_at, size_bytes)
  SELECT p_event_store_id, a.after_position + e.ordinality, COALESCE(a.stream_id, '__dcb__'),
         COALESCE(a.stream_version, a.after_position) + e.ordinality - 1,
         gen_random_uuid(), e.value->>'type', e.value->'data', e.value->'metadata',
         ARRAY(SELECT jsonb_array_elements_text(COALESCE(e.value->'tags', '[]'))),
         COALESCE(e.value->>'schemaVersion', '1'), a.transaction_id, a.created_at, (e.value->>'sizeBytes')::int
    FROM unnest(p_appended) AS a
   CROSS JOIN LATERAL jsonb_array_elements(p_requests->a.ordinal->'events') WITH ORDINALITY AS e;
END
$$`;
