import { Command } from '@nestjs/cqrs';
import type { Scope } from '../../auth/principal';
import type { ApiKeyEntity } from '../entities/api-key.entity';

export interface CreatedApiKey {
  apiKey: ApiKeyEntity;
  /** The secret itself: returned once, never stored. */
  key: string;
}

export class CreateApiKeyCommand extends Command<CreatedApiKey> {
  constructor(
    readonly tenantId: string,
    readonly name: string,
    readonly scopes: Scope[],
  ) {
    super();
  }
}
