import { Command } from '@nestjs/cqrs';

export class ReplayDeadLetterCommand extends Command<void> {
  constructor(
    readonly tenantId: string,
    readonly eventStoreRef: string,
    readonly subscriptionId: string,
    readonly deadLetterId: string,
  ) {
    super();
  }
}
