import { Logger } from '@nestjs/common';
import type { Queryable } from './replicas/read-replicas';

/**
 * A PostgreSQL advisory lock's key: one fixed number, for work that one process at a time does; or
 * an id (a store's, a subscription's) hashed with its kind's seed by `hashtextextended`, so that
 * locks of different kinds on the same id never meet.
 */
export type AdvisoryLockKey = { key: number } | { id: string; seed: number };

/**
 * Every advisory lock the service takes, in one place, so that no two kinds share a key. Fixed keys
 * and seeds are apart already (a seed only seeds a hash), but each is unique among its own. The numbers
 * never change: during a rolling upgrade, processes of two versions must still exclude each other.
 */
export const ADVISORY_LOCKS = {
  /** Taken by every process before it migrates (run-migrations.ts). */
  migrations: { key: 4_217_001 },
  /** One retention sweeper at a time across workers (RetentionSweep). */
  retentionSweep: { key: 4_217_003 },
  /** One delivery in flight per subscription, across workers (SubscriptionLock). */
  subscriptionDelivery: (subscriptionId: string): AdvisoryLockKey => ({ id: subscriptionId, seed: 4_217_002 }),
  /** Creates of subscriptions in a store, one at a time, for the count against the store's maximum. */
  subscriptionCreates: (eventStoreId: string): AdvisoryLockKey => ({ id: eventStoreId, seed: 4_217_003 }),
  /** Creates of consumers in a store, one at a time, for the count against CONSUMERS_MAX_PER_STORE. */
  consumerCreates: (eventStoreId: string): AdvisoryLockKey => ({ id: eventStoreId, seed: 4_217_028 }),
} as const;

const logger = new Logger('AdvisoryLocks');

/** The key as a log line names it. */
const named = (lock: AdvisoryLockKey) => ('key' in lock ? String(lock.key) : `of ${lock.id} (seed ${lock.seed})`);

/** The key as SQL over the parameters it comes with. */
function keyOf(lock: AdvisoryLockKey): [sql: string, parameters: unknown[]] {
  return 'key' in lock ? ['$1::bigint', [lock.key]] : ['hashtextextended($1, $2)', [lock.id, lock.seed]];
}

/** Calls one of PostgreSQL's advisory-lock functions on the key, and returns what it returned. */
async function call(db: Queryable, fn: string, lock: AdvisoryLockKey): Promise<unknown> {
  const [key, parameters] = keyOf(lock);
  const [{ result }] = await db.query<{ result: unknown }[]>(`SELECT ${fn}(${key}) AS result`, parameters);
  return result;
}

/** Takes the lock for this session, if no other session holds it; says whether it did. */
export async function tryLockSession(db: Queryable, lock: AdvisoryLockKey): Promise<boolean> {
  return (await call(db, 'pg_try_advisory_lock', lock)) === true;
}

/** Takes the lock for this session, waiting for whoever holds it. */
export async function lockSession(db: Queryable, lock: AdvisoryLockKey): Promise<void> {
  await call(db, 'pg_advisory_lock', lock);
}

/** Releases the lock this session holds. */
export async function unlockSession(db: Queryable, lock: AdvisoryLockKey): Promise<void> {
  await call(db, 'pg_advisory_unlock', lock);
}

/** Takes the lock until the caller's transaction ends, waiting for whoever holds it. */
export async function lockForTransaction(db: Queryable, lock: AdvisoryLockKey): Promise<void> {
  await call(db, 'pg_advisory_xact_lock', lock);
}

/**
 * Runs `work` while this session holds the lock, and returns its result; null, without running it,
 * when another session holds it. `db` must be one connection (TenantDatabase.onOneConnection), which
 * `work` uses too: if that connection dies, the lock goes with it. A release that fails is only
 * reported: only a broken connection fails there, and pg's pool discards it rather than reuse it.
 */
export async function whileHolding<T>(db: Queryable, lock: AdvisoryLockKey, work: () => Promise<T>): Promise<T | null> {
  if (!(await tryLockSession(db, lock))) return null;
  try {
    return await work();
  } finally {
    await unlockSession(db, lock).catch((error: Error) =>
      logger.warn(`Could not release the advisory lock ${named(lock)}: ${error.message}`),
    );
  }
}
