import { DynamicModule, Module } from '@nestjs/common';
import { RedisModule } from './common/redis/redis.module';
import { AppConfigModule } from './config/app-config.module';
import { EnvironmentVariables } from './config/environment-variables';
import { DatabaseModule } from './database/database.module';
import { MetricsModule } from './metrics/metrics.module';
import { RetentionModule } from './retention/retention.module';
import { WEBHOOK_DELIVERY_CONCURRENCY } from './subscriptions/delivery/webhook-delivery.processor';
import { WebhookDeliveryModule } from './subscriptions/delivery/webhook-delivery.module';

/** The worker process: webhook delivery and the retention sweep; no HTTP server but its metrics listener. */
@Module({})
export class WorkerModule {
  static forRoot(config: EnvironmentVariables): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        AppConfigModule.forRoot(config),
        DatabaseModule.forRoot({ poolSize: WEBHOOK_DELIVERY_CONCURRENCY + 8 }),
        RedisModule,
        MetricsModule.forWorker(),
        WebhookDeliveryModule,
        RetentionModule,
      ],
    };
  }
}
