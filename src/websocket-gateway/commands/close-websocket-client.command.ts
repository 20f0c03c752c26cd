import { Command } from '@nestjs/cqrs';

/** Closes every socket of one client on the store, on every instance; the result is how many. */
export class CloseWebSocketClientCommand extends Command<number> {
  constructor(
    readonly tenantId: string,
    readonly eventStoreRef: string,
    readonly clientId: string,
    readonly reason: string,
  ) {
    super();
  }
}
