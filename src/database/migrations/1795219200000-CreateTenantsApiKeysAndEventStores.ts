import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateTenantsApiKeysAndEventStores1795219200000 implements MigrationInterface {
  name = 'CreateTenantsApiKeysAndEventStores1795219200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // created_at keeps microseconds (responses show milliseconds) because lists are ordered by it:
    // rows created within one millisecond must still list in creation order.
    await queryRunner.query(`
      CREATE TABLE tenants (
        id         text PRIMARY KEY,
        name       text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT tenants_name_uq UNIQUE (name)
      )`);

    // Keys are 32 random bytes, so a plain SHA-256 is enough to make a leaked table useless; a slow
    // password hash would only add latency to every request.
    await queryRunner.query(`
      CREATE TABLE api_keys (
        id           text PRIMARY KEY,
        tenant_id    text NOT NULL CONSTRAINT api_keys_tenant_fk REFERENCES tenants (id) ON DELETE CASCADE,
        name         text NOT NULL,
        scopes       text[] NOT NULL,
        prefix       text NOT NULL,
        key_hash     bytea NOT NULL,
        created_at   timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz(3),
        revoked_at   timestamptz(3),
        CONSTRAINT api_keys_key_hash_uq UNIQUE (key_hash),
        CONSTRAINT api_keys_scopes_ck CHECK (cardinality(scopes) > 0 AND scopes <@ ARRAY['read', 'write', 'admin'])
      )`);
    await queryRunner.query(`CREATE INDEX api_keys_tenant_created_idx ON api_keys (tenant_id, created_at, id)`);

    // last_position is the per-store counter that appends lock and advance (DECISIONS §2); the
    // total_* and *_event_at columns are statistics kept by the same statement, so reading a store's
    // statistics never scans its events.
    await queryRunner.query(`
      CREATE TABLE event_stores (
        id                    text PRIMARY KEY,
        tenant_id             text NOT NULL CONSTRAINT event_stores_tenant_fk REFERENCES tenants (id) ON DELETE CASCADE,
        name                  text NOT NULL,
        description           text NOT NULL DEFAULT '',
        region                text NOT NULL,
        status                text NOT NULL DEFAULT 'active',
        retention_period_days double precision CONSTRAINT event_stores_retention_ck CHECK (retention_period_days > 0),
        max_stream_size_bytes bigint CONSTRAINT event_stores_max_stream_size_ck CHECK (max_stream_size_bytes > 0),
        last_position         bigint NOT NULL DEFAULT 0,
        total_events          bigint NOT NULL DEFAULT 0,
        total_streams         bigint NOT NULL DEFAULT 0,
        total_size_bytes      bigint NOT NULL DEFAULT 0,
        oldest_event_at       timestamptz(3),
        newest_event_at       timestamptz(3),
        created_at            timestamptz NOT NULL DEFAULT now(),
        updated_at            timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT event_stores_tenant_name_uq UNIQUE (tenant_id, name)
      )`);
    await queryRunner.query(`CREATE INDEX event_stores_tenant_created_idx ON event_stores (tenant_id, created_at, id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE event_stores`);
    await queryRunner.query(`DROP TABLE api_keys`);
    await queryRunner.query(`DROP TABLE tenants`);
  }
}
