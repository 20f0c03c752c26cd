import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The retention sweep purges idempotency records past their 24 hours (DECISIONS §5) store by
 * store, in bounded batches; without this index each batch would scan the whole table. It leads
 * with event_store_id like the table's key (DECISIONS §10).
 */
export class IndexIdempotencyKeysByAge1795219700000 implements MigrationInterface {
  name = 'IndexIdempotencyKeysByAge1795219700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (event_store_id, created_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX idempotency_keys_created_idx`);
  }
}
