import { Client } from 'pg';
import { developmentDatabaseUrl } from '../config/development-database';
import type { EnvironmentVariables } from '../config/environment-variables';

const CONNECT_TIMEOUT_MS = 5000;

/**
 * Connects once before anything else, so that an unreachable database is one line at once rather
 * than TypeORM's half a minute of retries and a stack trace. The embedded database of `npm start`
 * runs only while the launcher does: the message says so when that is the one the CLI tried.
 */
export async function reachDatabase(config: EnvironmentVariables): Promise<void> {
  const client = new Client({ connectionString: config.DATABASE_URL, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  try {
    await client.connect();
  } catch (error) {
    const { hostname, port } = new URL(config.DATABASE_URL);
    const development = config.DATABASE_URL === developmentDatabaseUrl(config.DATA_DIR);
    const hint = development
      ? '; it is the embedded database of npm start, which runs only while npm start does: start it in another terminal'
      : '';
    throw new Error(`Cannot reach PostgreSQL at ${hostname}:${port || 5432} (${(error as Error).message})${hint}`, { cause: error });
  } finally {
    await client.end().catch(() => undefined);
  }
}
