import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiExtension, ApiResponse } from '@nestjs/swagger';
import { ErrorResponseDto, FlatErrorResponseDto } from '../../common/dto/error-response.dto';
import type { Scope } from '../principal';

/** How a route proves who calls it. Routes without a declaration require an API key. */
export type AuthMethod = 'api-key' | 'jwt' | 'admin-token' | 'none';

export const AUTH_METHOD = 'auth:method';
export const REQUIRED_SCOPE = 'auth:scope';
export const QUERY_CREDENTIAL = 'auth:query-credential';

/** Swagger security scheme names, registered in configure-app.ts. */
export const API_KEY_SCHEME = 'api-key';
export const JWT_SCHEME = 'jwt';
export const ADMIN_TOKEN_SCHEME = 'admin-token';

export const Public = () => SetMetadata(AUTH_METHOD, 'none' satisfies AuthMethod);

// The X-RateLimit-* trio is declared on every response of these routes by completeDocument().
const RETRY_AFTER_HEADER = { 'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer' } } };

/** Every authenticated route counts against its key's request limit; appends also against the store's event budget. */
const ApiRateLimited = (envelope: typeof ErrorResponseDto | typeof FlatErrorResponseDto) =>
  ApiResponse({
    status: 429,
    description:
      'RATE_LIMITED: the API key used up its requests of this minute (`details.limit: "requests"`), or, on appends, the store its ' +
      'events of this minute (`details.limit: "events"`, nothing written; only `Retry-After` then refers to the budget). Every ' +
      'response to an authenticated request carries the `X-RateLimit-*` headers.',
    type: envelope,
    headers: RETRY_AFTER_HEADER,
  });

/**
 * Family A, DCB and the token exchange: `Authorization: Bearer <API key>`. The token exchange lives
 * under `/api/`, whose errors use the flat envelope.
 */
export const RequireApiKey = (envelope: 'nested' | 'flat' = 'nested') =>
  applyDecorators(
    SetMetadata(AUTH_METHOD, 'api-key' satisfies AuthMethod),
    ApiBearerAuth(API_KEY_SCHEME),
    ApiRateLimited(envelope === 'flat' ? FlatErrorResponseDto : ErrorResponseDto),
  );

/** Family B: `Authorization: Bearer <JWT>` from `POST /api/auth/token`. */
export const RequireAccessToken = () =>
  applyDecorators(SetMetadata(AUTH_METHOD, 'jwt' satisfies AuthMethod), ApiBearerAuth(JWT_SCHEME), ApiRateLimited(FlatErrorResponseDto));

/** Operator endpoints: `Authorization: Bearer <ADMIN_TOKEN>`. */
export const RequireAdminToken = () =>
  applyDecorators(SetMetadata(AUTH_METHOD, 'admin-token' satisfies AuthMethod), ApiBearerAuth(ADMIN_TOKEN_SCHEME));

/** The scope the caller's key must hold; a valid key without it gets 403 FORBIDDEN. */
export const RequireScope = (scope: Scope) => applyDecorators(SetMetadata(REQUIRED_SCOPE, scope), ApiExtension('x-required-scope', scope));

/**
 * The route also takes its credential from this query parameter (`apiKey`, or `accessToken` on
 * /api paths): for browsers' EventSource, which cannot send an Authorization header, as the
 * WebSocket upgrade does. Both at once must say the same.
 */
export const AcceptQueryCredential = (parameter: 'apiKey' | 'accessToken') => SetMetadata(QUERY_CREDENTIAL, parameter);
