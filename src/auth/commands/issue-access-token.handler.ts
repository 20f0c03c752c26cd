import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { JwtService } from '@nestjs/jwt';
import { EnvironmentVariables } from '../../config/environment-variables';
import { TokenIssuingDisabledError } from '../auth.errors';
import type { TokenClaims } from '../token-claims';
import { AccessToken, IssueAccessTokenCommand } from './issue-access-token.command';

export const ACCESS_TOKEN_TTL_SECONDS = 3600;

@CommandHandler(IssueAccessTokenCommand)
export class IssueAccessTokenHandler implements ICommandHandler<IssueAccessTokenCommand> {
  constructor(
    private readonly jwt: JwtService,
    private readonly config: EnvironmentVariables,
  ) {}

  async execute({ principal }: IssueAccessTokenCommand): Promise<AccessToken> {
    if (!this.config.JWT_SECRET) throw new TokenIssuingDisabledError();
    const claims: TokenClaims = { sub: principal.apiKeyId, tenantId: principal.tenantId, scopes: principal.scopes };
    const accessToken = await this.jwt.signAsync(claims, {
      secret: this.config.JWT_SECRET,
      algorithm: 'HS256',
      expiresIn: ACCESS_TOKEN_TTL_SECONDS,
    });
    return { accessToken, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
  }
}
