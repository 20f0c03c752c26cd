import { Command } from '@nestjs/cqrs';

export class DeleteSubscriptionCommand extends Command<void> {
  constructor(
    readonly tenantId: string,
    readonly eventStoreRef: string,
    readonly subscriptionId: string,
  ) {
    super();
  }
}
