import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** Keeps these advisory locks apart from the migration lock (4217001) and any other user of the database. */
const LOCK_NAMESPACE = 4217002;

/**
 * One delivery in flight per subscription, across every worker process: a session-level advisory
 * lock on a connection held for the whole drain. It is released the moment that connection closes,
 * so a killed worker never leaves a subscription stuck, unlike a lease that would have to expire.
 */
@Injectable()
export class SubscriptionLock {
  private readonly logger = new Logger(SubscriptionLock.name);

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Runs `work` holding the subscription's lock; false, without running it, when another holder has it. */
  async tryWith(subscriptionId: string, work: () => Promise<void>): Promise<boolean> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      const [{ locked }] = await runner.query(`SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked`, [LOCK_NAMESPACE, subscriptionId]);
      if (!locked) return false;
      try {
        await work();
      } finally {
        await runner.query(`SELECT pg_advisory_unlock($1, hashtext($2))`, [LOCK_NAMESPACE, subscriptionId]).catch((error: Error) => {
          // The connection is gone, and the lock with it.
          this.logger.warn(`Could not release the lock of ${subscriptionId}: ${error.message}`);
        });
      }
      return true;
    } finally {
      await runner.release();
    }
  }
}
