import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { exitOnInvalidEnvironment } from './config/exit-on-invalid-environment';
import { logLevelsFrom } from './config/log-levels';
import { readEnvironment } from './config/validate-environment';
import { configureApp } from './configure-app';
import { runMigrations } from './database/run-migrations';

async function bootstrap(): Promise<void> {
  const config = exitOnInvalidEnvironment(() => readEnvironment({ tokenKeys: true }));
  Logger.overrideLogger(logLevelsFrom(config.LOG_LEVEL));
  await runMigrations(config.DATABASE_URL);
  const app = await NestFactory.create(AppModule.forRoot(config), { bodyParser: false, logger: logLevelsFrom(config.LOG_LEVEL) });
  configureApp(app).enableShutdownHooks();
  await app.listen(config.PORT);
  new Logger('Api').log(`Listening on port ${config.PORT}; API explorer at /docs`);
}

void bootstrap();
