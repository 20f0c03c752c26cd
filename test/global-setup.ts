import { randomBytes } from 'node:crypto';
import { validateEnvironment } from '../src/config/validate-environment';
import { runMigrations } from '../src/database/run-migrations';
import { onServer } from './support/test-database';
import { databaseUrl } from './support/test-environment';

/**
 * One run, one random name: a template database migrated once (each test file clones it) and a
 * Redis key prefix. The global teardown drops and deletes everything carrying the run id.
 */
export default async function globalSetup(): Promise<void> {
  const runId = randomBytes(4).toString('hex');
  const template = `es_test_${runId}_template`;
  process.env.TEST_RUN_ID = runId;
  process.env.TEST_TEMPLATE_DATABASE = template;
  process.env.TEST_REDIS_PREFIX = `es-test-${runId}`;

  await onServer((client) => client.query(`CREATE DATABASE "${template}"`));
  await runMigrations(validateEnvironment({ DATABASE_URL: databaseUrl(template) }), () => undefined);
}
