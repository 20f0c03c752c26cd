import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { newId } from '../../common/ids';
import { isUniqueViolation } from '../../database/postgres-errors';
import { TenantEntity } from '../entities/tenant.entity';
import { TenantAlreadyExistsError } from '../tenants.errors';
import { CreateTenantCommand } from './create-tenant.command';

@CommandHandler(CreateTenantCommand)
export class CreateTenantHandler implements ICommandHandler<CreateTenantCommand> {
  constructor(@InjectRepository(TenantEntity) private readonly tenants: Repository<TenantEntity>) {}

  async execute({ name }: CreateTenantCommand): Promise<TenantEntity> {
    const tenant = this.tenants.create({ id: newId('ten'), name });
    try {
      await this.tenants.insert(tenant);
    } catch (error) {
      if (isUniqueViolation(error, 'tenants_name_uq')) throw new TenantAlreadyExistsError(name);
      throw error;
    }
    return tenant;
  }
}
