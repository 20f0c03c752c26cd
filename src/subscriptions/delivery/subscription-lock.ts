import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';

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

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Runs `work` on the lock's connection and returns its result; null, without running it, when another holder has the lock. */
  async tryWith<T>(subscriptionId: string, work: (db: EntityManager) => Promise<T>): Promise<T | null> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      const [{ locked }] = await runner.query(`SELECT pg_try_advisory_lock(hashtextextended($1, $2)) AS locked`, [
        subscriptionId,
        LOCK_KEY_SEED,
      ]);
      if (!locked) return null;
      try {
        return await work(runner.manager);
      } finally {
        await runner.query(`SELECT pg_advisory_unlock(hashtextextended($1, $2))`, [subscriptionId, LOCK_KEY_SEED]).catch((error: Error) => {
          // Only a broken connection fails here; pg's pool discards it rather than reuse it, and the lock dies with it.
          this.logger.warn(`Could not release the lock of ${subscriptionId}: ${error.message}`);
        });
      }
    } finally {
      await runner.release();
    }
  }
}
