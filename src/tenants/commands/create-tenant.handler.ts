import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TenantEntity } from '../entities/tenant.entity';
import { TenantRepository } from '../tenant.repository';
import { CreateTenantCommand } from './create-tenant.command';

@CommandHandler(CreateTenantCommand)
export class CreateTenantHandler implements ICommandHandler<CreateTenantCommand> {
  constructor(private readonly tenants: TenantRepository) {}

  execute({ name }: CreateTenantCommand): Promise<TenantEntity> {
    return this.tenants.create(name);
  }
}
