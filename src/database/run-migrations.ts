import { Logger } from '@nestjs/common';
import { DataSource, QueryRunner } from 'typeorm';
import { ADVISORY_LOCKS, lockSession, tryLockSession, unlockSession } from './advisory-locks';
import { ConnectionSettings, databaseHosts, dataSourceOptions } from './data-source-options';

/**
 * The migrations of development versions before 0.1.0, which Baseline1795300000000 replaced. A
 * database that holds them has a schema no migration upgrades: TypeORM would run the baseline on top
 * and fail on its first CREATE TABLE, so the run stops first with a line that says what to do.
 */
const RETIRED_MIGRATIONS = [
  'CreateTenantsApiKeysAndEventStores1795219200000',
  'CreateEventLog1795219300000',
  'CreateDcb1795219400000',
  'CreateSubscriptions1795219500000',
  'AddEventBudget1795219600000',
  'IndexIdempotencyKeysByAge1795219700000',
  'AppendInBatches1795219800000',
  'InsertBatchEventsOnce1795219900000',
  'StoreEventSizes1795220400000',
];

/** Also how the launcher recognises the failure (scripts/start.mjs): keep the two in step. */
export const RETIRED_HISTORY_MESSAGE =
  'The database was migrated by a development version older than 0.1.0, whose migrations were squashed into one baseline: ' +
  'recreate it (for npm start, delete its data directory, .data by default: it holds development data only)';

/**
 * Applies pending migrations. Several API and worker processes may start at once, so they queue on
 * a session-level advisory lock and each finds nothing left to do once the first has finished.
 */
export async function runMigrations(
  settings: ConnectionSettings,
  log: (message: string) => void = (message) => new Logger('Migrations').log(message),
): Promise<void> {
  // Migrations write: on the host DATABASE_URL's target_session_attrs picks, like every write.
  const dataSource = await new DataSource(dataSourceOptions(databaseHosts(settings), settings.DATABASE_IDLE_TIMEOUT_MS)).initialize();
  const lockHolder = dataSource.createQueryRunner();
  try {
    await lockHolder.connect();
    if (!(await tryLockSession(lockHolder, ADVISORY_LOCKS.migrations))) {
      log('Waiting for another process to finish migrating');
      await lockSession(lockHolder, ADVISORY_LOCKS.migrations);
    }
    if (await holdsRetiredMigrations(lockHolder)) throw new Error(RETIRED_HISTORY_MESSAGE);
    const applied = await dataSource.runMigrations();
    for (const migration of applied) log(`Applied ${migration.name}`);
  } finally {
    await unlockSession(lockHolder, ADVISORY_LOCKS.migrations).catch(() => undefined);
    await lockHolder.release();
    await dataSource.destroy();
  }
}

async function holdsRetiredMigrations(db: QueryRunner): Promise<boolean> {
  const [{ table }] = await db.query(`SELECT to_regclass('migrations') AS table`);
  if (!table) return false;
  const [{ retired }] = await db.query(`SELECT count(*)::int AS retired FROM migrations WHERE name = ANY($1)`, [RETIRED_MIGRATIONS]);
  return retired > 0;
}
