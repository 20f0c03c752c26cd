import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DeadLetterEntity } from '../entities/dead-letter.entity';
import type { RetryPolicy } from '../retry-policy';

/** What the delivery needs of a subscription row, plus its oldest pending replay. */
export interface SubscriptionState {
  eventStoreId: string;
  id: string;
  eventFilter: string;
  url: string;
  headers: Record<string, string>;
  secret: string;
  retryPolicy: RetryPolicy;
  checkpoint: number;
  retryPosition: number | null;
  retryAttempts: number;
  /** Milliseconds until the pending retry is due, by the database's clock (0 when due or none). */
  retryWaitMs: number;
  replayPosition: number | null;
}

export interface FailedAttempt {
  statusCode: number | null;
  error: string;
}

const LOAD = `
  SELECT s.*,
         GREATEST(0, ceil(extract(epoch FROM s.retry_at - now()) * 1000))::int AS retry_wait_ms,
         (SELECT d.global_position FROM dead_letters d
           WHERE d.event_store_id = $1 AND d.subscription_id = s.id AND d.replay_requested_at IS NOT NULL
           ORDER BY d.replay_requested_at, d.global_position LIMIT 1) AS replay_position
    FROM subscriptions s
   WHERE s.event_store_id = $1 AND s.id = $2`;

// Work is due unless a retry waits for its time: events past the checkpoint, a retry, or a replay.
const DUE = `
  (s.retry_at IS NULL OR s.retry_at <= now())
  AND (s.checkpoint < st.last_position OR s.retry_position IS NOT NULL
       OR EXISTS (SELECT 1 FROM dead_letters d
                   WHERE d.event_store_id = s.event_store_id AND d.subscription_id = s.id AND d.replay_requested_at IS NOT NULL))`;

// An attempt's end either way: the checkpoint moves past a stream event (never backwards: a replayed
// event lies behind it), and any retry state is cleared.
const SETTLE = `checkpoint = GREATEST(checkpoint, $3), retry_position = NULL, retry_attempts = 0, retry_at = NULL,
  last_delivery_attempt = $4, updated_at = now()`;

/**
 * Delivery state in PostgreSQL, the only truth about what was delivered (DECISIONS §8): the
 * delivery columns of `subscriptions` (checkpoint, retry state, last attempt, failed deliveries)
 * and the `dead_letters` table. One class for both because the delivery writes them together, in
 * one statement each. Raw SQL: the worker runs it for every event it delivers. The delivery passes
 * the connection that holds the subscription's lock, so a lost lock connection fails the next
 * statement before another request goes out; those writes returning a boolean say whether the
 * subscription still exists. The subscription rows themselves are SubscriptionRepository's.
 */
@Injectable()
export class DeliveryStateRepository {
  async load(db: EntityManager, eventStoreId: string, subscriptionId: string): Promise<SubscriptionState | null> {
    const [row] = await db.query(LOAD, [eventStoreId, subscriptionId]);
    if (!row) return null;
    return {
      eventStoreId,
      id: subscriptionId,
      eventFilter: row.event_filter,
      url: row.url,
      headers: row.headers,
      secret: row.secret,
      retryPolicy: { maxRetries: row.max_retries, backoffMultiplier: row.backoff_multiplier, initialBackoffMs: row.initial_backoff_ms },
      checkpoint: Number(row.checkpoint),
      retryPosition: row.retry_position === null ? null : Number(row.retry_position),
      retryAttempts: row.retry_attempts,
      retryWaitMs: row.retry_wait_ms,
      replayPosition: row.replay_position === null ? null : Number(row.replay_position),
    };
  }

  /** Moves the checkpoint over events that do not match the filter. */
  async skipTo(db: EntityManager, subscription: SubscriptionState, position: number): Promise<void> {
    await db.query(
      `UPDATE subscriptions SET checkpoint = $3, updated_at = now()
        WHERE event_store_id = $1 AND id = $2 AND checkpoint < $3 AND retry_position IS NULL`,
      [subscription.eventStoreId, subscription.id, position],
    );
  }

  /** A 2xx: past a stream event the checkpoint moves; a replayed dead letter is removed. */
  async recordDelivered(db: EntityManager, subscription: SubscriptionState, position: number, attemptedAt: Date): Promise<boolean> {
    return this.updated(
      db,
      `WITH replayed AS (
         DELETE FROM dead_letters WHERE event_store_id = $1 AND subscription_id = $2 AND global_position = $3
       )
       UPDATE subscriptions SET ${SETTLE} WHERE event_store_id = $1 AND id = $2`,
      [subscription.eventStoreId, subscription.id, position, attemptedAt],
    );
  }

  /** `retry_at` is set by the database's clock, the one `load` and the sweep compare it with. */
  async recordRetry(
    db: EntityManager,
    subscription: SubscriptionState,
    position: number,
    attempts: number,
    delayMs: number,
    attemptedAt: Date,
  ): Promise<boolean> {
    return this.updated(
      db,
      `UPDATE subscriptions
          SET retry_position = $3, retry_attempts = $4, retry_at = now() + $5 * interval '1 millisecond',
              last_delivery_attempt = $6, updated_at = now()
        WHERE event_store_id = $1 AND id = $2`,
      [subscription.eventStoreId, subscription.id, position, attempts, delayMs, attemptedAt],
    );
  }

  /** The last attempt failed: a dead letter (a replayed one is updated), and the subscription moves on. */
  async recordDeadLetter(
    db: EntityManager,
    subscription: SubscriptionState,
    event: { globalPosition: number; eventId: string },
    attempts: number,
    failure: FailedAttempt,
    attemptedAt: Date,
    deadLetterId: string,
  ): Promise<boolean> {
    return this.updated(
      db,
      `WITH dead AS (
         INSERT INTO dead_letters AS d (event_store_id, id, subscription_id, global_position, event_id, attempts, last_status_code, last_error, failed_at)
         SELECT event_store_id, $5, id, $3, $6, $7, $8, $9, now() FROM subscriptions WHERE event_store_id = $1 AND id = $2
         ON CONFLICT (event_store_id, subscription_id, global_position) DO UPDATE
            SET attempts = EXCLUDED.attempts, last_status_code = EXCLUDED.last_status_code, last_error = EXCLUDED.last_error,
                failed_at = EXCLUDED.failed_at, replay_requested_at = NULL
       )
       UPDATE subscriptions SET ${SETTLE}, failed_deliveries = failed_deliveries + 1
        WHERE event_store_id = $1 AND id = $2`,
      [
        subscription.eventStoreId,
        subscription.id,
        event.globalPosition,
        attemptedAt,
        deadLetterId,
        event.eventId,
        attempts,
        failure.statusCode,
        failure.error,
      ],
    );
  }

  /**
   * Retention deleted the event being retried or replayed, so it cannot be delivered: the checkpoint
   * moves past it, and a replayed dead letter stays, saying why.
   */
  async dropVanishedEvent(db: EntityManager, subscription: SubscriptionState, position: number): Promise<void> {
    await db.query(
      `WITH dropped AS (
         UPDATE dead_letters SET replay_requested_at = NULL, last_error = 'The event is no longer stored (retention)', failed_at = now()
          WHERE event_store_id = $1 AND subscription_id = $2 AND global_position = $3
       )
       UPDATE subscriptions SET checkpoint = GREATEST(checkpoint, $3), retry_position = NULL, retry_attempts = 0, retry_at = NULL,
              updated_at = now()
        WHERE event_store_id = $1 AND id = $2`,
      [subscription.eventStoreId, subscription.id, position],
    );
  }

  async hasDueWork(db: EntityManager, eventStoreId: string, subscriptionId: string): Promise<boolean> {
    const rows = await db.query(
      `SELECT 1 FROM subscriptions s JOIN event_stores st ON st.id = s.event_store_id
        WHERE s.event_store_id = $1 AND st.id = $1 AND s.id = $2 AND ${DUE}`,
      [eventStoreId, subscriptionId],
    );
    return rows.length > 0;
  }

  /** Every subscription with work due, across stores, for the sweep. */
  async dueSubscriptions(db: EntityManager): Promise<{ eventStoreId: string; subscriptionId: string; lastPosition: number }[]> {
    const rows = await db.query(
      `SELECT s.event_store_id, s.id, st.last_position FROM subscriptions s JOIN event_stores st ON st.id = s.event_store_id WHERE ${DUE}`,
    );
    return rows.map((row: { event_store_id: string; id: string; last_position: string }) => ({
      eventStoreId: row.event_store_id,
      subscriptionId: row.id,
      lastPosition: Number(row.last_position),
    }));
  }

  /** The store's subscriptions whose checkpoint is behind `position`, for an append's fan-out. */
  async subscriptionsBehind(db: EntityManager, eventStoreId: string, position: number): Promise<string[]> {
    const rows = await db.query(`SELECT id FROM subscriptions WHERE event_store_id = $1 AND checkpoint < $2`, [eventStoreId, position]);
    return rows.map((row: { id: string }) => row.id);
  }

  /** A subscription's dead letters, in event order. */
  listDeadLetters(db: EntityManager, eventStoreId: string, subscriptionId: string): Promise<DeadLetterEntity[]> {
    return db.find(DeadLetterEntity, { where: { eventStoreId, subscriptionId }, order: { globalPosition: 'ASC' } });
  }

  /**
   * Marks a dead letter for replay; a second request keeps its place in line. False when there is no
   * such dead letter. The time is passed as a value: Citus refuses now() inside COALESCE in a write.
   */
  async requestReplay(db: EntityManager, eventStoreId: string, subscriptionId: string, deadLetterId: string): Promise<boolean> {
    return this.updated(
      db,
      `UPDATE dead_letters SET replay_requested_at = COALESCE(replay_requested_at, $4)
        WHERE event_store_id = $1 AND subscription_id = $2 AND id = $3`,
      [eventStoreId, subscriptionId, deadLetterId, new Date()],
    );
  }

  /** Marks every dead letter of the subscription not yet marked for replay (they go in position order); how many it marked. */
  async requestReplayOfAll(db: EntityManager, eventStoreId: string, subscriptionId: string): Promise<number> {
    const [, affected] = await db.query(
      `UPDATE dead_letters SET replay_requested_at = now()
        WHERE event_store_id = $1 AND subscription_id = $2 AND replay_requested_at IS NULL`,
      [eventStoreId, subscriptionId],
    );
    return affected;
  }

  /** Largest (store last position − checkpoint) over all webhook subscriptions. */
  largestLag(db: EntityManager): Promise<number> {
    return this.number(
      db,
      `SELECT COALESCE(max(st.last_position - s.checkpoint), 0) AS value FROM subscriptions s JOIN event_stores st ON st.id = s.event_store_id`,
    );
  }

  /** Webhook subscriptions whose checkpoint is behind their store's last position. */
  laggingCount(db: EntityManager): Promise<number> {
    return this.number(
      db,
      `SELECT count(*) AS value FROM subscriptions s JOIN event_stores st ON st.id = s.event_store_id WHERE s.checkpoint < st.last_position`,
    );
  }

  /** Dead letters stored, across stores. */
  deadLetterCount(db: EntityManager): Promise<number> {
    return this.number(db, `SELECT count(*) AS value FROM dead_letters`);
  }

  private async number(db: EntityManager, sql: string): Promise<number> {
    const [row] = await db.query(sql);
    return Number(row.value);
  }

  /** Runs an UPDATE and says whether it found the subscription (TypeORM answers UPDATE with [rows, count]). */
  private async updated(db: EntityManager, sql: string, values: unknown[]): Promise<boolean> {
    const [, affected] = await db.query(sql, values);
    return affected > 0;
  }
}
