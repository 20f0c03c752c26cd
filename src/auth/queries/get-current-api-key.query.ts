import { Query } from '@nestjs/cqrs';
import type { Principal } from '../principal';

/** The names a person knows a key and its tenant by, beside the ids and scopes the request carries. */
export interface CurrentApiKey extends Principal {
  apiKeyName: string;
  tenantName: string;
}

export class GetCurrentApiKeyQuery extends Query<CurrentApiKey> {
  constructor(readonly principal: Principal) {
    super();
  }
}
