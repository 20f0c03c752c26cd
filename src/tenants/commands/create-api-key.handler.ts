import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import { QueryFailedError, Repository } from 'typeorm';
import { newId } from '../../common/ids';
import { generateApiKeySecret } from '../api-key-secret';
import { ApiKeyEntity } from '../entities/api-key.entity';
import { TenantNotFoundError } from '../tenants.errors';
import { CreateApiKeyCommand, CreatedApiKey } from './create-api-key.command';

const FOREIGN_KEY_VIOLATION = '23503';

@CommandHandler(CreateApiKeyCommand)
export class CreateApiKeyHandler implements ICommandHandler<CreateApiKeyCommand> {
  constructor(@InjectRepository(ApiKeyEntity) private readonly apiKeys: Repository<ApiKeyEntity>) {}

  async execute({ tenantId, name, scopes }: CreateApiKeyCommand): Promise<CreatedApiKey> {
    const secret = generateApiKeySecret();
    const apiKey = this.apiKeys.create({
      id: newId('key'),
      tenantId,
      name,
      scopes: [...new Set(scopes)],
      prefix: secret.prefix,
      keyHash: secret.hash,
      lastUsedAt: null,
      revokedAt: null,
    });
    try {
      await this.apiKeys.insert(apiKey);
    } catch (error) {
      // The foreign key, not a prior read, decides whether the tenant exists.
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === FOREIGN_KEY_VIOLATION) {
        throw new TenantNotFoundError(tenantId);
      }
      throw error;
    }
    return { apiKey, key: secret.key };
  }
}
