import { DynamicModule, Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { getDataSourceToken, TypeOrmModule } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { EnvironmentVariables } from '../config/environment-variables';
import { DatabaseHosts } from './connection/database-hosts';
import { databaseHosts, dataSourceOptions } from './data-source-options';
import { ReadReplicas } from './replicas/read-replicas';
import { replicaUrls } from './replicas/replica-urls';
import { ConnectionShares } from './tenant-shares/connection-shares';
import { TenantDatabase } from './tenant-shares/tenant-database';

/**
 * The hosts of DATABASE_URL, watched for a failover (DatabaseHosts), and the API's shares of its
 * pool (settings DATABASE_*), one of each per process.
 */
@Global()
@Module({
  providers: [
    {
      provide: DatabaseHosts,
      inject: [EnvironmentVariables],
      useFactory: (config: EnvironmentVariables) => {
        const hosts = databaseHosts(config);
        hosts.startWatching();
        return hosts;
      },
    },
    {
      provide: ConnectionShares,
      inject: [EnvironmentVariables],
      useFactory: (config: EnvironmentVariables) =>
        new ConnectionShares({
          connections: config.DATABASE_POOL_SIZE,
          perTenant: config.DATABASE_MAX_CONNECTIONS_PER_TENANT,
          readsPerTenant: config.DATABASE_MAX_READS_PER_TENANT,
          reservedForAppends: config.DATABASE_CONNECTIONS_RESERVED_FOR_APPENDS,
          maxWaitMs: config.DATABASE_MAX_WAIT_MS,
        }),
    },
  ],
  exports: [DatabaseHosts, ConnectionShares],
})
class DatabaseConnectionsModule implements OnApplicationShutdown {
  constructor(@Inject(DatabaseHosts) private readonly hosts: DatabaseHosts) {}

  onApplicationShutdown(): void {
    this.hosts.stopWatching();
  }
}

export interface DatabaseModuleOptions {
  /** Connections of the pool; the API's comes from DATABASE_POOL_SIZE. */
  poolSize?: number;
  /**
   * The API serves many tenants from one pool: each connection is taken within its tenant's share
   * (ConnectionShares, TenantDatabase) and each statement is cancelled after DATABASE_STATEMENT_TIMEOUT_MS. The worker
   * shares its deliveries out per tenant itself, and the CLI serves one operator.
   */
  sharedAmongTenants?: boolean;
}

@Module({})
export class DatabaseModule {
  /** `poolSize`: the worker needs one connection per delivery in flight, for its lock, plus a few for queries. */
  static forRoot({ poolSize, sharedAmongTenants = false }: DatabaseModuleOptions = {}): DynamicModule {
    return {
      module: DatabaseModule,
      global: true,
      providers: [
        {
          provide: TenantDatabase,
          inject: [getDataSourceToken(), ConnectionShares],
          useFactory: (dataSource: DataSource, shares: ConnectionShares) =>
            new TenantDatabase(dataSource, sharedAmongTenants ? shares : null),
        },
        {
          provide: ReadReplicas,
          inject: [EnvironmentVariables, TenantDatabase],
          // The API's reads only: the worker's deliveries read what they are told was appended, on the primary.
          useFactory: (config: EnvironmentVariables, database: TenantDatabase) =>
            new ReadReplicas(sharedAmongTenants ? replicaUrls(config.DATABASE_REPLICA_URLS) : [], config, database),
        },
      ],
      exports: [TenantDatabase, ReadReplicas],
      imports: [
        DatabaseConnectionsModule,
        TypeOrmModule.forRootAsync({
          inject: [EnvironmentVariables, DatabaseHosts],
          useFactory: (config: EnvironmentVariables, hosts: DatabaseHosts) => ({
            ...dataSourceOptions(hosts, config.DATABASE_IDLE_TIMEOUT_MS, {
              // PostgreSQL ends what nothing of ours should take: a transaction left open, and, for the API's requests, a
              // statement running for seconds (the worker's retention sweep may legitimately take longer).
              idle_in_transaction_session_timeout: config.DATABASE_IDLE_TIMEOUT_MS,
              ...(sharedAmongTenants && { statement_timeout: config.DATABASE_STATEMENT_TIMEOUT_MS }),
            }),
            poolSize: poolSize ?? config.DATABASE_POOL_SIZE,
            autoLoadEntities: true,
          }),
        }),
      ],
    };
  }
}
