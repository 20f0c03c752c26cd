import { MigrationInterface, QueryRunner } from 'typeorm';
import { INSERT_BATCH_EVENTS } from './1795219900000-InsertBatchEventsOnce';

/**
 * Each event keeps its size: the UTF-8 bytes of its compact JSON `data` and `metadata`, as the
 * service measures them for a stream's `sizeBytes`. Reads cut their pages at a byte budget with a
 * running sum of it, which must not detoast and serialise the events beyond the cut to learn their
 * size (a compressible 10 MiB event is a few kilobytes on disk, so the stored size cannot stand in).
 * Nullable, so that adding it rewrites nothing and an API instance of the previous version keeps
 * appending during an upgrade: reads measure an event without one from its JSON.
 */
export class StoreEventSizes1795220400000 implements MigrationInterface {
  name = 'StoreEventSizes1795220400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE events ADD COLUMN size_bytes integer`);
    await queryRunner.query(INSERT_BATCH_EVENTS_WITH_SIZES);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION append_batch_insert_events(text, jsonb, int[], bigint[], bigint[], uuid[], timestamptz[])`);
    await queryRunner.query(INSERT_BATCH_EVENTS);
    await queryRunner.query(`ALTER TABLE events DROP COLUMN size_bytes`);
  }
}

/** InsertBatchEventsOnce's function, also storing each event's `sizeBytes` as the service measured it. */
const INSERT_BATCH_EVENTS_WITH_SIZES = `
CREATE OR REPLACE FUNCTION append_batch_insert_events(p_event_store_id text, p_requests jsonb, p_ordinals int[], p_after bigint[],
  p_versions bigint[], p_transactions uuid[], p_times timestamptz[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO events (event_store_id, global_position, stream_id, stream_position, event_id, type, data,
                      metadata, tags, schema_version, transaction_id, created_at, size_bytes)
  SELECT p_event_store_id, a.after + e.ordinality, COALESCE(p_requests->a.ordinal->>'streamId', '__dcb__'),
         COALESCE(a.version, a.after) + e.ordinality - 1,
         gen_random_uuid(), e.value->>'type', e.value->'data', e.value->'metadata',
         ARRAY(SELECT jsonb_array_elements_text(COALESCE(e.value->'tags', '[]'))),
         COALESCE(e.value->>'schemaVersion', '1'), a.transaction_id, a.created_at, (e.value->>'sizeBytes')::int
    FROM unnest(p_ordinals, p_after, p_versions, p_transactions, p_times) AS a(ordinal, after, version, transaction_id, created_at)
   CROSS JOIN LATERAL jsonb_array_elements(p_requests->a.ordinal->'events') WITH ORDINALITY AS e;
END
$$`;
