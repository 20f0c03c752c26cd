import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { databaseUrl, testEnvironment } from './test-environment';

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** Runs one statement on the server's maintenance database. */
export async function onServer<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: testEnvironment.postgresUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function newDatabase(template?: string): Promise<TestDatabase> {
  const name = `es_test_${testEnvironment.runId}_${randomBytes(4).toString('hex')}`;
  await onServer((client) => client.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`));
  return {
    name,
    url: databaseUrl(name),
    drop: () => onServer((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}

/** A copy of the migrated template: a fresh, fully migrated database in a few milliseconds. */
export const cloneTestDatabase = () => newDatabase(testEnvironment.templateDatabase);

/** An empty database, for tests of the migration run itself. */
export const emptyTestDatabase = () => newDatabase();
