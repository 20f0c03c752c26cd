import { Client } from 'pg';
import { exitOnInvalidEnvironment } from '../config/entry-point';
import { readEnvironment } from '../config/validate-environment';
import { distributeOnCitus } from '../database/citus/distribute';
import { reachDatabase } from './reach-database';

/**
 * `citus:distribute`: applies the distribution plan to DATABASE_URL, a Citus coordinator, and prints
 * what it changed as JSON (empty lists when nothing was left to do). Needs no Nest context: one
 * connection and one transaction. Any refusal or failure is one line on stderr and exit code 1.
 */
export async function distributeCommand(): Promise<void> {
  const config = exitOnInvalidEnvironment(() => readEnvironment({ developmentDatabase: true }));
  const client = new Client({ connectionString: config.DATABASE_URL, application_name: 'event-store-citus-distribute' });
  try {
    await reachDatabase(config);
    await client.connect();
    console.log(JSON.stringify(await distributeOnCitus(client), null, 2));
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
  } finally {
    await client.end().catch(() => undefined);
  }
}
