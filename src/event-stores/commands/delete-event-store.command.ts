import { Command } from '@nestjs/cqrs';

export class DeleteEventStoreCommand extends Command<void> {
  constructor(
    readonly tenantId: string,
    readonly eventStoreRef: string,
  ) {
    super();
  }
}
