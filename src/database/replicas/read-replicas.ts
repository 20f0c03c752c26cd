import { Logger, OnApplicationShutdown } from '@nestjs/common';
import pg, { type Pool } from 'pg';
import { CopiedRow, copyRows } from '../binary-copy';
import { runPooled } from '../pooled-statement';
import { EnvironmentVariables } from '../../config/environment-variables';
import { DatabaseHosts } from '../connection/database-hosts';
import { hostBoundClient } from '../connection/host-bound-client';
import { databaseHosts } from '../data-source-options';
import { ConnectionShares } from '../tenant-shares/connection-shares';
import type { TenantDatabase } from '../tenant-shares/tenant-database';

/** What a read runs its statement on: the primary for a tenant (TenantDatabase.for), a transaction's EntityManager, or a standby. */
export interface Queryable {
  query<T = unknown>(sql: string, parameters?: unknown[]): Promise<T>;
}

/** Where a read runs (ReadReplicas.forRead): its statements, and its pages as bytes (binary-copy.ts). */
export interface ReadSource extends Queryable {
  copyRows(sql: string, parameters: readonly unknown[]): Promise<CopiedRow[]>;
}

/**
 * Who reads, and what the read must see: the tenant whose share of connections it takes (null:
 * nobody's), and a position the store must have reached where it runs (a request's
 * `Min-Global-Position`, a replay's cursor; 0 for none).
 */
export interface Reader {
  readonly tenantId: string | null;
  readonly minPosition: number;
}

interface Replica {
  hosts: DatabaseHosts;
  pool: Pool;
  shares: ConnectionShares;
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
  private turn = 0;

  constructor(
    urls: string[],
    config: EnvironmentVariables,
    private readonly database: TenantDatabase,
  ) {
    this.replicas = urls.map((url) => this.open(config, url));
  }

  /**
   * Where `reader`'s read of `eventStoreId` may run, within its tenant's share there: a standby that
   * answers and holds the store's events up to `reader.minPosition`, else the primary.
   */
  async forRead(eventStoreId: string, { tenantId, minPosition }: Reader): Promise<ReadSource> {
    const replica = this.nextUp();
    if (!replica) return this.primary(tenantId);
    const standby = this.standby(replica, tenantId);
    if (minPosition === 0) return standby;
    try {
      const [row] = await standby.query<{ last_position: string }[]>(`SELECT last_position FROM event_stores WHERE id = $1`, [
        eventStoreId,
      ]);
      return row && Number(row.last_position) >= minPosition ? standby : this.primary(tenantId);
    } catch (error) {
      this.logger.warn(`A standby could not answer (${(error as Error).message}); reading from the primary`);
      return this.primary(tenantId);
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
    const pool = new pg.Pool({
      ...hosts.clientSettings(),
      Client: hostBoundClient(hosts, this.logger),
      max: config.DATABASE_POOL_SIZE,
      idleTimeoutMillis: config.DATABASE_IDLE_TIMEOUT_MS,
      statement_timeout: config.DATABASE_STATEMENT_TIMEOUT_MS,
    });
    pool.on('error', (error) => this.logger.warn(`An idle connection to a standby failed: ${error.message}`));
    return { hosts, pool, shares };
  }

  /** The primary for the tenant; its EntityManager is made only for a statement (pages are copied from the pool). */
  private primary(tenantId: string | null): ReadSource {
    return {
      query: (sql, parameters) => this.database.for(tenantId).query(sql, parameters),
      copyRows: (sql, parameters) => this.database.copyRows(tenantId, sql, parameters),
    };
  }

  /** The standby's pool, each connection taken within the tenant's share of it, every one a read's. */
  private standby({ pool, shares }: Replica, tenantId: string | null): ReadSource {
    return {
      query: <T>(sql: string, parameters: unknown[] = []) =>
        shares.holding(tenantId, 'read', () =>
          runPooled(pool, sql, parameters, async (client) => (await client.query(sql, parameters)).rows as T),
        ),
      copyRows: (sql, parameters) => shares.holding(tenantId, 'read', () => copyRows(pool, sql, parameters)),
    };
  }
}
