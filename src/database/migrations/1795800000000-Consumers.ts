import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Durable consumers (docs/consumers.md). Every table is keyed by store first, so Citus distributes
 * them by store, colocated with the events they point at (docs/citus.md).
 *
 * - consumers: the resource, its settings, `checkpoint` (every matching event at or below it is done)
 *   and `scanned_to` (every matching event up to it has a consumer_events row, or is done).
 * - consumer_events: the window of matching events past the checkpoint that are not done yet, and the
 *   parked ones: `pending`, `in_flight` (leased to one connection until `lease_until`) or `parked`.
 *   Acked and skipped events leave the table. `ordering_key` is the event's stream (`__dcb__` for
 *   DCB events): at most one event per key is in flight.
 * - consumer_processed: positions recorded by appends carrying `consumer` (exactly-once processing).
 * - consumer_connections: the clients attached now, on any API instance, refreshed while attached.
 */
export class Consumers1795800000000 implements MigrationInterface {
  name = 'Consumers1795800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE consumers (
        event_store_id text NOT NULL CONSTRAINT consumers_event_store_fk REFERENCES event_stores (id) ON DELETE CASCADE,
        id             text NOT NULL,
        name           text NOT NULL,
        event_filter   text NOT NULL,
        ack_timeout_ms integer NOT NULL,
        max_deliveries integer NOT NULL,
        checkpoint     bigint NOT NULL,
        scanned_to     bigint NOT NULL,
        created_at     timestamptz NOT NULL DEFAULT now(),
        updated_at     timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT consumers_pk PRIMARY KEY (event_store_id, id),
        CONSTRAINT consumers_name_uq UNIQUE (event_store_id, name)
      )`);
    await queryRunner.query(`
      CREATE TABLE consumer_events (
        event_store_id text NOT NULL,
        consumer_id    text NOT NULL,
        position       bigint NOT NULL,
        ordering_key   text NOT NULL,
        state          text NOT NULL CONSTRAINT consumer_events_state_ck CHECK (state IN ('pending', 'in_flight', 'parked')),
        connection_id  text,
        client_id      text,
        deliveries     integer NOT NULL DEFAULT 0,
        lease_until    timestamptz,
        parked_at      timestamptz,
        last_error     text,
        CONSTRAINT consumer_events_pk PRIMARY KEY (event_store_id, consumer_id, position),
        CONSTRAINT consumer_events_consumer_fk FOREIGN KEY (event_store_id, consumer_id)
          REFERENCES consumers (event_store_id, id) ON DELETE CASCADE
      )`);
    await queryRunner.query(
      `CREATE INDEX consumer_events_connection_idx ON consumer_events (event_store_id, consumer_id, connection_id) WHERE state = 'in_flight'`,
    );
    await queryRunner.query(`
      CREATE TABLE consumer_processed (
        event_store_id text NOT NULL,
        consumer_id    text NOT NULL,
        position       bigint NOT NULL,
        CONSTRAINT consumer_processed_pk PRIMARY KEY (event_store_id, consumer_id, position),
        CONSTRAINT consumer_processed_consumer_fk FOREIGN KEY (event_store_id, consumer_id)
          REFERENCES consumers (event_store_id, id) ON DELETE CASCADE
      )`);
    await queryRunner.query(`
      CREATE TABLE consumer_connections (
        event_store_id text NOT NULL,
        consumer_id    text NOT NULL,
        connection_id  text NOT NULL,
        client_id      text NOT NULL,
        transport      text NOT NULL,
        connected_at   timestamptz NOT NULL DEFAULT now(),
        seen_at        timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT consumer_connections_pk PRIMARY KEY (event_store_id, consumer_id, connection_id),
        CONSTRAINT consumer_connections_consumer_fk FOREIGN KEY (event_store_id, consumer_id)
          REFERENCES consumers (event_store_id, id) ON DELETE CASCADE
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE consumer_connections, consumer_processed, consumer_events, consumers`);
  }
}
