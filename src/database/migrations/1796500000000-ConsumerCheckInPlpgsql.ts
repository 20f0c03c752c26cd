import { MigrationInterface, QueryRunner } from 'typeorm';
import { APPEND_BATCH_PROCESSED as PREVIOUS_APPEND_BATCH_PROCESSED } from './1795900000000-ConsumerAppends';

/**
 * append_batch_processed in PL/pgSQL instead of SQL, with the same signature and answers. On Citus it
 * runs on the store's worker inside append_batch, where the statement of a SQL function with
 * parameters cannot be planned: every append carrying `consumer` failed there with 500 (found on a live
 * cluster, docs/citus.md). On plain PostgreSQL nothing changes but the language. API processes of the
 * previous version keep appending while it runs and after.
 *
 * Frozen text, like every migration; the canonical files are under src/event-log/sql/.
 */
export class ConsumerCheckInPlpgsql1796500000000 implements MigrationInterface {
  name = 'ConsumerCheckInPlpgsql1796500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(APPEND_BATCH_PROCESSED);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(PREVIOUS_APPEND_BATCH_PROCESSED);
  }
}

const APPEND_BATCH_PROCESSED = `
CREATE OR REPLACE FUNCTION append_batch_processed(p_event_store_id text, p_consumer_id text, p_position bigint)
RETURNS boolean LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN EXISTS (SELECT 1 FROM consumer_processed p
                  WHERE p.event_store_id = p_event_store_id AND p.consumer_id = p_consumer_id AND p.position = p_position)
      OR EXISTS (SELECT 1 FROM consumers c
                  WHERE c.event_store_id = p_event_store_id AND c.id = p_consumer_id AND c.checkpoint >= p_position
                    AND NOT EXISTS (SELECT 1 FROM consumer_events e
                                     WHERE e.event_store_id = p_event_store_id AND e.consumer_id = p_consumer_id AND e.position = p_position));
END
$$`;
