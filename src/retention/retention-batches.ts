import { Injectable } from '@nestjs/common';
import type { QueryRunner } from 'typeorm';
import { eventSizeBytes } from '../event-log/append/event-payload';
import { DCB_STREAM_ID } from '../event-log/event-log.constants';

export interface RetainedStore {
  id: string;
  retentionPeriodDays: number;
}

interface DeletedEvent {
  stream_id: string;
  data: object;
  metadata: object | null;
}

/**
 * The statements of one retention batch, each batch its own short transaction on the sweep's
 * connection. Events go oldest first: created_at never decreases as positions grow (DECISIONS §2),
 * so what is deleted is always a prefix of the store's log and of each stream.
 */
@Injectable()
export class RetentionBatches {
  /**
   * Deletes up to `limit` of the store's events older than its retention period and counts them
   * out of the statistics (DECISIONS §7: versions, positions and totalStreams never change; event
   * counts, sizes and the oldest timestamp follow what is stored). The store row is locked first,
   * as appends lock it, so the batch neither deadlocks with them nor with a store deletion, and
   * every later statement sees the appends committed before. Returns how many it deleted.
   */
  async deleteExpiredEvents(db: QueryRunner, store: RetainedStore, limit: number): Promise<number> {
    await db.startTransaction();
    try {
      const [locked] = await db.query(`SELECT 1 FROM event_stores WHERE id = $1 FOR NO KEY UPDATE`, [store.id]);
      // TypeORM answers a DELETE with [rows, count].
      const [deleted]: [DeletedEvent[], number] = locked
        ? await db.query(
            `WITH expired AS (
               SELECT global_position FROM events
                WHERE event_store_id = $1 AND created_at < now() - $2 * interval '1 day'
                ORDER BY created_at, global_position LIMIT $3
             )
             DELETE FROM events e USING expired
              WHERE e.event_store_id = $1 AND e.global_position = expired.global_position
             RETURNING e.stream_id, e.data, e.metadata`,
            [store.id, store.retentionPeriodDays, limit],
          )
        : [[], 0];
      if (deleted.length > 0) await this.countOut(db, store.id, deleted);
      await db.commitTransaction();
      return deleted.length;
    } catch (error) {
      await db.rollbackTransaction();
      throw error;
    }
  }

  /** Idempotency records past DECISIONS §5's 24 hours already count as absent; this frees their rows. */
  async purgeExpiredIdempotencyKeys(db: QueryRunner, eventStoreId: string, limit: number): Promise<number> {
    const [, deleted] = await db.query(
      `DELETE FROM idempotency_keys k USING (
         SELECT key FROM idempotency_keys WHERE event_store_id = $1 AND created_at < now() - interval '24 hours' LIMIT $2
       ) expired
       WHERE k.event_store_id = $1 AND k.key = expired.key AND k.created_at < now() - interval '24 hours'`,
      [eventStoreId, limit],
    );
    return deleted;
  }

  private async countOut(db: QueryRunner, eventStoreId: string, deleted: DeletedEvent[]): Promise<void> {
    const streams = new Map<string, { count: number; bytes: number }>();
    let totalBytes = 0;
    for (const event of deleted) {
      const bytes = eventSizeBytes(event.data, event.metadata);
      totalBytes += bytes;
      if (event.stream_id === DCB_STREAM_ID) continue;
      const stream = streams.get(event.stream_id) ?? { count: 0, bytes: 0 };
      streams.set(event.stream_id, { count: stream.count + 1, bytes: stream.bytes + bytes });
    }
    await db.query(
      `UPDATE event_stores
          SET total_events = total_events - $2, total_size_bytes = total_size_bytes - $3,
              oldest_event_at = (SELECT created_at FROM events WHERE event_store_id = $1 ORDER BY created_at LIMIT 1)
        WHERE id = $1`,
      [eventStoreId, deleted.length, totalBytes],
    );
    await db.query(
      `UPDATE streams s SET event_count = s.event_count - d.count, size_bytes = s.size_bytes - d.bytes
         FROM unnest($2::text[], $3::bigint[], $4::bigint[]) AS d(stream_id, count, bytes)
        WHERE s.event_store_id = $1 AND s.stream_id = d.stream_id`,
      [eventStoreId, [...streams.keys()], [...streams.values()].map((s) => s.count), [...streams.values()].map((s) => s.bytes)],
    );
  }
}
