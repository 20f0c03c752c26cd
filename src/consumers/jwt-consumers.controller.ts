import { RequireAccessToken } from '../auth/decorators/auth.decorators';
import { ApiFlatErrorResponses } from '../common/decorators/api-error-responses.decorator';
import { consumerRoutes } from './consumer-routes';

/** Family B: the same consumer commands and queries by store name, behind a JWT and the flat error envelope. */
export class JwtConsumersController extends consumerRoutes({
  tag: 'Consumers (/api paths, JWT)',
  path: 'api/event-stores/:eventStoreName/consumers',
  storeParam: { name: 'eventStoreName', description: "The store's name (its id is accepted too)" },
  authenticate: () => RequireAccessToken(),
  errors: ApiFlatErrorResponses,
  queryCredential: 'accessToken',
  operationSuffix: 'WithToken',
}) {}
