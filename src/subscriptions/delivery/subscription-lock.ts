import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ADVISORY_LOCKS, whileHolding } from '../../database/advisory-locks';
import { TenantDatabase } from '../../database/tenant-shares/tenant-database';

/**
 * One delivery in flight per subscription, across every worker process: a session-level advisory
 * lock, and the drain runs every statement on the connection that holds it. If that connection
 * dies (the worker was killed, the backend terminated), the lock goes with it, and the holder's
 * next statement fails before another request goes out. No lease has to expire.
 */
@Injectable()
export class SubscriptionLock {
  constructor(private readonly database: TenantDatabase) {}

  /** Runs `work` on the lock's connection and returns its result; null, without running it, when another holder has the lock. */
  tryWith<T>(subscriptionId: string, work: (db: EntityManager) => Promise<T>): Promise<T | null> {
    // The worker's own deliveries: it shares them out among tenants itself (TenantDeliverySlots).
    return this.database.onOneConnection(null, (db) =>
      whileHolding(db, ADVISORY_LOCKS.subscriptionDelivery(subscriptionId), () => work(db)),
    );
  }
}
