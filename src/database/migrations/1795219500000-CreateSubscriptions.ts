import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhook subscriptions and their dead letters. A subscription row is the delivery's source of truth
 * (DECISIONS §8): its checkpoint says which events were handled, and the retry columns say which
 * event is being retried, how often it failed and when it may be tried again. Redis only holds
 * wake-ups. Both tables lead their keys with event_store_id (DECISIONS §10).
 */
export class CreateSubscriptions1795219500000 implements MigrationInterface {
  name = 'CreateSubscriptions1795219500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The secret is kept as given: signing needs it (Standard Webhooks uses HMAC, not a public key).
    await queryRunner.query(`
      CREATE TABLE subscriptions (
        event_store_id        text NOT NULL CONSTRAINT subscriptions_event_store_fk REFERENCES event_stores (id) ON DELETE CASCADE,
        id                    text NOT NULL,
        event_filter          text NOT NULL,
        subscriber_type       text NOT NULL,
        url                   text NOT NULL,
        headers               jsonb NOT NULL,
        secret                text NOT NULL,
        max_retries           integer NOT NULL,
        backoff_multiplier    double precision NOT NULL,
        initial_backoff_ms    integer NOT NULL,
        status                text NOT NULL DEFAULT 'active',
        checkpoint            bigint NOT NULL,
        failed_deliveries     integer NOT NULL DEFAULT 0,
        last_delivery_attempt timestamptz(3),
        retry_position        bigint,
        retry_attempts        integer NOT NULL DEFAULT 0,
        retry_at              timestamptz(3),
        created_at            timestamptz NOT NULL DEFAULT now(),
        updated_at            timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT subscriptions_pk PRIMARY KEY (event_store_id, id)
      )`);
    await queryRunner.query(`CREATE INDEX subscriptions_created_idx ON subscriptions (event_store_id, created_at, id)`);

    // replay_requested_at set: the dead letter waits for its turn in the subscription's delivery.
    await queryRunner.query(`
      CREATE TABLE dead_letters (
        event_store_id      text NOT NULL,
        id                  text NOT NULL,
        subscription_id     text NOT NULL,
        global_position     bigint NOT NULL,
        event_id            uuid NOT NULL,
        attempts            integer NOT NULL,
        last_status_code    integer,
        last_error          text NOT NULL,
        failed_at           timestamptz(3) NOT NULL,
        replay_requested_at timestamptz(3),
        CONSTRAINT dead_letters_pk PRIMARY KEY (event_store_id, id),
        CONSTRAINT dead_letters_position_uq UNIQUE (event_store_id, subscription_id, global_position),
        CONSTRAINT dead_letters_subscription_fk FOREIGN KEY (event_store_id, subscription_id)
          REFERENCES subscriptions (event_store_id, id) ON DELETE CASCADE
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE dead_letters`);
    await queryRunner.query(`DROP TABLE subscriptions`);
  }
}
