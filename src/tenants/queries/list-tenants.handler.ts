import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { TenantEntity } from '../entities/tenant.entity';
import { TenantRepository } from '../tenant.repository';
import { ListTenantsQuery } from './list-tenants.query';

@QueryHandler(ListTenantsQuery)
export class ListTenantsHandler implements IQueryHandler<ListTenantsQuery> {
  constructor(private readonly tenants: TenantRepository) {}

  execute(): Promise<TenantEntity[]> {
    return this.tenants.list();
  }
}
