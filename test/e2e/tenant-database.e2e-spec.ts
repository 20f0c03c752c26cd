import type { Pool } from 'pg';
import { DataSource, QueryRunnerAlreadyReleasedError } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { ConnectionShares } from '../../src/database/tenant-shares/connection-shares';
import { DatabaseBusyError } from '../../src/database/tenant-shares/database-shares.errors';
import { TenantDatabase } from '../../src/database/tenant-shares/tenant-database';
import { TenantEntity } from '../../src/tenants/entities/tenant.entity';
import { cloneTestDatabase, TestDatabase } from '../support/test-database';
import { waitFor } from '../support/wait-for';

/**
 * The API's queries say whom they serve (TenantDatabase.for) instead of finding it in a request
 * context: whatever TypeORM is asked through that manager (a statement, a transaction, a repository
 * call), and a page copied as bytes, takes its connection within that tenant's share, and gives it back.
 */
describe('TenantDatabase', () => {
  let database: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await cloneTestDatabase();
    dataSource = await new DataSource({ type: 'postgres', url: database.url, poolSize: 4, entities: [TenantEntity] }).initialize();
  });

  afterAll(async () => {
    await dataSource.destroy();
    await database.drop();
  });

  const sharesOf = (limits: Partial<ConstructorParameters<typeof ConnectionShares>[0]> = {}) =>
    new ConnectionShares({ connections: 4, perTenant: 1, readsPerTenant: 1, reservedForAppends: 0, maxWaitMs: 60_000, ...limits });

  it("holds a tenant to its share across transactions, statements and repository calls, while another tenant's go at once", async () => {
    const shares = sharesOf();
    const tenants = new TenantDatabase(dataSource, shares);
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const transaction = tenants.for('ten_a').transaction(async (manager) => {
      await manager.query('SELECT 1');
      entered();
      await finished;
      return manager.query('SELECT 2 AS two');
    });
    await inside;
    expect(shares.inUse).toBe(1);

    const repositoryCall = tenants.for('ten_a').find(TenantEntity);
    const statement = tenants.for('ten_a').query('SELECT 3 AS three');
    await waitFor(() => shares.waiting === 2, { what: "ten_a's two queries waiting for its share" });
    await expect(tenants.for('ten_b').query('SELECT 4 AS four')).resolves.toEqual([{ four: 4 }]);
    expect(shares.waiting).toBe(2);

    finish();
    await expect(transaction).resolves.toEqual([{ two: 2 }]);
    await expect(repositoryCall).resolves.toEqual([]);
    await expect(statement).resolves.toEqual([{ three: 3 }]);
    expect({ inUse: shares.inUse, waiting: shares.waiting }).toEqual({ inUse: 0, waiting: 0 });
  });

  it('gives the connection back when its statement fails, and after a page copied as bytes', async () => {
    const shares = sharesOf();
    const tenants = new TenantDatabase(dataSource, shares);
    await expect(tenants.for('ten_a').query('SELECT 1 / 0')).rejects.toThrow(/division by zero/);
    await expect(tenants.for('ten_a').transaction((manager) => manager.query('SELECT 1 / 0'))).rejects.toThrow(/division by zero/);
    const [[text]] = await tenants.copyRows('ten_a', 'SELECT $1::text', ['copied']);
    expect(text?.toString()).toBe('copied');
    expect(shares.inUse).toBe(0);
  });

  it("answers 503 (DatabaseBusyError) to a query that waited longer than the shares allow, and leaves nobody's share taken", async () => {
    const shares = sharesOf({ maxWaitMs: 50 });
    const tenants = new TenantDatabase(dataSource, shares);
    let finish!: () => void;
    const holding = tenants.onOneConnection('ten_a', () => new Promise<void>((resolve) => (finish = resolve)));
    await waitFor(() => shares.inUse === 1, { what: "ten_a's connection taken" });
    await expect(tenants.for('ten_a').query('SELECT 1')).rejects.toBeInstanceOf(DatabaseBusyError);
    finish();
    await holding;
    expect({ inUse: shares.inUse, waiting: shares.waiting }).toEqual({ inUse: 0, waiting: 0 });
  });

  it('takes no connection for a query runner released while it waited for its share, and gives the share back', async () => {
    const shares = sharesOf();
    const tenants = new TenantDatabase(dataSource, shares);
    const pool = (dataSource.driver as PostgresDriver).master as Pool;
    let finish!: () => void;
    const holding = tenants.onOneConnection('ten_a', () => new Promise<void>((resolve) => (finish = resolve)));
    await waitFor(() => finish !== undefined, { what: "ten_a's connection taken" });
    const runner = tenants.for('ten_a').dataSource.createQueryRunner();
    const connecting = runner.connect();
    await waitFor(() => shares.waiting === 1, { what: 'the runner waiting for its share' });
    const released = runner.release();
    finish();
    await holding;
    await released;
    await expect(connecting).rejects.toBeInstanceOf(QueryRunnerAlreadyReleasedError);
    expect({ inUse: shares.inUse, waiting: shares.waiting, checkedOut: pool.totalCount - pool.idleCount }).toEqual({
      inUse: 0,
      waiting: 0,
      checkedOut: 0,
    });
  });

  it('keeps one connection for work that needs its session, and uses the plain pool where nothing is shared (the worker)', async () => {
    const shares = sharesOf();
    const tenants = new TenantDatabase(dataSource, shares);
    const pids = await tenants.onOneConnection('ten_a', async (manager) => {
      const [first] = await manager.query('SELECT pg_backend_pid() AS pid');
      const [second] = await manager.query('SELECT pg_backend_pid() AS pid');
      expect(shares.inUse).toBe(1);
      return [first.pid, second.pid];
    });
    expect(pids[0]).toBe(pids[1]);
    expect(shares.inUse).toBe(0);
    expect(new TenantDatabase(dataSource, null).for('ten_a')).toBe(dataSource.manager);
  });
});
