import { MigrationInterface, QueryRunner } from 'typeorm';
import { APPEND_BATCH_INSERT_EVENTS as PREVIOUS_APPEND_BATCH_INSERT_EVENTS } from './1796100000000-PayloadsDecodedBeforeTheLock';

/**
 * Each event keeps the text of its JSON before its data and after its data, metadata and tags
 * (`json_head`, `json_tail`), written by append_batch_insert_events when it is appended, so that a
 * read joins a few pieces instead of writing every field anew. Events appended before have neither,
 * and reads write their JSON from their columns as before: nothing is rewritten here, which would
 * take a lock on the whole table for as long as it has events. append_batch_insert_events keeps its
 * signature, so API processes of the previous version keep appending (their events, without the
 * two, are read as older ones are).
 *
 * Frozen text, like every migration; the canonical files are under src/event-log/sql/.
 */
export class EventJsonHeadAndTail1796200000000 implements MigrationInterface {
  name = 'EventJsonHeadAndTail1796200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE events ADD COLUMN json_head text, ADD COLUMN json_tail text`);
    await queryRunner.query(APPEND_BATCH_INSERT_EVENTS);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(PREVIOUS_APPEND_BATCH_INSERT_EVENTS);
    await queryRunner.query(`ALTER TABLE events DROP COLUMN json_head, DROP COLUMN json_tail`);
  }
}

const APPEND_BATCH_INSERT_EVENTS = `
CREATE OR REPLACE FUNCTION append_batch_insert_events(p_event_store_id text, p_requests jsonb, p_data json[], p_metadata json[],
                                                      p_appended append_batch_appended[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO events (event_store_id, global_position, stream_id, stream_position, event_id, type, data,
                      metadata, tags, schema_version, transaction_id, created_at, size_bytes, json_head, json_tail)
  SELECT e.*, ('{"streamId":' || to_json(stream_id)::text || ',"streamPosition":' || stream_position::text || ',"globalPosition":' || global_position::text || ',"eventId":' || '"' || event_id::text || '"' || ',"type":' || to_json(type)::text || ',"data":'), (',"schemaVersion":' || to_json(schema_version)::text || ',"transactionId":' || '"' || transaction_id::text || '"' || ',"createdAt":' || '"' || to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"' || '}')
    FROM (SELECT p_event_store_id, a.after_position + e.ordinality AS global_position, COALESCE(a.stream_id, '__dcb__') AS stream_id,
                 COALESCE(a.stream_version, a.after_position) + e.ordinality - 1 AS stream_position,
                 gen_random_uuid() AS event_id, e.value->>'type' AS type, p_data[a.first_event + e.ordinality],
                 p_metadata[a.first_event + e.ordinality], ARRAY(SELECT jsonb_array_elements_text(COALESCE(e.value->'tags', '[]'))),
                 COALESCE(e.value->>'schemaVersion', '1') AS schema_version, a.transaction_id, a.created_at,
                 (e.value->>'sizeBytes')::int
            FROM unnest(p_appended) AS a
           CROSS JOIN LATERAL jsonb_array_elements(p_requests->a.ordinal->'events') WITH ORDINALITY AS e) e;
  INSERT INTO event_tags (event_store_id, tag, global_position, type)
  SELECT DISTINCT p_event_store_id, t.tag, a.after_position + e.ordinality, e.value->>'type'
    FROM unnest(p_appended) AS a
   CROSS JOIN LATERAL jsonb_array_elements(p_requests->a.ordinal->'events') WITH ORDINALITY AS e
   CROSS JOIN LATERAL jsonb_array_elements_text(COALESCE(e.value->'tags', '[]')) AS t(tag);
END
$$`;
