import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { IncomingMessage } from 'node:http';
import { Strategy } from 'passport-custom';
import { EnvironmentVariables } from '../../config/environment-variables';
import { StaticToken } from './static-token';

/** Without ADMIN_TOKEN every operator request is refused: there is no default token. */
@Injectable()
export class AdminTokenStrategy extends PassportStrategy(Strategy, 'admin-token') {
  private readonly adminToken: StaticToken;

  constructor(config: EnvironmentVariables) {
    super();
    this.adminToken = new StaticToken(config.ADMIN_TOKEN);
  }

  validate(request: IncomingMessage): { operator: true } | false {
    return this.adminToken.isIn(request.headers.authorization) ? { operator: true } : false;
  }
}
