import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { ADMIN_TOKEN_SCHEME, API_KEY_SCHEME, JWT_SCHEME } from './auth/decorators/auth.decorators';
import { HttpDrain } from './common/http-drain';
import { logRequests } from './common/logging/access-log.middleware';
import { assignRequestId } from './common/request-id.middleware';
import { EnvironmentVariables } from './config/environment-variables';
import { recordHttpMetrics } from './metrics/http-metrics.middleware';
import { Metrics } from './metrics/metrics';
import { METRICS_TOKEN_SCHEME } from './metrics/metrics.controller';
import { EventStoreWsAdapter } from './websocket-gateway/upgrade/event-store-ws.adapter';
import { UpgradeAuthorizer } from './websocket-gateway/upgrade/upgrade-authorizer';

/**
 * Everything main.ts does to an application besides listening, so the e2e tests run the very same
 * set-up: the WebSocket adapter (which authorizes upgrades), the shutdown drain, request ids, HTTP
 * metrics, the body parser and Swagger. The app must be created with `bodyParser: false`: the parser
 * registered here carries our size limit (MAX_BODY_BYTES), and Nest's default one would reject
 * bodies over 100 KB first.
 */
export function configureApp(app: INestApplication): INestApplication {
  app.useWebSocketAdapter(new EventStoreWsAdapter(app, app.get(UpgradeAuthorizer)));
  app.use(app.get(HttpDrain).track);
  app.use(assignRequestId);
  app.use(logRequests);
  app.use(recordHttpMetrics(app.get(Metrics)));
  // The adapter-specific steps; switching to Fastify means changing these lines. No ETags: hashing
  // every response costs CPU on the busiest paths, and no client of an event log revalidates pages.
  const express = app as NestExpressApplication;
  express.useBodyParser('json', { limit: app.get(EnvironmentVariables).MAX_BODY_BYTES });
  express.set('etag', false);

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Event Store Service')
      .setDescription(
        'Append-only event streams, reads, subscriptions and Dynamic Consistency Boundary queries. ' +
          'Family A (`/event-stores`) and DCB endpoints take `Authorization: Bearer <API key>`; family B (`/api/...`) ' +
          'takes a JWT from `POST /api/auth/token`; operators use `Authorization: Bearer <ADMIN_TOKEN>` on `/admin`. ' +
          'Each API key may make RATE_LIMIT_REQUESTS_PER_MINUTE requests per UTC minute (1000 by default) across all instances: ' +
          'every response to an authenticated request carries `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` ' +
          '(Unix seconds of the window end), and a 429 `RATE_LIMITED` adds `Retry-After`. Appends also count against their store\'s ' +
          'RATE_LIMIT_EVENTS_PER_MINUTE events per minute (429, nothing written).',
      )
      .setVersion('1')
      .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'API key (esk_…)', description: 'API key (`esk_…`)' }, API_KEY_SCHEME)
      .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Token from POST /api/auth/token' }, JWT_SCHEME)
      .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'opaque', description: 'The operator ADMIN_TOKEN' }, ADMIN_TOKEN_SCHEME)
      .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'opaque', description: 'METRICS_TOKEN, for Prometheus' }, METRICS_TOKEN_SCHEME)
      .build(),
  );
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'docs-json' });
  return app;
}
