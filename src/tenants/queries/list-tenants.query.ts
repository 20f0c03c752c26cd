import { Query } from '@nestjs/cqrs';
import type { TenantEntity } from '../entities/tenant.entity';

export class ListTenantsQuery extends Query<TenantEntity[]> {}
