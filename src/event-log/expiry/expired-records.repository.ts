import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

export interface RetainedStore {
  id: string;
  retentionPeriodDays: number;
}

/**
 * The deletions of the retention sweep, each a bounded batch and its own short transaction on the
 * sweep's connection: the events past their store's retention period (delete_expired_events, which
 * counts them out of the statistics in the same SQL that append_batch counts them in with), and
 * the idempotency records past their 24 hours.
 */
@Injectable()
export class ExpiredRecordsRepository {
  /** Deletes up to `limit` of the store's expired events, oldest first; returns how many. */
  async deleteExpiredEvents(db: EntityManager, store: RetainedStore, limit: number): Promise<number> {
    const [{ deleted }] = await db.query(`SELECT delete_expired_events($1, $2, $3) AS deleted`, [
      store.id,
      store.retentionPeriodDays,
      limit,
    ]);
    return deleted;
  }

  /** Idempotency records past DECISIONS §5's 24 hours already count as absent; this frees their rows. */
  async purgeExpiredIdempotencyKeys(db: EntityManager, eventStoreId: string, limit: number): Promise<number> {
    const [, deleted] = await db.query(
      `DELETE FROM idempotency_keys k USING (
         SELECT key FROM idempotency_keys WHERE event_store_id = $1 AND created_at < now() - interval '24 hours' LIMIT $2
       ) expired
       WHERE k.event_store_id = $1 AND k.key = expired.key AND k.created_at < now() - interval '24 hours'`,
      [eventStoreId, limit],
    );
    return deleted;
  }
}
