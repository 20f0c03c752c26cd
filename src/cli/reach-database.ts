import { developmentDatabaseUrl } from '../config/development-database';
import type { EnvironmentVariables } from '../config/environment-variables';
import { describeHosts } from '../database/connection/database-url';
import { databaseHosts } from '../database/data-source-options';

/**
 * Connects once before anything else, so that an unreachable database is one line at once rather
 * than TypeORM's half a minute of retries and a stack trace. The embedded database of `npm start`
 * runs only while the launcher does: the message says so when that is the one the CLI tried.
 */
export async function reachDatabase(config: EnvironmentVariables): Promise<void> {
  const hosts = databaseHosts(config);
  try {
    await hosts.current();
  } catch (error) {
    const development = config.DATABASE_URL === developmentDatabaseUrl(config.DATA_DIR);
    const hint = development
      ? '; it is the embedded database of npm start, which runs only while npm start does: start it in another terminal'
      : '';
    const { problems } = hosts.status;
    const why = problems.length === 1 ? problems[0].problem : problems.map(({ host, problem }) => `${host}: ${problem}`).join('; ');
    throw new Error(`Cannot reach PostgreSQL at ${describeHosts(hosts.target.hosts)} (${why})${hint}`, { cause: error });
  }
}
