import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { EnvironmentVariables } from '../../config/environment-variables';
import { ApiKeyAuthenticator } from '../../tenants/api-key-authenticator';
import type { Principal, Scope } from '../principal';
import type { TokenClaims } from '../token-claims';
import { bearerToken } from './bearer-token';
import type { CredentialCheck, Verification } from './credential-check';

/**
 * Family B: verifies HS256 tokens we issued (JWT_SECRET) and RS256 tokens issued elsewhere
 * (JWT_PUBLIC_KEY). The key behind `sub` is looked up on every request (ApiKeyAuthenticator), so
 * revoking it refuses its tokens on every instance from the next request on.
 */
@Injectable()
export class JwtStrategy implements CredentialCheck<Principal> {
  /**
   * Verification keys by algorithm. A Map, because the algorithm is read from the token's header
   * before anything is verified: on a plain object `alg: "constructor"` would find a function.
   */
  private readonly keys: ReadonlyMap<string, string>;

  constructor(
    config: EnvironmentVariables,
    private readonly jwt: JwtService,
    private readonly authenticator: ApiKeyAuthenticator,
  ) {
    const keys = new Map<string, string>();
    if (config.JWT_SECRET) keys.set('HS256', config.JWT_SECRET);
    if (config.JWT_PUBLIC_KEY) keys.set('RS256', config.JWT_PUBLIC_KEY);
    this.keys = keys;
  }

  verify(authorization: string | undefined): Verification<Principal> {
    return { caller: this.callerOf(authorization) };
  }

  private async callerOf(authorization: string | undefined): Promise<Principal | null> {
    const token = bearerToken(authorization);
    const algorithm = token === null ? null : headerAlgorithm(token);
    const key = algorithm === null ? undefined : this.keys.get(algorithm);
    if (!token || !algorithm || !key) return null;
    const claims = await this.jwt
      .verifyAsync<TokenClaims>(token, { algorithms: [algorithm as 'HS256' | 'RS256'], secret: key })
      .catch(() => null);
    return claims ? this.principalOf(claims) : null;
  }

  private async principalOf(claims: TokenClaims): Promise<Principal | null> {
    // A token must expire and name its scopes as a list; anything else is not one of ours.
    if (typeof claims.exp !== 'number' || !Array.isArray(claims.scopes) || typeof claims.sub !== 'string') return null;
    const principal = await this.authenticator.findActive(claims.sub);
    if (!principal || principal.tenantId !== claims.tenantId) return null;
    // A token never grants more than its key currently holds.
    return { ...principal, scopes: principal.scopes.filter((scope: Scope) => claims.scopes.includes(scope)) };
  }
}

/** The `alg` its header names, or null when the header is not a JSON object with a string `alg`. */
function headerAlgorithm(token: string): string | null {
  try {
    const header: unknown = JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString());
    const algorithm = header !== null && typeof header === 'object' ? (header as { alg?: unknown }).alg : undefined;
    return typeof algorithm === 'string' ? algorithm : null;
  } catch {
    return null;
  }
}
