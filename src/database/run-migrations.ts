import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from './data-source-options';

/** Arbitrary but fixed: every process of this service takes the same lock before migrating. */
const MIGRATION_LOCK_KEY = 4_217_001;

/**
 * Applies pending migrations. Several API and worker processes may start at once, so they queue on
 * a session-level advisory lock and each finds nothing left to do once the first has finished.
 */
export async function runMigrations(
  databaseUrl: string,
  log: (message: string) => void = (message) => new Logger('Migrations').log(message),
): Promise<void> {
  const dataSource = await new DataSource(dataSourceOptions(databaseUrl)).initialize();
  const lockHolder = dataSource.createQueryRunner();
  try {
    await lockHolder.connect();
    const [{ locked }] = await lockHolder.query('SELECT pg_try_advisory_lock($1) AS locked', [MIGRATION_LOCK_KEY]);
    if (!locked) {
      log('Waiting for another process to finish migrating');
      await lockHolder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    }
    const applied = await dataSource.runMigrations();
    for (const migration of applied) log(`Applied ${migration.name}`);
  } finally {
    await lockHolder.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await lockHolder.release();
    await dataSource.destroy();
  }
}
