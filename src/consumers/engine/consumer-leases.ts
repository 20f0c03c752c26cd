import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { parseEventFilter } from '../../common/event-filter';
import { typeCondition } from '../../event-log/read/events-query';
import { EventShape, eventJsonSql } from '../../event-log/read/stored-event';
import { CONSUMER_WINDOW } from '../consumer.constants';
import { changedRows, ConsumerRecord, LIVE_CONNECTION } from '../consumer.repository';

/** An event leased to a client: its position, which delivery this is, and its JSON in the shape the client's transport sends. */
export interface LeasedEvent {
  position: number;
  delivery: number;
  json: string;
}

/** Which of a consumer's leases an ack settles. */
export interface AckSelection {
  positions?: number[];
  upTo?: number;
  /** Only leases of this connection (a WebSocket's acks), or, once handed back, last held by `clientId`. */
  connectionId?: string;
  clientId?: string;
}

type Key = [eventStoreId: string, consumerId: string];
const key = (consumer: ConsumerRecord): Key => [consumer.eventStoreId, consumer.id];

/**
 * The lease work on consumer_events. Every method runs in the caller's transaction, which holds the
 * consumer's row lock (ConsumerRepository.lock): claims, acks, releases and expiries of one consumer
 * take turns, on any instance, so "at most one event of a stream in flight" is decided on state nobody
 * changes meanwhile.
 */
@Injectable()
export class ConsumerLeases {
  /**
   * Leases that ran out, and leases of connections no instance confirms any more (a crashed
   * instance's), go back to pending; those delivered maxDeliveries times are parked instead.
   */
  async expire(manager: EntityManager, consumer: ConsumerRecord): Promise<void> {
    const lapsed = `state = 'in_flight' AND (lease_until < now() OR connection_id NOT IN (
      SELECT connection_id FROM consumer_connections WHERE event_store_id = $1 AND consumer_id = $2 AND ${LIVE_CONNECTION}))`;
    await this.handBack(manager, consumer, lapsed, [], 'not acked within ackTimeoutMs');
  }

  /** The connection's leases go back to pending (or parked, as in expire): it is gone. Its client keeps its claim for a resume. */
  async release(manager: EntityManager, consumer: ConsumerRecord, connectionId: string): Promise<number> {
    return this.handBack(manager, consumer, `state = 'in_flight' AND connection_id = $4`, [connectionId], 'client left without acking');
  }

  /**
   * Parks the leases matching `condition` that used up maxDeliveries, and makes the others pending.
   * Two statements rather than a CASE: the clock is never read inside a conditional write (docs/citus.md).
   */
  private async handBack(
    manager: EntityManager,
    consumer: ConsumerRecord,
    condition: string,
    parameters: unknown[],
    why: string,
  ): Promise<number> {
    const values = [...key(consumer), consumer.maxDeliveries, ...parameters];
    const parked = await changedRows(
      manager,
      `UPDATE consumer_events
          SET state = 'parked', parked_at = now(), last_error = '${why} after ' || deliveries || ' deliveries',
              connection_id = NULL, lease_until = NULL
        WHERE event_store_id = $1 AND consumer_id = $2 AND deliveries >= $3 AND ${condition}
        RETURNING position`,
      values,
    );
    const pending = await changedRows(
      manager,
      `UPDATE consumer_events SET state = 'pending', connection_id = NULL, lease_until = NULL
        WHERE event_store_id = $1 AND consumer_id = $2 AND deliveries < $3 AND ${condition}
        RETURNING position`,
      values,
    );
    return parked.length + pending.length;
  }

  /**
   * Fills the window: rows for the next matching events after `scanned_to`, while fewer than
   * CONSUMER_WINDOW are open. The page and the store's last position come from one snapshot, and
   * positions are handed out in commit order, so nothing up to the new `scanned_to` can appear later.
   */
  async scan(manager: EntityManager, consumer: ConsumerRecord): Promise<void> {
    const [{ open }] = await manager.query(
      `SELECT count(*)::int AS open FROM consumer_events WHERE event_store_id = $1 AND consumer_id = $2 AND state <> 'parked'`,
      key(consumer),
    );
    const room = CONSUMER_WINDOW - open;
    if (room <= 0) return;
    const filter = parseEventFilter(consumer.eventFilter) ?? { kind: 'all' as const };
    const values: unknown[] = [consumer.eventStoreId, consumer.scannedTo, room];
    const condition = typeCondition(filter, (value) => `$${values.push(value)}`);
    const [row] = await manager.query(
      `SELECT st.last_position, page.positions, page.streams
         FROM event_stores st
        CROSS JOIN LATERAL (
          SELECT COALESCE(array_agg(global_position ORDER BY global_position), '{}') AS positions,
                 COALESCE(array_agg(stream_id ORDER BY global_position), '{}') AS streams
            FROM (SELECT global_position, stream_id FROM events
                   WHERE event_store_id = $1 AND global_position > $2 AND ${condition}
                   ORDER BY global_position LIMIT $3::int + 1) matching) page
        WHERE st.id = $1`,
      values,
    );
    if (!row) return;
    const positions = (row.positions as string[]).map(Number);
    const streams = row.streams as string[];
    const full = positions.length > room;
    const taken = positions.slice(0, room);
    const scannedTo = full ? taken[taken.length - 1] : Math.max(consumer.scannedTo, Number(row.last_position));
    if (taken.length > 0) {
      await manager.query(
        `INSERT INTO consumer_events (event_store_id, consumer_id, position, ordering_key, state)
         SELECT $1, $2, p, s, 'pending' FROM unnest($3::bigint[], $4::text[]) AS t(p, s)
         ON CONFLICT DO NOTHING`,
        [...key(consumer), taken, streams.slice(0, room)],
      );
    }
    if (scannedTo !== consumer.scannedTo) {
      await manager.query(`UPDATE consumers SET scanned_to = $3 WHERE event_store_id = $1 AND id = $2`, [...key(consumer), scannedTo]);
      consumer.scannedTo = scannedTo;
    }
  }

  /**
   * Pending events that may go out now, lowest first: the first open event of each stream (ordering
   * key), unless that one is in flight. Parked events hold neither their stream nor the checkpoint.
   */
  async claimable(manager: EntityManager, consumer: ConsumerRecord, limit: number): Promise<number[]> {
    const rows: { position: string }[] = await manager.query(
      `SELECT position FROM (
         SELECT DISTINCT ON (ordering_key) position, state FROM consumer_events
          WHERE event_store_id = $1 AND consumer_id = $2 AND state IN ('pending', 'in_flight')
          ORDER BY ordering_key, position) heads
        WHERE state = 'pending' ORDER BY position LIMIT $3`,
      [...key(consumer), limit],
    );
    return rows.map((row) => Number(row.position));
  }

  /** Events in flight on each of these connections now (absent: none). */
  async inFlightOf(manager: EntityManager, consumer: ConsumerRecord, connectionIds: string[]): Promise<Map<string, number>> {
    const rows: { connection_id: string; count: number }[] = await manager.query(
      `SELECT connection_id, count(*)::int AS count FROM consumer_events
        WHERE event_store_id = $1 AND consumer_id = $2 AND connection_id = ANY($3::text[]) AND state = 'in_flight'
        GROUP BY connection_id`,
      [...key(consumer), connectionIds],
    );
    return new Map(rows.map((row) => [row.connection_id, row.count]));
  }

  /** Leases `positions` (from claimable, in this transaction) to a connection for ackTimeoutMs. */
  async lease(
    manager: EntityManager,
    consumer: ConsumerRecord,
    positions: number[],
    holder: { holderId: string; clientId: string },
  ): Promise<Map<number, number>> {
    const rows = await changedRows(
      manager,
      `UPDATE consumer_events
          SET state = 'in_flight', connection_id = $4, client_id = $5, deliveries = deliveries + 1,
              lease_until = now() + make_interval(secs => $6::double precision / 1000)
        WHERE event_store_id = $1 AND consumer_id = $2 AND position = ANY($3::bigint[]) AND state = 'pending'
        RETURNING position, deliveries`,
      [...key(consumer), positions, holder.holderId, holder.clientId, consumer.ackTimeoutMs],
    );
    return new Map(rows.map((row) => [Number(row.position), Number(row.deliveries)]));
  }

  /**
   * A resumed client (SSE Last-Event-ID): what its clientId held at or below `lastEventId` counts as
   * received, leased afresh to its new connection rather than sent again.
   */
  async resume(
    manager: EntityManager,
    consumer: ConsumerRecord,
    holder: { holderId: string; clientId: string },
    lastEventId: number,
  ): Promise<number> {
    const rows = await changedRows(
      manager,
      `UPDATE consumer_events
          SET state = 'in_flight', connection_id = $3, lease_until = now() + make_interval(secs => $6::double precision / 1000)
        WHERE event_store_id = $1 AND consumer_id = $2 AND client_id = $4 AND position <= $5 AND state IN ('in_flight', 'pending')
          AND deliveries > 0
        RETURNING position`,
      [...key(consumer), holder.holderId, holder.clientId, lastEventId, consumer.ackTimeoutMs],
    );
    return rows.length;
  }

  /** Done: the acked events leave the window. Only events actually delivered are acked; returns their positions. */
  async ack(manager: EntityManager, consumer: ConsumerRecord, selection: AckSelection): Promise<number[]> {
    const { positions = [], upTo = -1, connectionId = null, clientId = null } = selection;
    const rows = await changedRows(
      manager,
      `DELETE FROM consumer_events
        WHERE event_store_id = $1 AND consumer_id = $2 AND deliveries > 0
          AND (position = ANY($3::bigint[]) OR position <= $4)
          AND ((state = 'in_flight' AND ($5::text IS NULL OR connection_id = $5) AND ($6::text IS NULL OR client_id = $6))
            OR (state = 'pending' AND ($6::text IS NULL OR client_id = $6)))
        RETURNING position`,
      [...key(consumer), positions, upTo, connectionId, clientId],
    );
    return rows.map((row) => Number(row.position));
  }

  /**
   * The checkpoint goes up to just below the lowest open (pending or in-flight) event, or to
   * `scanned_to` when none is open; never down. Processed records it has passed are no longer
   * needed (the checkpoint answers for them), except those of parked events.
   */
  async settle(manager: EntityManager, consumer: ConsumerRecord): Promise<number> {
    const [row] = await changedRows(
      manager,
      `UPDATE consumers c
          SET checkpoint = GREATEST(c.checkpoint, COALESCE(
                (SELECT min(position) - 1 FROM consumer_events e
                  WHERE e.event_store_id = $1 AND e.consumer_id = $2 AND e.state IN ('pending', 'in_flight')), c.scanned_to)),
              updated_at = now()
        WHERE c.event_store_id = $1 AND c.id = $2
        RETURNING c.checkpoint`,
      key(consumer),
    );
    const checkpoint = Number(row.checkpoint);
    if (checkpoint > consumer.checkpoint) {
      await manager.query(
        `DELETE FROM consumer_processed p
          WHERE p.event_store_id = $1 AND p.consumer_id = $2 AND p.position <= $3
            AND NOT EXISTS (SELECT 1 FROM consumer_events e
                             WHERE e.event_store_id = $1 AND e.consumer_id = $2 AND e.position = p.position)`,
        [...key(consumer), checkpoint],
      );
    }
    consumer.checkpoint = checkpoint;
    return checkpoint;
  }

  /** The events at `positions`, as `shape` renders them. Positions retention deleted are missing from the map. */
  async events(manager: EntityManager, eventStoreId: string, positions: number[], shape: EventShape): Promise<Map<number, string>> {
    if (positions.length === 0) return new Map();
    const rows: { global_position: string; event: string }[] = await manager.query(
      `SELECT global_position, ${eventJsonSql(shape)} AS event FROM events WHERE event_store_id = $1 AND global_position = ANY($2::bigint[])`,
      [eventStoreId, positions],
    );
    return new Map(rows.map((row) => [Number(row.global_position), row.event]));
  }

  /** Rows of events retention deleted before they were delivered: nothing to deliver, so done. */
  async forget(manager: EntityManager, consumer: ConsumerRecord, positions: number[]): Promise<void> {
    await manager.query(`DELETE FROM consumer_events WHERE event_store_id = $1 AND consumer_id = $2 AND position = ANY($3::bigint[])`, [
      ...key(consumer),
      positions,
    ]);
  }
}
