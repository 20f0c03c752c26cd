import { Injectable } from '@nestjs/common';
import { ApiKeyAuthenticator } from '../../tenants/api-key-authenticator';
import type { Principal } from '../principal';
import { bearerToken } from './bearer-token';
import type { CredentialCheck } from './credential-check';

/** Family A, DCB and the token exchange: `Authorization: Bearer esk_…`. */
@Injectable()
export class ApiKeyStrategy implements CredentialCheck<Principal> {
  constructor(private readonly authenticator: ApiKeyAuthenticator) {}

  async verify(authorization: string | undefined): Promise<Principal | null> {
    const token = bearerToken(authorization);
    return token ? this.authenticator.authenticate(token) : null;
  }
}
