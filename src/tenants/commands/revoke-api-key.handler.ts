import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ApiKeyAuthenticator } from '../api-key-authenticator';
import { ApiKeyRepository } from '../api-key.repository';
import { ApiKeyRevocations } from '../api-key-revocations';
import { ApiKeyNotFoundError } from '../tenants.errors';
import { RevokeApiKeyCommand } from './revoke-api-key.command';

/**
 * Revoking twice is harmless and keeps the first revocation time (and announces it again). Returns
 * only once every instance refuses the key (DECISIONS §6: "from then on, on every instance"): once
 * the revocation is announced to all of them, or, when it cannot be, once no instance's cache can
 * still hold the key as active.
 */
@CommandHandler(RevokeApiKeyCommand)
export class RevokeApiKeyHandler implements ICommandHandler<RevokeApiKeyCommand> {
  constructor(
    private readonly apiKeys: ApiKeyRepository,
    private readonly authenticator: ApiKeyAuthenticator,
    private readonly revocations: ApiKeyRevocations,
  ) {}

  async execute({ apiKeyId }: RevokeApiKeyCommand): Promise<void> {
    const revoked = await this.apiKeys.revoke(apiKeyId);
    const committedAt = performance.now();
    if (!revoked) throw new ApiKeyNotFoundError(apiKeyId);
    // This instance at once, before its own announcement comes back to it.
    this.authenticator.forget(apiKeyId);
    if (!(await this.revocations.announce(apiKeyId))) await this.authenticator.outlived(committedAt);
  }
}
