import { Injectable } from '@nestjs/common';
import { EnvironmentVariables } from '../../config/environment-variables';
import type { CredentialCheck, Operator } from './credential-check';
import { StaticToken } from './static-token';

/** Without ADMIN_TOKEN every operator request is refused: there is no default token. */
@Injectable()
export class AdminTokenStrategy implements CredentialCheck<Operator> {
  private readonly adminToken: StaticToken;

  constructor(config: EnvironmentVariables) {
    this.adminToken = new StaticToken(config.ADMIN_TOKEN);
  }

  async verify(authorization: string | undefined): Promise<Operator | null> {
    return this.adminToken.isIn(authorization) ? { operator: true } : null;
  }
}
