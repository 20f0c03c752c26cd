import { Logger } from '@nestjs/common';
import { Client } from 'pg';
import {
  ADVISORY_LOCKS,
  AdvisoryLockKey,
  lockForTransaction,
  tryLockSession,
  unlockSession,
  whileHolding,
} from '../../src/database/advisory-locks';
import type { Queryable } from '../../src/database/replicas/read-replicas';
import { cloneTestDatabase, TestDatabase } from '../support/test-database';
import { waitFor } from '../support/wait-for';

/**
 * The advisory locks that keep workers and processes apart (migrations, the retention sweep, a
 * subscription's deliveries, creates counted against a store's maximum), on real sessions of one
 * database: who holds a lock keeps every other session out, until it lets go or its transaction ends.
 */
describe('Advisory locks', () => {
  let database: TestDatabase;
  const sessions: Client[] = [];

  beforeAll(async () => {
    database = await cloneTestDatabase();
  });
  // A test that fails while holding a session's lock leaves nothing behind: the lock ends with its session.
  afterEach(async () => {
    jest.restoreAllMocks();
    await Promise.all(sessions.splice(0).map((session) => session.end()));
  });
  afterAll(async () => {
    await database.drop();
  });

  /** A session of its own, queried as the service queries (rows back). */
  const session = async (): Promise<Queryable> => {
    const client = new Client({ connectionString: database.url });
    // A session whose backend a test terminates reports it here, and is done.
    client.on('error', () => undefined);
    await client.connect();
    sessions.push(client);
    return { query: async <T>(sql: string, parameters?: unknown[]) => (await client.query(sql, parameters)).rows as T };
  };

  it('runs the work of one session at a time, and lets the next in once the first is done', async () => {
    const [first, second] = [await session(), await session()];
    const lock = ADVISORY_LOCKS.subscriptionDelivery('sub_1');
    let ranInside: string | null = 'not run';

    const outer = await whileHolding(first, lock, async () => {
      ranInside = await whileHolding(second, lock, () => Promise.resolve('second ran while the first held the lock'));
      return 'first ran';
    });

    expect(outer).toBe('first ran');
    expect(ranInside).toBeNull();
    expect(await whileHolding(second, lock, () => Promise.resolve('second ran'))).toBe('second ran');
  });

  it('lets go of the lock when the work fails', async () => {
    const [first, second] = [await session(), await session()];
    const lock = ADVISORY_LOCKS.retentionSweep;

    await expect(whileHolding(first, lock, () => Promise.reject(new Error('the sweep failed')))).rejects.toThrow('the sweep failed');

    expect(await tryLockSession(second, lock)).toBe(true);
    await unlockSession(second, lock);
  });

  it("dies with its connection: the work's result stands, the failed release is only warned about, and another session gets the lock", async () => {
    const [first, second] = [await session(), await session()];
    const lock = ADVISORY_LOCKS.subscriptionDelivery('sub_2');
    const [{ pid }] = await first.query<{ pid: number }[]>('SELECT pg_backend_pid() AS pid');
    const warned = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);

    // What a worker sees when its backend is terminated during a delivery: the release then fails too.
    const result = await whileHolding(first, lock, async () => {
      await second.query('SELECT pg_terminate_backend($1)', [pid]);
      return 'delivered';
    });

    expect(result).toBe('delivered');
    expect(warned).toHaveBeenCalledWith(
      // pg words the lost connection either as the server's notice or as its own, depending on which it saw first.
      expect.stringMatching(/^Could not release the advisory lock of sub_2 \(seed 4217002\): /),
    );
    await waitFor(async () => await tryLockSession(second, lock), { what: 'the lock freed with the terminated session' });
  });

  it('keeps locks of different kinds on the same id, and of different ids, apart', async () => {
    const [first, second] = [await session(), await session()];
    const held: AdvisoryLockKey = ADVISORY_LOCKS.subscriptionCreates('store_1');
    expect(await tryLockSession(first, held)).toBe(true);

    expect(await tryLockSession(second, held)).toBe(false);
    for (const other of [ADVISORY_LOCKS.consumerCreates('store_1'), ADVISORY_LOCKS.subscriptionCreates('store_2')]) {
      expect(await tryLockSession(second, other)).toBe(true);
      await unlockSession(second, other);
    }
    await unlockSession(first, held);
  });

  it("holds a transaction's lock until it commits: a second transaction waits for it", async () => {
    const [first, second] = [await session(), await session()];
    const lock = ADVISORY_LOCKS.consumerCreates('store_1');
    const [{ pid: secondPid }] = await second.query<{ pid: number }[]>('SELECT pg_backend_pid() AS pid');

    await first.query('BEGIN');
    await lockForTransaction(first, lock);
    await second.query('BEGIN');
    let secondLocked = false;
    const waiting = lockForTransaction(second, lock).then(() => (secondLocked = true));
    // The second is queued on the lock: PostgreSQL shows its backend waiting for an advisory lock.
    await waitFor(
      async () =>
        (await first.query<unknown[]>(`SELECT 1 FROM pg_locks WHERE pid = $1 AND locktype = 'advisory' AND NOT granted`, [secondPid]))
          .length > 0,
      { what: 'the second transaction to wait for the lock' },
    );
    expect(secondLocked).toBe(false);
    await first.query('COMMIT');
    await waitFor(() => secondLocked, { what: "the second transaction to get the lock once the first's commits" });
    await waiting;
    await second.query('COMMIT');
  });

  // Processes of two versions run side by side during a rolling upgrade: the keys must stay those released.
  it('takes the same locks as the SQL of earlier versions, key for key', async () => {
    const [earlier, now] = [await session(), await session()];
    const released: [AdvisoryLockKey, string, unknown[]][] = [
      [ADVISORY_LOCKS.migrations, 'pg_try_advisory_lock($1)', [4217001]],
      [ADVISORY_LOCKS.retentionSweep, 'pg_try_advisory_lock($1)', [4217003]],
      [ADVISORY_LOCKS.subscriptionDelivery('sub_1'), 'pg_try_advisory_lock(hashtextextended($1, $2))', ['sub_1', 4217002]],
      [ADVISORY_LOCKS.subscriptionCreates('store_1'), 'pg_try_advisory_lock(hashtextextended($1, $2))', ['store_1', 4217003]],
      [ADVISORY_LOCKS.consumerCreates('store_1'), 'pg_try_advisory_lock(hashtextextended($1, $2))', ['store_1', 4217028]],
    ];
    for (const [lock, earlierSql, parameters] of released) {
      expect(await earlier.query(`SELECT ${earlierSql} AS locked`, parameters)).toEqual([{ locked: true }]);
      expect(await tryLockSession(now, lock)).toBe(false);
    }
  });
});
