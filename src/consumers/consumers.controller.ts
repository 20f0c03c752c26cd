import { RequireApiKey } from '../auth/decorators/auth.decorators';
import { ApiErrorResponses } from '../common/decorators/api-error-responses.decorator';
import { EVENT_STORE_REF_PARAM } from '../event-stores/event-store-ref.param';
import { consumerRoutes } from './consumer-routes';

/** Family A: durable consumers of a store (docs/consumers.md), behind an API key. */
export class ConsumersController extends consumerRoutes({
  tag: 'Consumers',
  path: 'event-stores/:eventStoreId/consumers',
  storeParam: { ...EVENT_STORE_REF_PARAM, name: 'eventStoreId' },
  authenticate: () => RequireApiKey(),
  errors: ApiErrorResponses,
  queryCredential: 'apiKey',
  operationSuffix: '',
}) {}
