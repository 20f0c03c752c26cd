import { Logger, OnApplicationShutdown } from '@nestjs/common';
import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { currentRequest } from '../../common/logging/request-context';
import { CopiedRow, copyRows } from '../binary-copy';
import { runPooled } from '../pooled-statement';
import { EnvironmentVariables } from '../../config/environment-variables';
import { DatabaseHosts } from '../connection/database-hosts';
import { hostBoundClient } from '../connection/host-bound-client';
import { databaseHosts } from '../data-source-options';
import { ConnectionShares } from '../tenant-shares/connection-shares';
import { sharedPoolDriver } from '../tenant-shares/shared-pool-driver';

/** What a read runs its statement on: the primary's DataSource, a transaction's EntityManager, or a standby's pool. */
export interface Queryable {
  query<T = unknown>(sql: string, parameters?: unknown[]): Promise<T>;
}

/** Where a read runs (ReadReplicas.forRead): its statements, and its pages as bytes (binary-copy.ts). */
export interface ReadSource extends Queryable {
  copyRows(sql: string, parameters: readonly unknown[]): Promise<CopiedRow[]>;
}

interface Replica {
  hosts: DatabaseHosts;
  pool: Pool;
  source: ReadSource;
}

/**
 * The standbys of DATABASE_REPLICA_URLS, which reads may use instead of the primary (stream, store
 * events, DCB and stream-list reads, WebSocket replays), taken in turn. A read never sees less than
 * its client has: with a `Min-Global-Position` (a request's header, a replay's cursor), a standby
 * serves it only once it has replayed the store that far, asked on the standby itself; otherwise,
 * and whenever no standby answers, the primary does. Appends, conditions and idempotency never
 * come here: they are the primary's. Only the API reads from standbys (DatabaseModule gives the
 * worker none): a delivery must see what it is told was appended.
 */
export class ReadReplicas implements OnApplicationShutdown {
  private readonly logger = new Logger(ReadReplicas.name);
  private readonly replicas: Replica[];
  private readonly primary: ReadSource;
  private turn = 0;

  constructor(urls: string[], config: EnvironmentVariables, dataSource: DataSource) {
    this.primary = {
      query: (sql, parameters) => dataSource.query(sql, parameters),
      // TypeORM's own pool of the primary, so that a copy waits for its tenant's share as any query does (shared-pool-driver.ts).
      copyRows: (sql, parameters) => copyRows((dataSource.driver as PostgresDriver).master as Pool, sql, parameters),
    };
    this.replicas = urls.map((url) => this.open(config, url));
  }

  /**
   * Where a read of `eventStoreId` may run: a standby that answers and holds the store's events up
   * to `minPosition` (by default the request's `Min-Global-Position`, 0 without one), else the primary.
   */
  async forRead(eventStoreId: string, minPosition = currentRequest()?.minGlobalPosition ?? 0): Promise<ReadSource> {
    const replica = this.nextUp();
    if (!replica) return this.primary;
    if (minPosition === 0) return replica.source;
    try {
      const [row] = await replica.source.query<{ last_position: string }[]>(`SELECT last_position FROM event_stores WHERE id = $1`, [
        eventStoreId,
      ]);
      return row && Number(row.last_position) >= minPosition ? replica.source : this.primary;
    } catch (error) {
      this.logger.warn(`A standby could not answer (${(error as Error).message}); reading from the primary`);
      return this.primary;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    for (const replica of this.replicas) {
      replica.hosts.stopWatching();
      await replica.pool.end().catch(() => undefined);
    }
  }

  private nextUp(): Replica | undefined {
    for (let tried = 0; tried < this.replicas.length; tried += 1) {
      const replica = this.replicas[this.turn++ % this.replicas.length];
      if (replica.hosts.status.up) return replica;
    }
    return undefined;
  }

  private open(config: EnvironmentVariables, url: string): Replica {
    const hosts = databaseHosts(config, url, this.logger);
    hosts.startWatching();
    // Known at once rather than at the first check: until a standby's host is chosen, reads go to the primary.
    hosts.current().catch((error: Error) => this.logger.warn(`A standby is not available yet: ${error.message}`));
    // The same shares among tenants as the primary's pool, every connection of it being a read's.
    const shares = new ConnectionShares({
      connections: config.DATABASE_POOL_SIZE,
      perTenant: config.DATABASE_MAX_CONNECTIONS_PER_TENANT,
      readsPerTenant: config.DATABASE_MAX_READS_PER_TENANT,
      reservedForAppends: 0,
      maxWaitMs: config.DATABASE_MAX_WAIT_MS,
    });
    const { Pool } = sharedPoolDriver(shares);
    const pool = new Pool({
      ...hosts.clientSettings(),
      Client: hostBoundClient(hosts, this.logger),
      max: config.DATABASE_POOL_SIZE,
      idleTimeoutMillis: config.DATABASE_IDLE_TIMEOUT_MS,
      statement_timeout: config.DATABASE_STATEMENT_TIMEOUT_MS,
    });
    pool.on('error', (error) => this.logger.warn(`An idle connection to a standby failed: ${error.message}`));
    const source: ReadSource = {
      query: <T>(sql: string, parameters: unknown[] = []) =>
        runPooled(pool, sql, parameters, async (client) => (await client.query(sql, parameters)).rows as T),
      copyRows: (sql, parameters) => copyRows(pool, sql, parameters),
    };
    return { hosts, pool, source };
  }
}
