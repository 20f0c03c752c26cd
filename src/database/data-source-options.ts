import type { DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from './migrations';

type PostgresOptions = Extract<DataSourceOptions, { type: 'postgres' }>;

/** Options shared by the Nest connection, the migration runner and the TypeORM CLI. */
export function dataSourceOptions(databaseUrl: string): PostgresOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    synchronize: false,
    migrationsRun: false,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
  };
}
