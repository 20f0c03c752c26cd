import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy as BearerStrategy } from 'passport-http-bearer';
import { ApiKeyAuthenticator } from '../../tenants/api-key-authenticator';
import type { Principal } from '../principal';

@Injectable()
export class ApiKeyStrategy extends PassportStrategy(BearerStrategy, 'api-key') {
  constructor(private readonly authenticator: ApiKeyAuthenticator) {
    super();
  }

  validate(token: string): Promise<Principal | null> {
    return this.authenticator.authenticate(token);
  }
}
