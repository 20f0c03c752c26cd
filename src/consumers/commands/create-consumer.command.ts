import { Command } from '@nestjs/cqrs';
import type { ConsumerSummary } from '../consumer.repository';

export interface NewConsumer {
  name: string;
  eventFilter: string;
  /** Where the checkpoint starts: 0, the store's last position now, or a position. */
  from: 'beginning' | 'latest' | number;
  ackTimeoutMs: number;
  maxDeliveries: number;
}

export class CreateConsumerCommand extends Command<ConsumerSummary> {
  constructor(
    readonly tenantId: string,
    readonly eventStoreRef: string,
    readonly consumer: NewConsumer,
  ) {
    super();
  }
}
