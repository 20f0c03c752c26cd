import { Injectable } from '@nestjs/common';
import { ApiKeyAuthenticator } from '../../tenants/api-key-authenticator';
import type { Principal } from '../principal';
import { bearerToken } from './bearer-token';
import { CredentialCheck, NOBODY, Verification } from './credential-check';

/** Family A, DCB and the token exchange: `Authorization: Bearer esk_…`. */
@Injectable()
export class ApiKeyStrategy implements CredentialCheck<Principal> {
  constructor(private readonly authenticator: ApiKeyAuthenticator) {}

  verify(authorization: string | undefined): Verification<Principal> {
    const token = bearerToken(authorization);
    return token ? this.authenticator.verify(token) : NOBODY;
  }
}
