import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ApiKeyEntity } from '../entities/api-key.entity';
import { TenantEntity } from '../entities/tenant.entity';
import { TenantNotFoundError } from '../tenants.errors';
import { ListApiKeysQuery } from './list-api-keys.query';

@QueryHandler(ListApiKeysQuery)
export class ListApiKeysHandler implements IQueryHandler<ListApiKeysQuery> {
  constructor(
    @InjectRepository(TenantEntity) private readonly tenants: Repository<TenantEntity>,
    @InjectRepository(ApiKeyEntity) private readonly apiKeys: Repository<ApiKeyEntity>,
  ) {}

  async execute({ tenantId }: ListApiKeysQuery): Promise<ApiKeyEntity[]> {
    if (!(await this.tenants.existsBy({ id: tenantId }))) throw new TenantNotFoundError(tenantId);
    return this.apiKeys.find({ where: { tenantId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }
}
