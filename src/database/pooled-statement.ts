import type { Pool, PoolClient } from 'pg';
import { QueryFailedError } from 'typeorm';

/**
 * Runs `statement` through `run` on a connection of `pool`, failing as TypeORM's queries on the
 * primary do, so that the exception filter answers alike whichever server ran it (a statement
 * timeout: 503 QUERY_TIMEOUT; a lost database: 503): a connection refused (the tenant's share, no
 * database) is thrown as it is, and the statement's failure as a QueryFailedError. A connection that
 * failed under a statement is not given to the next.
 */
export async function runPooled<T>(
  pool: Pool,
  statement: string,
  parameters: readonly unknown[],
  run: (client: PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    const result = await run(client);
    client.release();
    return result;
  } catch (error) {
    client.release(error as Error);
    throw new QueryFailedError(statement, [...parameters], error as Error);
  }
}
