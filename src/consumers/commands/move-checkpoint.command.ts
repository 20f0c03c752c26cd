import { Command } from '@nestjs/cqrs';
import type { ConsumerSummary } from '../consumer.repository';

export class MoveCheckpointCommand extends Command<ConsumerSummary> {
  constructor(
    readonly tenantId: string,
    readonly eventStoreRef: string,
    readonly name: string,
    readonly position: number,
    readonly force: boolean,
  ) {
    super();
  }
}
