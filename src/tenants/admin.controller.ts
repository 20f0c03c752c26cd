import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequireAdminToken } from '../auth/decorators/auth.decorators';
import { ApiErrorResponses } from '../common/decorators/api-error-responses.decorator';
import { CreateApiKeyCommand } from './commands/create-api-key.command';
import { CreateTenantCommand } from './commands/create-tenant.command';
import { RevokeApiKeyCommand } from './commands/revoke-api-key.command';
import { ApiKeyListResponseDto, CreatedApiKeyResponseDto } from './dto/api-key.response.dto';
import { CreateApiKeyDto } from './dto/create-api-key.dto';
import { CreateTenantDto } from './dto/create-tenant.dto';
import { TenantListResponseDto, TenantResponseDto } from './dto/tenant.response.dto';
import { ListApiKeysQuery } from './queries/list-api-keys.query';
import { ListTenantsQuery } from './queries/list-tenants.query';

@ApiTags('Administration')
@RequireAdminToken()
@Controller('admin')
export class AdminController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Post('tenants')
  @ApiOperation({ operationId: 'createTenant', summary: 'Create a tenant' })
  @ApiCreatedResponse({ type: TenantResponseDto })
  @ApiErrorResponses([400, 401, 409, 413], { 409: 'TENANT_ALREADY_EXISTS: the name is taken' })
  async createTenant(@Body() body: CreateTenantDto): Promise<TenantResponseDto> {
    return TenantResponseDto.from(await this.commandBus.execute(new CreateTenantCommand(body.name)));
  }

  @Get('tenants')
  @ApiOperation({ operationId: 'listTenants', summary: 'List tenants, oldest first' })
  @ApiOkResponse({ type: TenantListResponseDto })
  @ApiErrorResponses([401])
  async listTenants(): Promise<TenantListResponseDto> {
    return TenantListResponseDto.from(await this.queryBus.execute(new ListTenantsQuery()));
  }

  @Post('tenants/:tenantId/api-keys')
  @ApiOperation({
    operationId: 'createApiKey',
    summary: 'Create an API key for a tenant',
    description: 'The secret `key` is returned only in this response.',
  })
  @ApiCreatedResponse({ type: CreatedApiKeyResponseDto })
  @ApiErrorResponses([400, 401, 404, 413])
  async createApiKey(@Param('tenantId') tenantId: string, @Body() body: CreateApiKeyDto): Promise<CreatedApiKeyResponseDto> {
    return CreatedApiKeyResponseDto.from(await this.commandBus.execute(new CreateApiKeyCommand(tenantId, body.name, body.scopes)));
  }

  @Get('tenants/:tenantId/api-keys')
  @ApiOperation({ operationId: 'listApiKeys', summary: "List a tenant's API keys (never their secrets)" })
  @ApiOkResponse({ type: ApiKeyListResponseDto })
  @ApiErrorResponses([401, 404])
  async listApiKeys(@Param('tenantId') tenantId: string): Promise<ApiKeyListResponseDto> {
    return ApiKeyListResponseDto.from(await this.queryBus.execute(new ListApiKeysQuery(tenantId)));
  }

  @Delete('api-keys/:apiKeyId')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'revokeApiKey',
    summary: 'Revoke an API key',
    description:
      'Answered once every API instance refuses the key: from the next request on, on any instance, the key, the tokens issued for it and new WebSockets with it are refused; its open WebSockets close with 1008 within 2 s. Without Redis the answer waits about a second.',
  })
  @ApiNoContentResponse({ description: 'Revoked (revoking again is harmless)' })
  @ApiErrorResponses([401, 404])
  async revokeApiKey(@Param('apiKeyId') apiKeyId: string): Promise<void> {
    await this.commandBus.execute(new RevokeApiKeyCommand(apiKeyId));
  }
}
