import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { parseEventFilter } from '../../common/event-filter';
import { typeCondition } from '../../streams/events-query';
import { EVENT_COLUMNS, EventRow } from '../../streams/stored-event';
import type { RetryPolicy } from '../commands/create-subscription.command';

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
  retryAt: Date | null;
  replayPosition: number | null;
}

export interface FailedAttempt {
  statusCode: number | null;
  error: string;
}

const LOAD = `
  SELECT s.*,
         (SELECT d.global_position FROM dead_letters d
           WHERE d.event_store_id = s.event_store_id AND d.subscription_id = s.id AND d.replay_requested_at IS NOT NULL
           ORDER BY d.replay_requested_at, d.global_position LIMIT 1) AS replay_position
    FROM subscriptions s
   WHERE s.event_store_id = $1 AND s.id = $2`;

// Work is due unless a retry waits for its time: events past the checkpoint, a retry, or a replay.
const DUE = `
  (s.retry_at IS NULL OR s.retry_at <= now())
  AND (s.checkpoint < st.last_position OR s.retry_position IS NOT NULL
       OR EXISTS (SELECT 1 FROM dead_letters d
                   WHERE d.event_store_id = s.event_store_id AND d.subscription_id = s.id AND d.replay_requested_at IS NOT NULL))`;

// A retry ends either way: the checkpoint moves past a stream event (never backwards: a replayed
// event lies behind it), and the retry columns are cleared.
const SETTLE = `checkpoint = GREATEST(checkpoint, $3), retry_position = NULL, retry_attempts = 0, retry_at = NULL,
  last_delivery_attempt = $4, updated_at = now()`;

/**
 * A subscription's delivery bookkeeping in PostgreSQL, the only truth about what was delivered
 * (DECISIONS §8). Every write is one statement, and each says whether the subscription still
 * exists: a deleted subscription stops its delivery at the next step.
 */
@Injectable()
export class DeliveryLedger {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async load(eventStoreId: string, subscriptionId: string): Promise<SubscriptionState | null> {
    const [row] = await this.dataSource.query(LOAD, [eventStoreId, subscriptionId]);
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
      retryAt: row.retry_at,
      replayPosition: row.replay_position === null ? null : Number(row.replay_position),
    };
  }

  /**
   * The next matching events after `after`, and the store's last position, from one snapshot:
   * positions are handed out in commit order, so every event up to that position is visible in it,
   * and a checkpoint may skip to it when fewer than `limit` events match.
   */
  async nextEvents(eventStoreId: string, eventFilter: string, after: number, limit: number): Promise<{ lastPosition: number; events: EventRow[] }> {
    const values: unknown[] = [eventStoreId, after, limit];
    const condition = typeCondition(parseEventFilter(eventFilter)!, (value) => `$${values.push(value)}`);
    const rows = await this.dataSource.query(
      `SELECT st.last_position AS store_last_position, e.*
         FROM event_stores st
         LEFT JOIN LATERAL (
           SELECT ${EVENT_COLUMNS} FROM events
            WHERE event_store_id = st.id AND global_position > $2 AND ${condition}
            ORDER BY global_position LIMIT $3
         ) e ON true
        WHERE st.id = $1`,
      values,
    );
    if (rows.length === 0) return { lastPosition: after, events: [] };
    return { lastPosition: Number(rows[0].store_last_position), events: rows.filter((row: EventRow) => row.global_position !== null) };
  }

  async eventAt(eventStoreId: string, position: number): Promise<EventRow | null> {
    const [row] = await this.dataSource.query(`SELECT ${EVENT_COLUMNS} FROM events WHERE event_store_id = $1 AND global_position = $2`, [
      eventStoreId,
      position,
    ]);
    return row ?? null;
  }

  /** Moves the checkpoint over events that do not match the filter. */
  async skipTo(subscription: SubscriptionState, position: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE subscriptions SET checkpoint = $3, updated_at = now()
        WHERE event_store_id = $1 AND id = $2 AND checkpoint < $3 AND retry_position IS NULL`,
      [subscription.eventStoreId, subscription.id, position],
    );
  }

  /** A 2xx: past a stream event the checkpoint moves; a replayed dead letter is removed. */
  async recordDelivered(subscription: SubscriptionState, position: number, attemptedAt: Date): Promise<boolean> {
    return this.updated(
      `WITH replayed AS (
         DELETE FROM dead_letters WHERE event_store_id = $1 AND subscription_id = $2 AND global_position = $3
       )
       UPDATE subscriptions SET ${SETTLE} WHERE event_store_id = $1 AND id = $2`,
      [subscription.eventStoreId, subscription.id, position, attemptedAt],
    );
  }

  async recordRetry(subscription: SubscriptionState, position: number, attempts: number, retryAt: Date, attemptedAt: Date): Promise<boolean> {
    return this.updated(
      `UPDATE subscriptions
          SET retry_position = $3, retry_attempts = $4, retry_at = $5, last_delivery_attempt = $6, updated_at = now()
        WHERE event_store_id = $1 AND id = $2`,
      [subscription.eventStoreId, subscription.id, position, attempts, retryAt, attemptedAt],
    );
  }

  /** The last attempt failed: a dead letter (a replayed one is updated), and the subscription moves on. */
  async recordDeadLetter(
    subscription: SubscriptionState,
    event: EventRow,
    attempts: number,
    failure: FailedAttempt,
    attemptedAt: Date,
    deadLetterId: string,
  ): Promise<boolean> {
    return this.updated(
      `WITH dead AS (
         INSERT INTO dead_letters AS d (event_store_id, id, subscription_id, global_position, event_id, attempts, last_status_code, last_error, failed_at)
         SELECT event_store_id, $5, id, $3, $6, $7, $8, $9, now() FROM subscriptions WHERE event_store_id = $1 AND id = $2
         ON CONFLICT (event_store_id, subscription_id, global_position) DO UPDATE
            SET attempts = EXCLUDED.attempts, last_status_code = EXCLUDED.last_status_code, last_error = EXCLUDED.last_error,
                failed_at = EXCLUDED.failed_at, replay_requested_at = NULL
       )
       UPDATE subscriptions SET ${SETTLE}, failed_deliveries = failed_deliveries + 1
        WHERE event_store_id = $1 AND id = $2`,
      [subscription.eventStoreId, subscription.id, Number(event.global_position), attemptedAt, deadLetterId, event.event_id, attempts, failure.statusCode, failure.error],
    );
  }

  /**
   * Retention deleted the event being retried or replayed, so it cannot be delivered: the checkpoint
   * moves past it, and a replayed dead letter stays, saying why.
   */
  async dropVanishedEvent(subscription: SubscriptionState, position: number): Promise<void> {
    await this.dataSource.query(
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

  async hasDueWork(eventStoreId: string, subscriptionId: string): Promise<boolean> {
    const rows = await this.dataSource.query(
      `SELECT 1 FROM subscriptions s JOIN event_stores st ON st.id = s.event_store_id
        WHERE s.event_store_id = $1 AND s.id = $2 AND ${DUE}`,
      [eventStoreId, subscriptionId],
    );
    return rows.length > 0;
  }

  /** Every subscription with work due, across stores, for the sweep. */
  async dueSubscriptions(): Promise<{ eventStoreId: string; subscriptionId: string; lastPosition: number }[]> {
    const rows = await this.dataSource.query(
      `SELECT s.event_store_id, s.id, st.last_position FROM subscriptions s JOIN event_stores st ON st.id = s.event_store_id WHERE ${DUE}`,
    );
    return rows.map((row: { event_store_id: string; id: string; last_position: string }) => ({
      eventStoreId: row.event_store_id,
      subscriptionId: row.id,
      lastPosition: Number(row.last_position),
    }));
  }

  /** The store's subscriptions whose checkpoint is behind `position`, for an append's fan-out. */
  async subscriptionsBehind(eventStoreId: string, position: number): Promise<string[]> {
    const rows = await this.dataSource.query(`SELECT id FROM subscriptions WHERE event_store_id = $1 AND checkpoint < $2`, [eventStoreId, position]);
    return rows.map((row: { id: string }) => row.id);
  }

  /** Runs an UPDATE and says whether it found the subscription (TypeORM answers UPDATE with [rows, count]). */
  private async updated(sql: string, values: unknown[]): Promise<boolean> {
    const [, affected] = await this.dataSource.query(sql, values);
    return affected > 0;
  }
}
