import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from './app.module';
import { limitHeapGrowth } from './common/heap-growth';
import { jsonLogger } from './common/logging/json-logger';
import { exitOnInvalidEnvironment, runEntryPoint, stopOnSignals } from './config/entry-point';
import { readEnvironment } from './config/validate-environment';
import { configureApp, httpAdapter } from './configure-app';
import { runMigrations } from './database/run-migrations';

limitHeapGrowth();

runEntryPoint('API', async () => {
  const config = exitOnInvalidEnvironment(() => readEnvironment({ tokenKeys: true }));
  const logger = jsonLogger(config);
  Logger.overrideLogger(logger);
  await runMigrations(config.DATABASE_URL);
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), httpAdapter(config), {
    bodyParser: false,
    logger,
  });
  stopOnSignals(configureApp(app));
  // Fastify listens on localhost unless told otherwise; the API serves every interface, as Express did.
  await app.listen(config.PORT, '0.0.0.0');
  new Logger('Api').log(`Listening on port ${config.PORT}; API explorer at /docs`);
});
