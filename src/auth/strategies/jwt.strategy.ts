import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { EnvironmentVariables } from '../../config/environment-variables';
import { ApiKeyAuthenticator } from '../../tenants/api-key-authenticator';
import type { Principal, Scope } from '../principal';
import type { TokenClaims } from '../token-claims';

/**
 * Verifies HS256 tokens we issued (JWT_SECRET) and RS256 tokens issued elsewhere (JWT_PUBLIC_KEY).
 * The key behind `sub` is looked up on every request (ApiKeyAuthenticator), so revoking it refuses
 * its tokens on every instance from the next request on.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    config: EnvironmentVariables,
    private readonly authenticator: ApiKeyAuthenticator,
  ) {
    const keys: Record<string, string | undefined> = { HS256: config.JWT_SECRET, RS256: config.JWT_PUBLIC_KEY };
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      algorithms: Object.keys(keys).filter((algorithm) => keys[algorithm]) as ('HS256' | 'RS256')[],
      secretOrKeyProvider: (_request: unknown, rawJwt: string, done: (error: Error | null, key?: string) => void) =>
        done(null, keys[headerAlgorithm(rawJwt)] ?? ''),
    });
  }

  async validate(claims: TokenClaims): Promise<Principal | false> {
    // A token must expire and name its scopes as a list; anything else is not one of ours.
    if (typeof claims.exp !== 'number' || !Array.isArray(claims.scopes) || typeof claims.sub !== 'string') return false;
    const principal = await this.authenticator.findActive(claims.sub);
    if (!principal || principal.tenantId !== claims.tenantId) return false;
    // A token never grants more than its key currently holds.
    return { ...principal, scopes: principal.scopes.filter((scope: Scope) => claims.scopes.includes(scope)) };
  }
}

function headerAlgorithm(rawJwt: string): string {
  try {
    return JSON.parse(Buffer.from(rawJwt.split('.')[0], 'base64url').toString()).alg ?? '';
  } catch {
    return '';
  }
}
