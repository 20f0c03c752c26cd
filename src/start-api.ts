import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from './app.module';
import { jsonLogger } from './common/logging/json-logger';
import { stopOnSignals } from './config/entry-point';
import type { EnvironmentVariables } from './config/environment-variables';
import { configureApp, httpAdapter } from './configure-app';
import { runMigrations } from './database/run-migrations';

/**
 * One process serving the API until it is told to stop: the whole API with WEB_CONCURRENCY=1, or one
 * node:cluster worker of several, whose primary has run the migrations already (`migrate: false`).
 */
export async function startApi(config: EnvironmentVariables, { migrate }: { migrate: boolean }): Promise<void> {
  const logger = jsonLogger(config);
  Logger.overrideLogger(logger);
  if (migrate) await runMigrations(config);
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), httpAdapter(config), {
    bodyParser: false,
    logger,
  });
  stopOnSignals(configureApp(app));
  // Fastify listens on localhost unless told otherwise; the API serves every interface, as Express did.
  // Under node:cluster the primary holds the port and hands each worker its share of the connections.
  await app.listen(config.PORT, '0.0.0.0');
  new Logger('Api').log(`Listening on port ${config.PORT}; API explorer at /docs`);
}
