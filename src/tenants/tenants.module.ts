import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminController } from './admin.controller';
import { ApiKeyAuthenticator } from './api-key-authenticator';
import { ApiKeyRepository } from './api-key.repository';
import { ApiKeyRevocations } from './api-key-revocations';
import { CreateApiKeyHandler } from './commands/create-api-key.handler';
import { CreateTenantHandler } from './commands/create-tenant.handler';
import { RevokeApiKeyHandler } from './commands/revoke-api-key.handler';
import { ApiKeyEntity } from './entities/api-key.entity';
import { TenantEntity } from './entities/tenant.entity';
import { ListApiKeysHandler } from './queries/list-api-keys.handler';
import { ListTenantsHandler } from './queries/list-tenants.handler';
import { TenantRepository } from './tenant.repository';

const commandHandlers = [CreateTenantHandler, CreateApiKeyHandler, RevokeApiKeyHandler];
const queryHandlers = [ListTenantsHandler, ListApiKeysHandler];

/** Tenants and their API keys: the operator's side of tenancy (`/admin` and the CLI). */
@Module({
  imports: [TypeOrmModule.forFeature([TenantEntity, ApiKeyEntity])],
  controllers: [AdminController],
  providers: [...commandHandlers, ...queryHandlers, TenantRepository, ApiKeyRepository, ApiKeyAuthenticator, ApiKeyRevocations],
  exports: [ApiKeyAuthenticator, ApiKeyRepository],
})
export class TenantsModule {}
