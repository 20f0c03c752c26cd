import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ApiKeyAuthenticator } from '../api-key-authenticator';
import { ApiKeyEntity } from '../entities/api-key.entity';
import { ApiKeyNotFoundError } from '../tenants.errors';
import { RevokeApiKeyCommand } from './revoke-api-key.command';

/**
 * Revoking twice is harmless and keeps the first revocation time. This instance stops trusting the
 * key at once; others within VERIFIED_KEY_TTL_MS.
 */
@CommandHandler(RevokeApiKeyCommand)
export class RevokeApiKeyHandler implements ICommandHandler<RevokeApiKeyCommand> {
  constructor(
    @InjectRepository(ApiKeyEntity) private readonly apiKeys: Repository<ApiKeyEntity>,
    private readonly authenticator: ApiKeyAuthenticator,
  ) {}

  async execute({ apiKeyId }: RevokeApiKeyCommand): Promise<void> {
    const { affected } = await this.apiKeys.update({ id: apiKeyId }, { revokedAt: () => 'COALESCE(revoked_at, now())' });
    if (!affected) throw new ApiKeyNotFoundError(apiKeyId);
    this.authenticator.forget(apiKeyId);
  }
}
