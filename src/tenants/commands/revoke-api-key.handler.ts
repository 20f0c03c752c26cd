import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ApiKeyEntity } from '../entities/api-key.entity';
import { ApiKeyNotFoundError } from '../tenants.errors';
import { RevokeApiKeyCommand } from './revoke-api-key.command';

/** Revoking twice is harmless and keeps the first revocation time. */
@CommandHandler(RevokeApiKeyCommand)
export class RevokeApiKeyHandler implements ICommandHandler<RevokeApiKeyCommand> {
  constructor(@InjectRepository(ApiKeyEntity) private readonly apiKeys: Repository<ApiKeyEntity>) {}

  async execute({ apiKeyId }: RevokeApiKeyCommand): Promise<void> {
    const [, affected] = await this.apiKeys.query(
      `UPDATE api_keys SET revoked_at = COALESCE(revoked_at, now()) WHERE id = $1`,
      [apiKeyId],
    );
    if (affected === 0) throw new ApiKeyNotFoundError(apiKeyId);
  }
}
