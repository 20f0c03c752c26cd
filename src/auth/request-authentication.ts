import { Injectable } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ForbiddenError, UnauthorizedError } from '../common/errors/common.errors';
import { addRouteConfig, controllerRoutes } from '../common/routes/controller-routes';
import { RequestRateLimiter } from '../limits/request-rate-limiter';
import { AUTH_METHOD, AuthMethod, QUERY_CREDENTIAL, REQUIRED_SCOPE } from './decorators/auth.decorators';
import type { Principal, Scope } from './principal';
import { AdminTokenStrategy } from './strategies/admin-token.strategy';
import { ApiKeyStrategy } from './strategies/api-key.strategy';
import { Caller, CredentialCheck, NOBODY } from './strategies/credential-check';
import { JwtStrategy } from './strategies/jwt.strategy';
import { credentialFromQueryOrHeader, soleAuthorization } from './strategies/bearer-token';

type CheckedMethod = Exclude<AuthMethod, 'none'>;

/** What a route demands of its caller, carried in its Fastify route config. */
export interface RouteAuthentication {
  method: AuthMethod;
  scope?: Scope;
  /** The query parameter that may carry the credential instead of the Authorization header (AcceptQueryCredential). */
  queryCredential?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    authentication?: RouteAuthentication;
  }
  interface FastifyRequest {
    user: Caller | null;
  }
}

const FAILURE_MESSAGES: Record<CheckedMethod, string> = {
  'api-key': 'Missing, invalid or revoked API key',
  jwt: 'Missing, invalid, expired or revoked access token',
  'admin-token': 'Missing or invalid admin token',
};

/**
 * Authentication, the request limit and the scope check, decided from the request's headers alone,
 * in an onRequest hook: before Fastify reads a byte of the body. An unauthenticated or over-limit
 * request therefore costs no memory for its body and cannot hold the server by sending it slowly
 * (it is answered with `Connection: close`, so the unread rest never arrives).
 *
 * Routes declare their method with RequireApiKey/RequireAccessToken/RequireAdminToken/Public (API key when
 * undeclared) and their scope with RequireScope; declareRoutes() copies each route's resolved
 * declaration into its Fastify route config, where the hook reads it. Every authenticated request
 * counts against its key's limit before the scope check, so a 403 counts too; operators (`/admin`)
 * and failed authentications do not, except a request with a key this instance remembers that
 * proves revoked in that instant (RequestRateLimiter.countCaller).
 */
@Injectable()
export class RequestAuthentication {
  private readonly checks: ReadonlyMap<CheckedMethod, CredentialCheck>;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly metadataScanner: MetadataScanner,
    private readonly reflector: Reflector,
    private readonly rateLimiter: RequestRateLimiter,
    apiKey: ApiKeyStrategy,
    jwt: JwtStrategy,
    adminToken: AdminTokenStrategy,
  ) {
    this.checks = new Map<CheckedMethod, CredentialCheck>([
      ['api-key', apiKey],
      ['jwt', jwt],
      ['admin-token', adminToken],
    ]);
  }

  /** Must run before the application registers its routes (app.init()). */
  declareRoutes(): void {
    for (const route of controllerRoutes(this.discovery, this.metadataScanner)) {
      const targets = [route.handler, route.controller];
      const authentication: RouteAuthentication = {
        method: this.reflector.getAllAndOverride<AuthMethod>(AUTH_METHOD, targets) ?? 'api-key',
        scope: this.reflector.getAllAndOverride<Scope | undefined>(REQUIRED_SCOPE, targets),
        queryCredential: this.reflector.getAllAndOverride<string | undefined>(QUERY_CREDENTIAL, targets),
      };
      addRouteConfig(route, { authentication });
    }
  }

  /** The onRequest hook. Routes without a declaration (unknown paths, the API explorer) pass: the router answers them. */
  readonly onRequest = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const authentication = request.routeOptions.config?.authentication;
    if (!authentication || authentication.method === 'none') return;
    try {
      request.user = await this.authenticate(authentication, request, reply);
    } catch (error) {
      if (hasBody(request)) reply.header('Connection', 'close');
      throw error;
    }
  };

  private async authenticate(
    { method, scope, queryCredential }: RouteAuthentication,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<Caller> {
    const check = this.checks.get(method as CheckedMethod);
    const { caller, headers } = await this.rateLimiter.countCaller(check?.verify(authorizationOf(request, queryCredential)) ?? NOBODY);
    if (!caller) throw new UnauthorizedError(FAILURE_MESSAGES[method as CheckedMethod]);
    if ('operator' in caller) return caller;
    // The headers go on the response now, so that every outcome (a 404 or 409 later on) carries them; a 429 carries its own.
    reply.headers(headers);
    if (scope && !caller.scopes.includes(scope)) throw new ForbiddenError(scope);
    return caller satisfies Principal;
  }
}

/** The Authorization header, or one made of the route's query credential (AcceptQueryCredential) when that is there. */
function authorizationOf(request: FastifyRequest, queryCredential: string | undefined): string | undefined {
  const header = soleAuthorization(request.raw);
  if (!queryCredential) return header;
  const value = (request.query as Record<string, unknown> | undefined)?.[queryCredential];
  const credential = credentialFromQueryOrHeader(typeof value === 'string' ? value : null, header, queryCredential);
  return credential === null ? undefined : `Bearer ${credential}`;
}

/** Whether the client announced a body that nobody has read yet. */
function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}
