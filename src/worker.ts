import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { limitHeapGrowth } from './common/heap-growth';
import { jsonLogger } from './common/logging/json-logger';
import { REDIS_CLIENT } from './common/redis/redis.module';
import type { RedisClient } from './common/redis/redis-topology';
import { requireRedisWrites } from './common/redis/write-check';
import { exitOnInvalidEnvironment, runEntryPoint, stopOnSignals } from './config/entry-point';
import { readEnvironment } from './config/validate-environment';
import { runMigrations } from './database/run-migrations';
import { WorkerModule } from './worker.module';

const REDIS_CHECK_TIMEOUT_MS = 5000;

limitHeapGrowth();

runEntryPoint('Worker', async () => {
  const config = exitOnInvalidEnvironment(() => readEnvironment());
  const logger = jsonLogger(config);
  Logger.overrideLogger(logger);
  await runMigrations(config);
  const worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger });
  stopOnSignals(worker);
  await worker.init();
  // The worker's jobs live in Redis: it is not ready until Redis takes writes.
  await requireRedisWrites(worker.get<RedisClient>(REDIS_CLIENT), config.REDIS_PREFIX, REDIS_CHECK_TIMEOUT_MS);
  new Logger('Worker').log('Worker ready');
});
