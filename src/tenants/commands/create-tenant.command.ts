import { Command } from '@nestjs/cqrs';
import type { TenantEntity } from '../entities/tenant.entity';

export class CreateTenantCommand extends Command<TenantEntity> {
  constructor(readonly name: string) {
    super();
  }
}
