import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponses } from '../common/decorators/api-error-responses.decorator';
import { RequireApiKey } from './decorators/auth.decorators';
import { CurrentPrincipal } from './decorators/current-principal.decorator';
import { CurrentApiKeyResponseDto } from './dto/current-api-key.response.dto';
import type { Principal } from './principal';
import { GetCurrentApiKeyQuery } from './queries/get-current-api-key.query';

/** Family A: who an API key is. Any valid key may ask, whatever its scopes. */
@ApiTags('Authentication')
@RequireApiKey()
@Controller('api-keys')
export class CurrentApiKeyController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('current')
  @ApiOperation({
    operationId: 'getCurrentApiKey',
    summary: 'The API key of this request: its id and name, its tenant and scopes',
    description: 'Lets a client offer only what the key may do (the web console hides actions a `read` key would be refused).',
  })
  @ApiOkResponse({ type: CurrentApiKeyResponseDto })
  @ApiErrorResponses([401])
  async current(@CurrentPrincipal() principal: Principal): Promise<CurrentApiKeyResponseDto> {
    return CurrentApiKeyResponseDto.from(await this.queryBus.execute(new GetCurrentApiKeyQuery(principal)));
  }
}
