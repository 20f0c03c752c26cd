import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { ForbiddenError, UnauthorizedError } from '../../common/errors/common.errors';
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
 * otherwise), runs its passport strategy, then checks the required scope.
 */
@Injectable()
export class AuthenticationGuard implements CanActivate {
  private readonly guards: Record<PassportMethod, CanActivate> = {
    'api-key': passportGuard('api-key'),
    jwt: passportGuard('jwt'),
    'admin-token': passportGuard('admin-token'),
  };

  constructor(private readonly reflector: Reflector) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const method = this.reflector.getAllAndOverride<AuthMethod>(AUTH_METHOD, targets) ?? 'api-key';
    if (method === 'none') return true;
    await this.guards[method].canActivate(context);

    const scope = this.reflector.getAllAndOverride<Scope | undefined>(REQUIRED_SCOPE, targets);
    const principal: Principal = context.switchToHttp().getRequest().user;
    if (scope && !principal.scopes.includes(scope)) throw new ForbiddenError(scope);
    return true;
  }
}
