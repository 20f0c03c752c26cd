import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE, DiscoveryModule } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { AuthModule } from './auth/auth.module';
import { BodyIntake } from './common/body-intake';
import { AllExceptionsFilter } from './common/filters/all-exceptions.filter';
import { HttpDrain } from './common/http-drain';
import { ConsumersModule } from './consumers/consumers.module';
import { RedisModule } from './common/redis/redis.module';
import { AppValidationPipe, VALIDATION_OPTIONS } from './common/validation/app-validation.pipe';
import { QueryParameterCheck } from './common/validation/query-parameter-check';
import { AppConfigModule } from './config/app-config.module';
import { EnvironmentVariables } from './config/environment-variables';
import { DatabaseModule } from './database/database.module';
import { DcbModule } from './dcb/dcb.module';
import { EventStoresModule } from './event-stores/event-stores.module';
import { HealthModule } from './health/health.module';
import { ServiceIndexModule } from './service-index/service-index.module';
import { MetricsModule } from './metrics/metrics.module';
import { StoreActivityModule } from './store-activity/store-activity.module';
import { StreamsModule } from './streams/streams.module';
import { SubscriptionsModule } from './subscriptions/subscriptions.module';
import { TenantsModule } from './tenants/tenants.module';
import { WebSocketGatewayModule } from './websocket-gateway/websocket-gateway.module';

/** The API process: HTTP endpoints and the WebSocket gateway of every feature. */
@Module({})
export class AppModule {
  static forRoot(config: EnvironmentVariables): DynamicModule {
    return {
      module: AppModule,
      imports: [
        AppConfigModule.forRoot(config),
        DatabaseModule.forRoot({ sharedAmongTenants: true }),
        RedisModule,
        MetricsModule.forApi(),
        CqrsModule.forRoot(),
        DiscoveryModule,
        AuthModule,
        TenantsModule,
        EventStoresModule,
        StoreActivityModule,
        StreamsModule,
        DcbModule,
        SubscriptionsModule,
        ConsumersModule,
        WebSocketGatewayModule,
        HealthModule,
        ServiceIndexModule,
      ],
      providers: [
        // In the root module so that its onModuleDestroy (the HTTP drain) runs before every other module's.
        HttpDrain,
        BodyIntake,
        QueryParameterCheck,
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        {
          provide: APP_PIPE,
          useValue: new AppValidationPipe(VALIDATION_OPTIONS),
        },
      ],
    };
  }
}
