import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ADVISORY_LOCKS, lockForTransaction } from '../database/advisory-locks';
import { CONSUMER_CONNECTION_TTL_MS } from './consumer.constants';

/** A consumer as its row holds it. */
export interface ConsumerRecord {
  eventStoreId: string;
  id: string;
  name: string;
  eventFilter: string;
  ackTimeoutMs: number;
  maxDeliveries: number;
  checkpoint: number;
  scannedTo: number;
  createdAt: Date;
}

/** A consumer with what GET shows of its state. */
export interface ConsumerSummary extends ConsumerRecord {
  lastPosition: number;
  inFlight: number;
  parked: number;
  connectedClients: number;
}

/** A consumer with one of the largest lags, for the metrics. */
export interface LaggingConsumer {
  store: string;
  consumer: string;
  lag: number;
  parked: number;
}

/** What the consumer gauges show: the largest lags, and totals over every consumer of every store. */
export interface ConsumerMetricsSnapshot {
  top: LaggingConsumer[];
  lagSum: number;
  parkedSum: number;
  count: number;
}

export interface ParkedEventRecord {
  position: number;
  streamId: string | null;
  type: string | null;
  deliveries: number;
  parkedAt: Date;
  lastError: string | null;
}

type Row = Record<string, unknown>;

/** The rows an UPDATE or DELETE … RETURNING gave back (TypeORM answers those with `[rows, rowCount]`). */
export async function changedRows(manager: EntityManager, sql: string, parameters: unknown[]): Promise<Row[]> {
  const [rows] = await manager.query<[Row[], number]>(sql, parameters);
  return rows;
}

/** Clients count as attached while their instance confirms them (ConsumerDispatcher), so a crashed instance's clients drop out. */
export const LIVE_CONNECTION = `seen_at > now() - interval '${CONSUMER_CONNECTION_TTL_MS} milliseconds'`;

const SUMMARY_COLUMNS = `c.*, st.last_position,
  (SELECT count(*) FROM consumer_events e WHERE e.event_store_id = c.event_store_id AND e.consumer_id = c.id AND e.state = 'in_flight')::int AS in_flight,
  (SELECT count(*) FROM consumer_events e WHERE e.event_store_id = c.event_store_id AND e.consumer_id = c.id AND e.state = 'parked')::int AS parked,
  (SELECT count(*) FROM consumer_connections k WHERE k.event_store_id = c.event_store_id AND k.consumer_id = c.id AND k.${LIVE_CONNECTION})::int
    AS connected_clients`;

export function toConsumerRecord(row: Row): ConsumerRecord {
  return {
    eventStoreId: row.event_store_id as string,
    id: row.id as string,
    name: row.name as string,
    eventFilter: row.event_filter as string,
    ackTimeoutMs: Number(row.ack_timeout_ms),
    maxDeliveries: Number(row.max_deliveries),
    checkpoint: Number(row.checkpoint),
    scannedTo: Number(row.scanned_to),
    createdAt: row.created_at as Date,
  };
}

function toSummary(row: Row): ConsumerSummary {
  return {
    ...toConsumerRecord(row),
    lastPosition: Number(row.last_position),
    inFlight: row.in_flight as number,
    parked: row.parked as number,
    connectedClients: row.connected_clients as number,
  };
}

/**
 * The `consumers` table and what its endpoints show of the others. Each method runs on the
 * EntityManager it is given: the tenant's database (TenantDatabase.for) or the caller's transaction.
 * The lease work on consumer_events is ConsumerLeases'.
 */
@Injectable()
export class ConsumerRepository {
  /** The consumer's row, locked until the transaction ends: claims, acks, releases and moves of one consumer take turns on it. */
  async lock(manager: EntityManager, eventStoreId: string, name: string): Promise<ConsumerRecord | null> {
    const [row] = await manager.query(`SELECT * FROM consumers WHERE event_store_id = $1 AND name = $2 FOR NO KEY UPDATE`, [
      eventStoreId,
      name,
    ]);
    return row ? toConsumerRecord(row) : null;
  }

  async lockById(manager: EntityManager, eventStoreId: string, consumerId: string): Promise<ConsumerRecord | null> {
    const [row] = await manager.query(`SELECT * FROM consumers WHERE event_store_id = $1 AND id = $2 FOR NO KEY UPDATE`, [
      eventStoreId,
      consumerId,
    ]);
    return row ? toConsumerRecord(row) : null;
  }

  async find(manager: EntityManager, eventStoreId: string, name: string): Promise<ConsumerRecord | null> {
    const [row] = await manager.query(`SELECT * FROM consumers WHERE event_store_id = $1 AND name = $2`, [eventStoreId, name]);
    return row ? toConsumerRecord(row) : null;
  }

  /** Holds back other creates in the store (the count against CONSUMERS_MAX_PER_STORE) until the transaction ends. */
  async lockStoreForCreate(manager: EntityManager, eventStoreId: string): Promise<void> {
    await lockForTransaction(manager, ADVISORY_LOCKS.consumerCreates(eventStoreId));
  }

  async countInStore(manager: EntityManager, eventStoreId: string): Promise<number> {
    const [{ count }] = await manager.query(`SELECT count(*)::int AS count FROM consumers WHERE event_store_id = $1`, [eventStoreId]);
    return count;
  }

  /** False when the name is taken (the unique key decides, not a read before). */
  async insert(manager: EntityManager, consumer: Omit<ConsumerRecord, 'scannedTo' | 'createdAt'>): Promise<boolean> {
    const rows = await manager.query(
      `INSERT INTO consumers (event_store_id, id, name, event_filter, ack_timeout_ms, max_deliveries, checkpoint, scanned_to)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
       ON CONFLICT (event_store_id, name) DO NOTHING
       RETURNING id`,
      [
        consumer.eventStoreId,
        consumer.id,
        consumer.name,
        consumer.eventFilter,
        consumer.ackTimeoutMs,
        consumer.maxDeliveries,
        consumer.checkpoint,
      ],
    );
    return rows.length === 1;
  }

  async summary(manager: EntityManager, eventStoreId: string, name: string): Promise<ConsumerSummary | null> {
    const [row] = await manager.query(
      `SELECT ${SUMMARY_COLUMNS} FROM consumers c JOIN event_stores st ON st.id = $1 WHERE c.event_store_id = $1 AND c.name = $2`,
      [eventStoreId, name],
    );
    return row ? toSummary(row) : null;
  }

  /** Oldest first. */
  async list(
    manager: EntityManager,
    eventStoreId: string,
    limit: number,
    offset: number,
  ): Promise<{ items: ConsumerSummary[]; totalCount: number }> {
    const rows: Row[] = await manager.query(
      `SELECT ${SUMMARY_COLUMNS}, count(*) OVER () AS total_count
         FROM consumers c JOIN event_stores st ON st.id = $1
        WHERE c.event_store_id = $1
        ORDER BY c.created_at, c.id
        LIMIT $2 OFFSET $3`,
      [eventStoreId, limit, offset],
    );
    const totalCount = rows.length > 0 ? Number(rows[0].total_count) : await this.countInStore(manager, eventStoreId);
    return { items: rows.map(toSummary), totalCount };
  }

  /** Its events, processed records and connections go with it (ON DELETE CASCADE). */
  async delete(manager: EntityManager, eventStoreId: string, name: string): Promise<ConsumerRecord | null> {
    const [row] = await changedRows(manager, `DELETE FROM consumers WHERE event_store_id = $1 AND name = $2 RETURNING *`, [
      eventStoreId,
      name,
    ]);
    return row ? toConsumerRecord(row) : null;
  }

  async liveConnections(manager: EntityManager, consumer: ConsumerRecord): Promise<number> {
    const [{ count }] = await manager.query(
      `SELECT count(*)::int AS count FROM consumer_connections WHERE event_store_id = $1 AND consumer_id = $2 AND ${LIVE_CONNECTION}`,
      [consumer.eventStoreId, consumer.id],
    );
    return count;
  }

  /**
   * Moves the checkpoint by hand: the window, in-flight and parked records go; processed records
   * above the new position are forgotten only when it moves back (they are to be processed again).
   */
  async moveCheckpoint(manager: EntityManager, consumer: ConsumerRecord, position: number): Promise<void> {
    const key = [consumer.eventStoreId, consumer.id];
    await manager.query(`DELETE FROM consumer_events WHERE event_store_id = $1 AND consumer_id = $2`, key);
    if (position < consumer.checkpoint) {
      await manager.query(`DELETE FROM consumer_processed WHERE event_store_id = $1 AND consumer_id = $2 AND position > $3`, [
        ...key,
        position,
      ]);
    }
    await manager.query(`UPDATE consumers SET checkpoint = $3, scanned_to = $3, updated_at = now() WHERE event_store_id = $1 AND id = $2`, [
      ...key,
      position,
    ]);
  }

  /** Parked events in position order, with their events' type and stream (null once retention deleted the event). */
  async listParked(manager: EntityManager, consumer: ConsumerRecord): Promise<ParkedEventRecord[]> {
    const rows: Row[] = await manager.query(
      `SELECT ce.position, ce.deliveries, ce.parked_at, ce.last_error, ev.stream_id, ev.type
         FROM consumer_events ce
         LEFT JOIN events ev ON ev.event_store_id = ce.event_store_id AND ev.global_position = ce.position
        WHERE ce.event_store_id = $1 AND ce.consumer_id = $2 AND ce.state = 'parked'
        ORDER BY ce.position`,
      [consumer.eventStoreId, consumer.id],
    );
    return rows.map((row) => ({
      position: Number(row.position),
      streamId: (row.stream_id as string | null) ?? null,
      type: (row.type as string | null) ?? null,
      deliveries: Number(row.deliveries),
      parkedAt: row.parked_at as Date,
      lastError: (row.last_error as string | null) ?? null,
    }));
  }

  /** A parked event becomes pending again, with a fresh count of deliveries; false when none is parked there. */
  async replayParked(manager: EntityManager, consumer: ConsumerRecord, position: number): Promise<boolean> {
    const rows = await changedRows(
      manager,
      `UPDATE consumer_events SET state = 'pending', deliveries = 0, parked_at = NULL, last_error = NULL
        WHERE event_store_id = $1 AND consumer_id = $2 AND position = $3 AND state = 'parked' RETURNING position`,
      [consumer.eventStoreId, consumer.id, position],
    );
    return rows.length === 1;
  }

  /** A parked event is skipped: done, like an ack. */
  async skipParked(manager: EntityManager, consumer: ConsumerRecord, position: number): Promise<boolean> {
    const rows = await changedRows(
      manager,
      `DELETE FROM consumer_events WHERE event_store_id = $1 AND consumer_id = $2 AND position = $3 AND state = 'parked' RETURNING position`,
      [consumer.eventStoreId, consumer.id, position],
    );
    return rows.length === 1;
  }

  /** The `top` consumers by lag, and totals over every consumer (ConsumerMetrics). */
  async metricsSnapshot(manager: EntityManager, top: number): Promise<ConsumerMetricsSnapshot> {
    const rows: { store: string; consumer: string; lag: string; parked: string }[] = await manager.query(
      `SELECT c.event_store_id AS store, c.name AS consumer, GREATEST(st.last_position - c.checkpoint, 0) AS lag,
              (SELECT count(*) FROM consumer_events e WHERE e.event_store_id = c.event_store_id AND e.consumer_id = c.id AND e.state = 'parked') AS parked
         FROM consumers c JOIN event_stores st ON st.id = c.event_store_id
        ORDER BY lag DESC, c.event_store_id, c.name
        LIMIT $1`,
      [top],
    );
    const [totals] = await manager.query(
      `SELECT (SELECT count(*) FROM consumers) AS count,
              (SELECT COALESCE(sum(GREATEST(st.last_position - c.checkpoint, 0)), 0) FROM consumers c JOIN event_stores st ON st.id = c.event_store_id) AS lag_sum,
              (SELECT count(*) FROM consumer_events WHERE state = 'parked') AS parked_sum`,
    );
    return {
      top: rows.map((row) => ({ store: row.store, consumer: row.consumer, lag: Number(row.lag), parked: Number(row.parked) })),
      lagSum: Number(totals.lag_sum),
      parkedSum: Number(totals.parked_sum),
      count: Number(totals.count),
    };
  }
}
