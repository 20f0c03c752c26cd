import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { ADMIN_TOKEN_SCHEME, API_KEY_SCHEME, JWT_SCHEME } from '../auth/decorators/auth.decorators';
import { METRICS_TOKEN_SCHEME } from '../metrics/metrics.controller';
import { completeDocument } from './complete-document';

const DESCRIPTION =
  'Append-only event streams, reads, subscriptions and Dynamic Consistency Boundary queries. ' +
  'The `/event-stores` paths (DCB included) take `Authorization: Bearer <API key>`; the `/api` paths take a JWT ' +
  'from `POST /api/auth/token`; operators use `Authorization: Bearer <ADMIN_TOKEN>` on `/admin`. ' +
  'Each API key may make RATE_LIMIT_REQUESTS_PER_MINUTE requests per UTC minute (1000 by default) across all instances: ' +
  'every response to an authenticated request carries `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` ' +
  "(Unix seconds of the window end), and a 429 `RATE_LIMITED` adds `Retry-After`. Appends also count against their store's " +
  'RATE_LIMIT_EVENTS_PER_MINUTE events per minute (429, nothing written). A field or query parameter an operation does not ' +
  'define is refused with 400 `VALIDATION_ERROR` naming it; `data` and `metadata` take any keys.';

/**
 * The document at `/docs-json`, from which clients (ours first) are generated: what the controllers'
 * decorators declare, completed with what holds for every operation (completeDocument).
 */
export function createOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Event Store Service')
    .setDescription(DESCRIPTION)
    .setVersion('1')
    .setLicense('MIT', 'https://opensource.org/licenses/MIT')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'API key (esk_…)', description: 'API key (`esk_…`)' }, API_KEY_SCHEME)
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Token from POST /api/auth/token' }, JWT_SCHEME)
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'opaque', description: 'The operator ADMIN_TOKEN' }, ADMIN_TOKEN_SCHEME)
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', bearerFormat: 'opaque', description: 'METRICS_TOKEN, for Prometheus' },
      METRICS_TOKEN_SCHEME,
    )
    .build();
  return completeDocument(SwaggerModule.createDocument(app, config));
}
