import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ApiKeyRepository } from '../api-key.repository';
import { ApiKeyEntity } from '../entities/api-key.entity';
import { TenantRepository } from '../tenant.repository';
import { TenantNotFoundError } from '../tenants.errors';
import { ListApiKeysQuery } from './list-api-keys.query';

@QueryHandler(ListApiKeysQuery)
export class ListApiKeysHandler implements IQueryHandler<ListApiKeysQuery> {
  constructor(
    private readonly tenants: TenantRepository,
    private readonly apiKeys: ApiKeyRepository,
  ) {}

  async execute({ tenantId }: ListApiKeysQuery): Promise<ApiKeyEntity[]> {
    if (!(await this.tenants.exists(tenantId))) throw new TenantNotFoundError(tenantId);
    return this.apiKeys.listOfTenant(tenantId);
  }
}
