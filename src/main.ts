import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { jsonLogger } from './common/logging/json-logger';
import { exitOnInvalidEnvironment, runEntryPoint } from './config/entry-point';
import { readEnvironment } from './config/validate-environment';
import { configureApp } from './configure-app';
import { runMigrations } from './database/run-migrations';

runEntryPoint('API', async () => {
  const config = exitOnInvalidEnvironment(() => readEnvironment({ tokenKeys: true }));
  const logger = jsonLogger(config);
  Logger.overrideLogger(logger);
  await runMigrations(config.DATABASE_URL);
  const app = await NestFactory.create(AppModule.forRoot(config), { bodyParser: false, logger });
  configureApp(app).enableShutdownHooks();
  await app.listen(config.PORT);
  new Logger('Api').log(`Listening on port ${config.PORT}; API explorer at /docs`);
});
