import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { LimitsModule } from '../limits/limits.module';
import { TenantsModule } from '../tenants/tenants.module';
import { AuthController } from './auth.controller';
import { IssueAccessTokenHandler } from './commands/issue-access-token.handler';
import { AuthenticationGuard } from './guards/authentication.guard';
import { AdminTokenStrategy } from './strategies/admin-token.strategy';
import { ApiKeyStrategy } from './strategies/api-key.strategy';
import { JwtStrategy } from './strategies/jwt.strategy';

@Module({
  imports: [PassportModule, JwtModule.register({}), TenantsModule, LimitsModule],
  controllers: [AuthController],
  providers: [
    ApiKeyStrategy,
    JwtStrategy,
    AdminTokenStrategy,
    IssueAccessTokenHandler,
    { provide: APP_GUARD, useClass: AuthenticationGuard },
  ],
})
export class AuthModule {}
