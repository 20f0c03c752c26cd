import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { exitOnInvalidEnvironment } from './config/exit-on-invalid-environment';
import { logLevelsFrom } from './config/log-levels';
import { readEnvironment } from './config/validate-environment';
import { runMigrations } from './database/run-migrations';
import { WorkerModule } from './worker.module';

async function bootstrap(): Promise<void> {
  const config = exitOnInvalidEnvironment(() => readEnvironment());
  Logger.overrideLogger(logLevelsFrom(config.LOG_LEVEL));
  await runMigrations(config.DATABASE_URL);
  const worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger: logLevelsFrom(config.LOG_LEVEL) });
  worker.enableShutdownHooks();
  await worker.init();
  new Logger('Worker').log('Worker ready');
}

void bootstrap();
