import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-custom';
import { ApiKeyAuthenticator } from '../../tenants/api-key-authenticator';
import type { Principal } from '../principal';
import { bearerToken } from './bearer-token';

@Injectable()
export class ApiKeyStrategy extends PassportStrategy(Strategy, 'api-key') {
  constructor(private readonly authenticator: ApiKeyAuthenticator) {
    super();
  }

  async validate(request: unknown): Promise<Principal | false> {
    const token = bearerToken(request);
    return (token && (await this.authenticator.authenticate(token))) || false;
  }
}
