import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { exitOnInvalidEnvironment, runEntryPoint } from './config/entry-point';
import { logLevelsFrom } from './config/log-levels';
import { readEnvironment } from './config/validate-environment';
import { configureApp } from './configure-app';
import { runMigrations } from './database/run-migrations';

runEntryPoint('API', async () => {
  const config = exitOnInvalidEnvironment(() => readEnvironment({ tokenKeys: true }));
  Logger.overrideLogger(logLevelsFrom(config.LOG_LEVEL));
  await runMigrations(config.DATABASE_URL);
  const app = await NestFactory.create(AppModule.forRoot(config), { bodyParser: false });
  configureApp(app).enableShutdownHooks();
  await app.listen(config.PORT);
  new Logger('Api').log(`Listening on port ${config.PORT}; API explorer at /docs`);
});
