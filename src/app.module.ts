import { DynamicModule, Module, ValidationPipe } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { AuthModule } from './auth/auth.module';
import { BodyShapeInterceptor } from './common/body-shape.interceptor';
import { AllExceptionsFilter } from './common/filters/all-exceptions.filter';
import { HttpDrain } from './common/http-drain';
import { LifecycleLogger } from './common/lifecycle-logger';
import { RedisModule } from './common/redis/redis.module';
import { validationExceptionFactory } from './common/validation/validation-exception.factory';
import { AppConfigModule } from './config/app-config.module';
import { EnvironmentVariables } from './config/environment-variables';
import { DatabaseModule } from './database/database.module';
import { DcbModule } from './dcb/dcb.module';
import { EventStoresModule } from './event-stores/event-stores.module';
import { HealthModule } from './health/health.module';
import { MetricsModule } from './metrics/metrics.module';
import { IdempotentResponseInterceptor } from './streams/idempotency/idempotent-response.interceptor';
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
        DatabaseModule.forRoot(),
        RedisModule,
        MetricsModule.forApi(),
        CqrsModule.forRoot(),
        AuthModule,
        TenantsModule,
        EventStoresModule,
        StreamsModule,
        DcbModule,
        SubscriptionsModule,
        WebSocketGatewayModule,
        HealthModule,
      ],
      providers: [
        LifecycleLogger,
        // In the root module so that its onModuleDestroy (the HTTP drain) runs before every other module's.
        HttpDrain,
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        // Before the ValidationPipe (interceptors run before pipes): refuses bodies it could not walk.
        { provide: APP_INTERCEPTOR, useClass: BodyShapeInterceptor },
        // Unwraps the appends' IdempotentResponse and marks replays (streams and DCB alike).
        { provide: APP_INTERCEPTOR, useClass: IdempotentResponseInterceptor },
        {
          provide: APP_PIPE,
          useValue: new ValidationPipe({ whitelist: true, transform: true, exceptionFactory: validationExceptionFactory }),
        },
      ],
    };
  }
}
