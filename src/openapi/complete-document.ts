import type { OpenAPIObject, OperationObject, ResponseObject } from '@nestjs/swagger';
import { API_KEY_SCHEME, JWT_SCHEME } from '../auth/decorators/auth.decorators';

/** Family B (`/api/...`) answers errors in the flat envelope; every other path in the nested one. */
const envelopeOf = (path: string) => ({
  $ref: `#/components/schemas/${path.startsWith('/api/') ? 'FlatErrorResponseDto' : 'ErrorResponseDto'}`,
});

const integerHeader = (description: string) => ({ description, schema: { type: 'integer' } });

const REQUEST_ID_HEADER = {
  'X-Request-Id': {
    description:
      "The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it",
    schema: { type: 'string' },
  },
};

const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': integerHeader('Requests this API key may make per UTC minute'),
  'X-RateLimit-Remaining': integerHeader('Requests left in the current minute'),
  'X-RateLimit-Reset': integerHeader("Unix time (seconds) at which the current minute's window ends"),
};

/** Answers any operation can give, whatever its own code does: the HTTP layer's. */
const HTTP_LAYER_RESPONSES: Record<string, string> = {
  '400':
    'VALIDATION_ERROR: a query parameter (or body field) this operation does not define, named in `details.fields`, or two ' +
    'credentials in one request (two `Authorization` headers)',
  '503':
    'SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many ' +
    'request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS ' +
    '(`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after ' +
    'DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After`',
};

/** Answers any operation that takes a JSON body can give. */
const BODY_RESPONSES: Record<string, string> = {
  '408':
    'REQUEST_TIMEOUT: the request did not arrive whole within REQUEST_TIMEOUT_MS, or its body arrived slower than ' +
    'MIN_BODY_BYTES_PER_SECOND; the connection is closed',
  '413': 'PAYLOAD_TOO_LARGE: the body is larger than MAX_BODY_BYTES',
  '415': 'VALIDATION_ERROR: the body is not JSON in UTF-8 (`Content-Type: application/json`)',
};

/** Requests with these credentials count against their key's limit and carry its headers; operators' and Prometheus's do not. */
const COUNTED_SCHEMES = new Set([API_KEY_SCHEME, JWT_SCHEME]);

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/**
 * What the decorators cannot say once per operation, said for all of them (DECISIONS §12): the
 * responses of the HTTP layer (400 for an unknown parameter, 503 while draining or busy; 408, 413
 * and 415 for a body), the
 * headers every response carries (`X-Request-Id`; the `X-RateLimit-*` trio on routes with an API
 * key or a token, except their 401), an explicit empty `security` on public routes, and a server.
 */
export function completeDocument(document: OpenAPIObject): OpenAPIObject {
  document.servers = [{ url: '/', description: 'The server that serves this document' }];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation) completeOperation(path, operation);
    }
  }
  return document;
}

function completeOperation(path: string, operation: OperationObject): void {
  operation.security ??= [];
  const layerResponses = { ...HTTP_LAYER_RESPONSES, ...(operation.requestBody ? BODY_RESPONSES : {}) };
  for (const [status, description] of Object.entries(layerResponses)) {
    operation.responses[status] ??= { description, content: { 'application/json': { schema: envelopeOf(path) } } };
  }
  const counted = operation.security.some((requirement) => Object.keys(requirement).some((scheme) => COUNTED_SCHEMES.has(scheme)));
  for (const [status, response] of Object.entries(operation.responses) as [string, ResponseObject][]) {
    response.headers = { ...REQUEST_ID_HEADER, ...(counted && status !== '401' ? RATE_LIMIT_HEADERS : {}), ...response.headers };
  }
}
