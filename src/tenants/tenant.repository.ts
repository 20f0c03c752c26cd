import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { newId } from '../common/ids';
import { isUniqueViolation } from '../database/postgres-errors';
import { TenantEntity } from './entities/tenant.entity';
import { TenantAlreadyExistsError } from './tenants.errors';

/** The `tenants` table. Operator traffic only, so TypeORM throughout. */
@Injectable()
export class TenantRepository {
  constructor(@InjectRepository(TenantEntity) private readonly tenants: Repository<TenantEntity>) {}

  /** The unique constraint decides, so two concurrent creates of one name cannot both succeed. */
  async create(name: string): Promise<TenantEntity> {
    const tenant = this.tenants.create({ id: newId('ten'), name });
    try {
      await this.tenants.insert(tenant);
    } catch (error) {
      if (isUniqueViolation(error, 'tenants_name_uq')) throw new TenantAlreadyExistsError(name);
      throw error;
    }
    return tenant;
  }

  exists(tenantId: string): Promise<boolean> {
    return this.tenants.existsBy({ id: tenantId });
  }

  /** Oldest first. */
  list(): Promise<TenantEntity[]> {
    return this.tenants.find({ order: { createdAt: 'ASC', id: 'ASC' } });
  }
}
