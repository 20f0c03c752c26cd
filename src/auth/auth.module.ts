import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { LimitsModule } from '../limits/limits.module';
import { TenantsModule } from '../tenants/tenants.module';
import { AuthController } from './auth.controller';
import { IssueAccessTokenHandler } from './commands/issue-access-token.handler';
import { CurrentApiKeyController } from './current-api-key.controller';
import { RequestAuthentication } from './request-authentication';
import { AdminTokenStrategy } from './strategies/admin-token.strategy';
import { ApiKeyStrategy } from './strategies/api-key.strategy';
import { JwtStrategy } from './strategies/jwt.strategy';
import { GetCurrentApiKeyHandler } from './queries/get-current-api-key.handler';

@Module({
  imports: [DiscoveryModule, JwtModule.register({}), TenantsModule, LimitsModule],
  controllers: [AuthController, CurrentApiKeyController],
  providers: [ApiKeyStrategy, JwtStrategy, AdminTokenStrategy, RequestAuthentication, IssueAccessTokenHandler, GetCurrentApiKeyHandler],
})
export class AuthModule {}
