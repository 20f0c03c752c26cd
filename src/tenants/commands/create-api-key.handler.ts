import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ApiKeyRepository } from '../api-key.repository';
import { generateApiKeySecret } from '../api-key-secret';
import { CreateApiKeyCommand, CreatedApiKey } from './create-api-key.command';

@CommandHandler(CreateApiKeyCommand)
export class CreateApiKeyHandler implements ICommandHandler<CreateApiKeyCommand> {
  constructor(private readonly apiKeys: ApiKeyRepository) {}

  async execute({ tenantId, name, scopes }: CreateApiKeyCommand): Promise<CreatedApiKey> {
    const secret = generateApiKeySecret();
    return { apiKey: await this.apiKeys.create(tenantId, name, scopes, secret), key: secret.key };
  }
}
