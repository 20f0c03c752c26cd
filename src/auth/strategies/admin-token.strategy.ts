import { Injectable } from '@nestjs/common';
import { EnvironmentVariables } from '../../config/environment-variables';
import { CredentialCheck, NOBODY, Operator, Verification } from './credential-check';
import { StaticToken } from './static-token';

/** Without ADMIN_TOKEN every operator request is refused: there is no default token. */
@Injectable()
export class AdminTokenStrategy implements CredentialCheck<Operator> {
  private readonly adminToken: StaticToken;

  constructor(config: EnvironmentVariables) {
    this.adminToken = new StaticToken(config.ADMIN_TOKEN);
  }

  verify(authorization: string | undefined): Verification<Operator> {
    return this.adminToken.isIn(authorization) ? { caller: Promise.resolve({ operator: true }) } : NOBODY;
  }
}
