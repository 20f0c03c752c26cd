import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { UnauthorizedError } from '../../common/errors/common.errors';
import { ApiKeyRepository } from '../../tenants/api-key.repository';
import { CurrentApiKey, GetCurrentApiKeyQuery } from './get-current-api-key.query';

@QueryHandler(GetCurrentApiKeyQuery)
export class GetCurrentApiKeyHandler implements IQueryHandler<GetCurrentApiKeyQuery> {
  constructor(private readonly apiKeys: ApiKeyRepository) {}

  async execute({ principal }: GetCurrentApiKeyQuery): Promise<CurrentApiKey> {
    const names = await this.apiKeys.findNames(principal.tenantId, principal.apiKeyId);
    // Revoked since the request was authenticated: answered as the next request would be.
    if (!names) throw new UnauthorizedError();
    return { ...principal, ...names };
  }
}
