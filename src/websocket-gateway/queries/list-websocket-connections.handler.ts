import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { EventStoreResolver } from '../../event-stores/event-store-resolver';
import type { ConnectionRecord } from '../connections/connection-record';
import { ConnectionRegistry } from '../connections/connection-registry';
import { ListWebSocketConnectionsQuery } from './list-websocket-connections.query';

@QueryHandler(ListWebSocketConnectionsQuery)
export class ListWebSocketConnectionsHandler implements IQueryHandler<ListWebSocketConnectionsQuery> {
  constructor(
    private readonly stores: EventStoreResolver,
    private readonly registry: ConnectionRegistry,
  ) {}

  async execute({ tenantId, eventStoreRef }: ListWebSocketConnectionsQuery): Promise<ConnectionRecord[]> {
    return this.registry.list(await this.stores.resolveId(tenantId, eventStoreRef));
  }
}
