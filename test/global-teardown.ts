import type { Config } from '@jest/types';
import Redis from 'ioredis';
import { rmSync } from 'node:fs';
import { coverageDirectory, unexercisedOperations } from './support/openapi-contract';
import { removeRunLeftovers } from './support/postgres-processes';
import { onServer } from './support/test-database';
import { testEnvironment } from './support/test-environment';

export default async function globalTeardown(globalConfig: Config.GlobalConfig): Promise<void> {
  const runId = testEnvironment.runId;
  await dropRunResources(runId);
  // The PostgreSQL pairs' template clusters, and any server a crashed test process left running.
  removeRunLeftovers(runId);
  // After a whole run (no file or name filter), every operation of the OpenAPI document must have
  // been answered in some suite, and so checked against its schemas (OpenApiContract).
  const unexercised = unexercisedOperations(runId);
  rmSync(coverageDirectory(runId), { recursive: true, force: true });
  const wholeRun = globalConfig.testPathPatterns.patterns.length === 0 && !globalConfig.testNamePattern;
  if (wholeRun && unexercised.length > 0) {
    throw new Error(`No test exercised these OpenAPI operations, so their responses went unchecked: ${unexercised.join(', ')}`);
  }
}

async function dropRunResources(runId: string): Promise<void> {
  await onServer(async (client) => {
    const { rows } = await client.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [
      `es\\_test\\_${runId}\\_%`,
    ]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  });

  const redis = new Redis(testEnvironment.redisUrl);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${testEnvironment.redisPrefix}*`, 'COUNT', 1000);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
