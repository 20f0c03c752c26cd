import { DynamicModule, Module } from '@nestjs/common';
import { LifecycleLogger } from './common/lifecycle-logger';
import { RedisModule } from './common/redis/redis.module';
import { AppConfigModule } from './config/app-config.module';
import { EnvironmentVariables } from './config/environment-variables';
import { DatabaseModule } from './database/database.module';

/** The worker process: database and queue connections only, no HTTP server. */
@Module({})
export class WorkerModule {
  static forRoot(config: EnvironmentVariables): DynamicModule {
    return { module: WorkerModule, imports: [AppConfigModule.forRoot(config), DatabaseModule, RedisModule], providers: [LifecycleLogger] };
  }
}
