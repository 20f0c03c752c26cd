import { Query } from '@nestjs/cqrs';
import type { ConnectionRecord } from '../connections/connection-record';

/** A store's open sockets on every API instance, oldest first. */
export class ListWebSocketConnectionsQuery extends Query<ConnectionRecord[]> {
  constructor(
    readonly tenantId: string,
    readonly eventStoreRef: string,
  ) {
    super();
  }
}
