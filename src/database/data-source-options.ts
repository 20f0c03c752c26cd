import type { DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from './migrations';

/** Options shared by the Nest connection, the migration runner and the TypeORM CLI. */
export function dataSourceOptions(databaseUrl: string): DataSourceOptions {
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
