import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { TenantEntity } from '../entities/tenant.entity';
import { ListTenantsQuery } from './list-tenants.query';

@QueryHandler(ListTenantsQuery)
export class ListTenantsHandler implements IQueryHandler<ListTenantsQuery> {
  constructor(@InjectRepository(TenantEntity) private readonly tenants: Repository<TenantEntity>) {}

  execute(): Promise<TenantEntity[]> {
    return this.tenants.find({ order: { createdAt: 'ASC', id: 'ASC' } });
  }
}
