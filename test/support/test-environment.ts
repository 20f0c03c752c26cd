/**
 * What the global setup hands to every test file through the environment (Jest forks its workers
 * after the global setup, so they inherit it).
 */
export const testEnvironment = {
  get postgresUrl(): string {
    return process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  },
  /** The PostgreSQL 15 server programs (initdb, pg_ctl, ...) the high-availability tests run servers of their own with. */
  get postgresBin(): string {
    return process.env.TEST_PG_BIN ?? '/usr/lib/postgresql/15/bin';
  },
  get redisUrl(): string {
    return process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  },
  get runId(): string {
    return required('TEST_RUN_ID');
  },
  get templateDatabase(): string {
    return required('TEST_TEMPLATE_DATABASE');
  },
  get redisPrefix(): string {
    return required('TEST_REDIS_PREFIX');
  },
};

/**
 * The Redis prefix of the processes on one database: the run's prefix and the database's name. Every
 * test file has databases of its own, and its processes must not share a queue with another file's:
 * a worker of another file took this file's webhook wake-ups, found no such store in its database,
 * and dropped them (a test that disables the sweep then waited in vain).
 */
export function redisPrefixFor(databaseUrl: string | undefined): string {
  const database = databaseUrl && /\/([^/?]+)(\?|$)/.exec(databaseUrl)?.[1];
  return database ? `${testEnvironment.redisPrefix}-${database}` : testEnvironment.redisPrefix;
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests through Jest's global setup (npm test)`);
  return value;
}

/** Replaces the database name in a postgres URL. */
export function databaseUrl(database: string): string {
  const url = new URL(testEnvironment.postgresUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
