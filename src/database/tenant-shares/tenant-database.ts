import type { Pool } from 'pg';
import { DataSource, EntityManager, QueryRunnerAlreadyReleasedError, type QueryRunner, type ReplicationMode } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { CopiedRow, copyRows } from '../binary-copy';
import type { ConnectionShares, DatabaseWork } from './connection-shares';

/**
 * The primary, used on someone's behalf. Every query says whom it serves: `for(tenantId)` is an
 * EntityManager each of whose connections is admitted by ConnectionShares for that tenant and kind
 * of work first, and handed back to them when released, whether it runs a statement, a repository
 * call or a transaction. The API's shares are set by DATABASE_*; the worker and the CLI share
 * nothing (their `for` is the DataSource's own manager).
 *
 * Said explicitly, not found in an AsyncLocalStorage: on Node 20 one makes V8 run a hook on every
 * promise of every request, about a quarter of the API's CPU on a single-event append (bench/README.md).
 */
export class TenantDatabase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly shares: ConnectionShares | null,
  ) {}

  /** The primary for `tenantId` (null: work of nobody's, such as authentication before the key is known, audits, gauges). */
  for(tenantId: string | null, work: DatabaseWork = 'read'): EntityManager {
    const { dataSource, shares } = this;
    return shares ? new EntityManager(admitting(dataSource, shares, tenantId, work)) : dataSource.manager;
  }

  /** Runs `work` on one connection of the primary for `tenantId`, held until it settles: for a session's state (an advisory lock). */
  async onOneConnection<T>(tenantId: string | null, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const { dataSource, shares } = this;
    const runner = (shares ? admitting(dataSource, shares, tenantId, 'read') : dataSource).createQueryRunner();
    try {
      await runner.connect();
      return await work(runner.manager);
    } finally {
      await runner.release();
    }
  }

  /** A statement's rows as bytes, on a connection of the primary taken within the tenant's share (binary-copy.ts). */
  copyRows(tenantId: string | null, sql: string, values: readonly unknown[]): Promise<CopiedRow[]> {
    const pool = (this.dataSource.driver as PostgresDriver).master as Pool;
    const copy = () => copyRows(pool, sql, values);
    return this.shares ? this.shares.holding(tenantId, 'read', copy) : copy();
  }
}

/**
 * `dataSource` but for its query runners, which admit their connection first. TypeORM takes every
 * connection through its DataSource's createQueryRunner, whatever a manager is asked to do.
 */
function admitting(dataSource: DataSource, shares: ConnectionShares, tenantId: string | null, work: DatabaseWork): DataSource {
  return Object.create(dataSource, {
    createQueryRunner: {
      value: (mode?: ReplicationMode) => admitted(dataSource.createQueryRunner(mode), () => shares.acquire(tenantId, work)),
    },
  });
}

/**
 * `runner`, which takes its connection only once `admit` has granted one (its first `connect`) and
 * gives the grant back after releasing it. A refused admission fails the query as 503 (DatabaseBusyError);
 * a runner released while it waited takes no connection (the grant goes back with the release).
 */
function admitted(runner: QueryRunner, admit: () => Promise<() => void>): QueryRunner {
  const connect = runner.connect.bind(runner);
  const release = runner.release.bind(runner);
  let admission: Promise<() => void> | undefined;
  runner.connect = () =>
    (admission ??= admit()).then(() => (runner.isReleased ? Promise.reject(new QueryRunnerAlreadyReleasedError()) : connect()));
  runner.release = async () => {
    try {
      await release();
    } finally {
      const giveBack = await admission?.catch(() => undefined);
      giveBack?.();
    }
  };
  return runner;
}
