import { Command } from '@nestjs/cqrs';
import type { AckSelection } from '../engine/consumer-leases';

export class AckConsumerEventsCommand extends Command<{ acked: number; checkpoint: number }> {
  constructor(
    readonly tenantId: string,
    readonly eventStoreRef: string,
    readonly name: string,
    readonly selection: AckSelection,
  ) {
    super();
  }
}
