import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { FastifyReply } from 'fastify';
import { ForbiddenError, UnauthorizedError } from '../../common/errors/common.errors';
import { RequestRateLimiter } from '../../limits/request-rate-limiter';
import { AUTH_METHOD, AuthMethod, REQUIRED_SCOPE } from '../decorators/auth.decorators';
import type { Principal, Scope } from '../principal';

type PassportMethod = Exclude<AuthMethod, 'none'>;

const FAILURE_MESSAGES: Record<PassportMethod, string> = {
  'api-key': 'Missing, invalid or revoked API key',
  jwt: 'Missing, invalid, expired or revoked access token',
  'admin-token': 'Missing or invalid admin token',
};

function passportGuard(method: PassportMethod): CanActivate {
  return new (class extends AuthGuard(method) {
    override handleRequest<T>(error: unknown, user: T | false): T {
      if (error) throw error;
      if (!user) throw new UnauthorizedError(FAILURE_MESSAGES[method]);
      return user;
    }
  })();
}

/**
 * The one global guard: picks the route's authentication method (API key unless declared
 * otherwise), runs its passport strategy, counts the request against the key's limit, then checks
 * the required scope. Counting comes before the scope check because every authenticated request
 * counts, a 403 included (DECISIONS §7); operators (`/admin`) and failed authentications do not.
 */
@Injectable()
export class AuthenticationGuard implements CanActivate {
  private readonly guards: Record<PassportMethod, CanActivate> = {
    'api-key': passportGuard('api-key'),
    jwt: passportGuard('jwt'),
    'admin-token': passportGuard('admin-token'),
  };

  constructor(
    private readonly reflector: Reflector,
    private readonly rateLimiter: RequestRateLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const method = this.reflector.getAllAndOverride<AuthMethod>(AUTH_METHOD, targets) ?? 'api-key';
    if (method === 'none') return true;
    await this.guards[method].canActivate(context);

    const principal: Principal = context.switchToHttp().getRequest().user;
    if (method !== 'admin-token') await this.countRequest(context, principal);

    const scope = this.reflector.getAllAndOverride<Scope | undefined>(REQUIRED_SCOPE, targets);
    if (scope && !principal.scopes.includes(scope)) throw new ForbiddenError(scope);
    return true;
  }

  /** The headers go on the response now, so that every outcome (a 404 or 409 later on) carries them; a 429 carries its own. */
  private async countRequest(context: ExecutionContext, principal: Principal): Promise<void> {
    const headers = await this.rateLimiter.count(principal.apiKeyId);
    context.switchToHttp().getResponse<FastifyReply>().headers(headers);
  }
}
