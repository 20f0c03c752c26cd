import { Query } from '@nestjs/cqrs';
import type { ApiKeyEntity } from '../entities/api-key.entity';

export class ListApiKeysQuery extends Query<ApiKeyEntity[]> {
  constructor(readonly tenantId: string) {
    super();
  }
}
