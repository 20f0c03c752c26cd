import { Injectable } from '@nestjs/common';
import { newId } from '../common/ids';
import { isUniqueViolation } from '../database/postgres-errors';
import { TenantDatabase } from '../database/tenant-shares/tenant-database';
import { TenantEntity } from './entities/tenant.entity';
import { TenantAlreadyExistsError } from './tenants.errors';

/** The `tenants` table. Operator traffic only, so TypeORM throughout, within nobody's share of the database. */
@Injectable()
export class TenantRepository {
  constructor(private readonly database: TenantDatabase) {}

  /** The unique constraint decides, so two concurrent creates of one name cannot both succeed. */
  async create(name: string): Promise<TenantEntity> {
    const db = this.database.for(null);
    const tenant = db.create(TenantEntity, { id: newId('ten'), name });
    try {
      await db.insert(TenantEntity, tenant);
    } catch (error) {
      if (isUniqueViolation(error, 'tenants_name_uq')) throw new TenantAlreadyExistsError(name);
      throw error;
    }
    return tenant;
  }

  exists(tenantId: string): Promise<boolean> {
    return this.database.for(null).existsBy(TenantEntity, { id: tenantId });
  }

  /** Oldest first. */
  list(): Promise<TenantEntity[]> {
    return this.database.for(null).find(TenantEntity, { order: { createdAt: 'ASC', id: 'ASC' } });
  }
}
