import pg from 'pg';
import type { ConnectionShares } from './connection-shares';
import { currentDatabaseUse } from './database-use';

type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, release: (error?: Error | boolean) => void) => void;

/** Whose share a connection counts against when it is taken for nobody's work. */
const NO_TENANT = '';

/**
 * The `pg` module with a Pool whose every connection is admitted by `shares` first, for the tenant
 * and kind of work of the code asking (database-use.ts), and given back to them when released.
 * TypeORM takes it as its `driver`, so every query of the API, through a repository, a transaction
 * or `dataSource.query`, waits for its tenant's share without any caller having to say so.
 */
export function sharedPoolDriver(shares: ConnectionShares): typeof pg {
  class SharedPool extends pg.Pool {
    override connect(): Promise<pg.PoolClient>;
    override connect(callback: ConnectCallback): void;
    override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
      const admitted = admit(shares);
      if (!callback) {
        return admitted.then((giveBack) =>
          super.connect().then(
            (client) => withGivenBack(client, giveBack),
            (error: unknown) => {
              giveBack();
              throw error;
            },
          ),
        );
      }
      admitted.then(
        (giveBack) =>
          super.connect((error, client, release) => {
            if (error || !client) {
              giveBack();
              return callback(error, client, release);
            }
            const given = withGivenBack(client, giveBack);
            callback(undefined, given, (releaseError) => given.release(releaseError));
          }),
        (error: Error) => callback(error, undefined, () => undefined),
      );
    }
  }
  return Object.create(pg, { Pool: { value: SharedPool } }) as typeof pg;
}

function admit(shares: ConnectionShares): Promise<() => void> {
  const { tenantId, work } = currentDatabaseUse();
  return shares.acquire(tenantId ?? NO_TENANT, work);
}

/** `pg` sets a fresh `release` on every checkout; ours hands the share back, then the client to the pool. */
function withGivenBack(client: pg.PoolClient, giveBack: () => void): pg.PoolClient {
  const release = client.release.bind(client);
  client.release = (error?: Error | boolean) => {
    giveBack();
    return release(error);
  };
  return client;
}
