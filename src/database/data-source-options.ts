import { Logger, LoggerService } from '@nestjs/common';
import type { DataSourceOptions } from 'typeorm';
import type { EnvironmentVariables } from '../config/environment-variables';
import { DatabaseHosts } from './connection/database-hosts';
import { parseDatabaseUrl } from './connection/database-url';
import { hostBoundClient } from './connection/host-bound-client';
import { MIGRATIONS } from './migrations';

type PostgresOptions = Extract<DataSourceOptions, { type: 'postgres' }>;

/** The settings that say how the service connects to its database (the rest of EnvironmentVariables does not matter here). */
export type ConnectionSettings = Pick<
  EnvironmentVariables,
  'DATABASE_URL' | 'DATABASE_CONNECT_TIMEOUT_MS' | 'DATABASE_KEEPALIVE_MS' | 'DATABASE_CHECK_INTERVAL_MS' | 'DATABASE_IDLE_TIMEOUT_MS'
>;

/** The hosts of `url` (DATABASE_URL by default), with the connection timeouts of the settings. */
export function databaseHosts(
  settings: ConnectionSettings,
  url = settings.DATABASE_URL,
  logger: LoggerService = new Logger('Database'),
): DatabaseHosts {
  return new DatabaseHosts(
    parseDatabaseUrl(url),
    {
      connectTimeoutMs: settings.DATABASE_CONNECT_TIMEOUT_MS,
      keepAliveMs: settings.DATABASE_KEEPALIVE_MS,
      checkIntervalMs: settings.DATABASE_CHECK_INTERVAL_MS,
    },
    logger,
  );
}

/**
 * Options shared by the Nest connection, the migration runner and the TypeORM CLI: every connection
 * of the pool is a HostBoundClient, which connects to the host `hosts` has chosen, with its timeouts
 * and keepalive; `session` adds per-connection settings of PostgreSQL's (statement_timeout…).
 */
export function dataSourceOptions(hosts: DatabaseHosts, idleTimeoutMs: number, session: Record<string, number> = {}): PostgresOptions {
  const [first] = hosts.target.hosts;
  const { user, database } = hosts.target.settings;
  return {
    type: 'postgres',
    // Where the first connection would go; each connection settles its host when it connects.
    host: first.host,
    port: first.port,
    username: user,
    database: database ?? undefined,
    synchronize: false,
    migrationsRun: false,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    extra: {
      ...hosts.clientSettings(),
      ...session,
      Client: hostBoundClient(hosts, new Logger('Database')),
      idleTimeoutMillis: idleTimeoutMs,
    },
  };
}
