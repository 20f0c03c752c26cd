import Redis from 'ioredis';
import { onServer } from './support/test-database';
import { testEnvironment } from './support/test-environment';

export default async function globalTeardown(): Promise<void> {
  const runId = testEnvironment.runId;
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
