import { Command } from '@nestjs/cqrs';

/** Replays every dead letter of a subscription; the result is how many this queued (those already queued keep their place). */
export class ReplayDeadLettersCommand extends Command<number> {
  constructor(
    readonly tenantId: string,
    readonly eventStoreRef: string,
    readonly subscriptionId: string,
  ) {
    super();
  }
}
