import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiExtension } from '@nestjs/swagger';
import type { Scope } from '../principal';

/** How a route proves who calls it. Routes without a declaration require an API key. */
export type AuthMethod = 'api-key' | 'jwt' | 'admin-token' | 'none';

export const AUTH_METHOD = 'auth:method';
export const REQUIRED_SCOPE = 'auth:scope';

/** Swagger security scheme names, registered in configure-app.ts. */
export const API_KEY_SCHEME = 'api-key';
export const JWT_SCHEME = 'jwt';
export const ADMIN_TOKEN_SCHEME = 'admin-token';

export const Public = () => SetMetadata(AUTH_METHOD, 'none' satisfies AuthMethod);

/** Family A, DCB and the token exchange: `Authorization: Bearer <API key>`. */
export const ApiKeyAuth = () =>
  applyDecorators(SetMetadata(AUTH_METHOD, 'api-key' satisfies AuthMethod), ApiBearerAuth(API_KEY_SCHEME));

/** Family B: `Authorization: Bearer <JWT>` from `POST /api/auth/token`. */
export const JwtAuth = () => applyDecorators(SetMetadata(AUTH_METHOD, 'jwt' satisfies AuthMethod), ApiBearerAuth(JWT_SCHEME));

/** Operator endpoints: `Authorization: Bearer <ADMIN_TOKEN>`. */
export const AdminTokenAuth = () =>
  applyDecorators(SetMetadata(AUTH_METHOD, 'admin-token' satisfies AuthMethod), ApiBearerAuth(ADMIN_TOKEN_SCHEME));

/** The scope the caller's key must hold; a valid key without it gets 403 FORBIDDEN. */
export const RequireScope = (scope: Scope) =>
  applyDecorators(SetMetadata(REQUIRED_SCOPE, scope), ApiExtension('x-required-scope', scope));
