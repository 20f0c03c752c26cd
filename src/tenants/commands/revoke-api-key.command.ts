import { Command } from '@nestjs/cqrs';

export class RevokeApiKeyCommand extends Command<void> {
  constructor(readonly apiKeyId: string) {
    super();
  }
}
