import { DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EnvironmentVariables } from '../config/environment-variables';
import { dataSourceOptions } from './data-source-options';
import { ConnectionShares } from './tenant-shares/connection-shares';
import { sharedPoolDriver } from './tenant-shares/shared-pool-driver';

/** The API's shares of its pool (settings DATABASE_*), one per process. */
@Global()
@Module({
  providers: [
    {
      provide: ConnectionShares,
      inject: [EnvironmentVariables],
      useFactory: (config: EnvironmentVariables) =>
        new ConnectionShares({
          connections: config.DATABASE_POOL_SIZE,
          perTenant: config.DATABASE_MAX_CONNECTIONS_PER_TENANT,
          reservedForAppends: config.DATABASE_CONNECTIONS_RESERVED_FOR_APPENDS,
          maxWaitMs: config.DATABASE_MAX_WAIT_MS,
        }),
    },
  ],
  exports: [ConnectionShares],
})
class ConnectionSharesModule {}

export interface DatabaseModuleOptions {
  /** Connections of the pool; the API's comes from DATABASE_POOL_SIZE. */
  poolSize?: number;
  /**
   * The API serves many tenants from one pool: each connection is taken within its tenant's share
   * (ConnectionShares) and each statement is cancelled after DATABASE_STATEMENT_TIMEOUT_MS. The
   * worker shares its deliveries out per tenant itself, and the CLI serves one operator.
   */
  sharedAmongTenants?: boolean;
}

@Module({})
export class DatabaseModule {
  /** `poolSize`: the worker needs one connection per delivery in flight, for its lock, plus a few for queries. */
  static forRoot({ poolSize, sharedAmongTenants = false }: DatabaseModuleOptions = {}): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        ConnectionSharesModule,
        TypeOrmModule.forRootAsync({
          inject: [EnvironmentVariables, ConnectionShares],
          useFactory: (config: EnvironmentVariables, shares: ConnectionShares) => ({
            ...dataSourceOptions(config.DATABASE_URL),
            poolSize: poolSize ?? config.DATABASE_POOL_SIZE,
            autoLoadEntities: true,
            ...(sharedAmongTenants && {
              driver: sharedPoolDriver(shares),
              extra: { statement_timeout: config.DATABASE_STATEMENT_TIMEOUT_MS },
            }),
          }),
        }),
      ],
    };
  }
}
