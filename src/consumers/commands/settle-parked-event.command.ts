import { Command } from '@nestjs/cqrs';

/** `replay`: the parked event becomes pending and is delivered again; `skip`: it is done, like an ack. */
export class SettleParkedEventCommand extends Command<void> {
  constructor(
    readonly tenantId: string,
    readonly eventStoreRef: string,
    readonly name: string,
    readonly position: number,
    readonly action: 'replay' | 'skip',
  ) {
    super();
  }
}
