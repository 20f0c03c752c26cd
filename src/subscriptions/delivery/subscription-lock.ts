import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { TenantDatabase } from '../../database/tenant-shares/tenant-database';

/** Seed of the 64-bit lock key, keeping these keys apart from other advisory-lock users of the database. */
const LOCK_KEY_SEED = 4217002;

/**
 * One delivery in flight per subscription, across every worker process: a session-level advisory
 * lock, and the drain runs every statement on the connection that holds it. If that connection
 * dies (the worker was killed, the backend terminated), the lock goes with it, and the holder's
 * next statement fails before another request goes out. No lease has to expire.
 */
@Injectable()
export class SubscriptionLock {
  private readonly logger = new Logger(SubscriptionLock.name);

  constructor(private readonly database: TenantDatabase) {}

  /** Runs `work` on the lock's connection and returns its result; null, without running it, when another holder has the lock. */
  tryWith<T>(subscriptionId: string, work: (db: EntityManager) => Promise<T>): Promise<T | null> {
    // The worker's own deliveries: it shares them out among tenants itself (TenantDeliverySlots).
    return this.database.onOneConnection(null, async (db) => {
      const [{ locked }] = await db.query(`SELECT pg_try_advisory_lock(hashtextextended($1, $2)) AS locked`, [
        subscriptionId,
        LOCK_KEY_SEED,
      ]);
      if (!locked) return null;
      try {
        return await work(db);
      } finally {
        await db.query(`SELECT pg_advisory_unlock(hashtextextended($1, $2))`, [subscriptionId, LOCK_KEY_SEED]).catch((error: Error) => {
          // Only a broken connection fails here; pg's pool discards it rather than reuse it, and the lock dies with it.
          this.logger.warn(`Could not release the lock of ${subscriptionId}: ${error.message}`);
        });
      }
    });
  }
}
