import { Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiFlatErrorResponses } from '../common/decorators/api-error-responses.decorator';
import { IssueAccessTokenCommand } from './commands/issue-access-token.command';
import { RequireApiKey } from './decorators/auth.decorators';
import { CurrentPrincipal } from './decorators/current-principal.decorator';
import { AccessTokenResponseDto } from './dto/access-token.response.dto';
import type { Principal } from './principal';

@ApiTags('Authentication')
@Controller('api/auth')
export class AuthController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('token')
  @HttpCode(200)
  @RequireApiKey('flat')
  @ApiOperation({
    operationId: 'issueAccessToken',
    summary: 'Exchange an API key for an access token (JWT) to the `/api` paths',
    description: 'The token (HS256) carries the key id as `sub`, its tenant and scopes, and stops working when the key is revoked.',
  })
  @ApiOkResponse({ type: AccessTokenResponseDto })
  @ApiFlatErrorResponses([401, 501], { 501: 'TOKEN_ISSUING_DISABLED: only externally issued tokens are accepted' })
  async issueToken(@CurrentPrincipal() principal: Principal): Promise<AccessTokenResponseDto> {
    const token = await this.commandBus.execute(new IssueAccessTokenCommand(principal));
    return { accessToken: token.accessToken, tokenType: 'Bearer', expiresIn: token.expiresIn };
  }
}
