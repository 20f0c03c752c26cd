import { Command } from '@nestjs/cqrs';

export class DeleteConsumerCommand extends Command<void> {
  constructor(
    readonly tenantId: string,
    readonly eventStoreRef: string,
    readonly name: string,
  ) {
    super();
  }
}
