import { DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { RedisModule } from '../common/redis/redis.module';
import { AppConfigModule } from '../config/app-config.module';
import { EnvironmentVariables } from '../config/environment-variables';
import { DatabaseModule } from '../database/database.module';
import { TenantsModule } from '../tenants/tenants.module';

/** The operator CLI: the same tenant and key commands as `/admin`, without an HTTP server; Redis to announce revocations. */
@Module({})
export class CliModule {
  static forRoot(config: EnvironmentVariables): DynamicModule {
    return {
      module: CliModule,
      imports: [AppConfigModule.forRoot(config), DatabaseModule.forRoot(), RedisModule, CqrsModule.forRoot(), TenantsModule],
    };
  }
}
