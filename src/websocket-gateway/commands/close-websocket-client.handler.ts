import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventStoreResolver } from '../../event-stores/event-store-resolver';
import { ConnectionControl } from '../connections/connection-control';
import { ConnectionRegistry } from '../connections/connection-registry';
import { WebSocketClientNotFoundError } from '../websocket.errors';
import { CloseWebSocketClientCommand } from './close-websocket-client.command';

/**
 * The registry says how many sockets the client has and where; their entries go at once (a listing
 * right after no longer shows them), and every instance closes its own with 1000 and the reason.
 */
@CommandHandler(CloseWebSocketClientCommand)
export class CloseWebSocketClientHandler implements ICommandHandler<CloseWebSocketClientCommand> {
  constructor(
    private readonly stores: EventStoreResolver,
    private readonly registry: ConnectionRegistry,
    private readonly control: ConnectionControl,
  ) {}

  async execute({ tenantId, eventStoreRef, clientId, reason }: CloseWebSocketClientCommand): Promise<number> {
    const eventStoreId = await this.stores.resolveId(tenantId, eventStoreRef);
    const connections = (await this.registry.list(eventStoreId)).filter((connection) => connection.clientId === clientId);
    if (connections.length === 0) throw new WebSocketClientNotFoundError(eventStoreId, clientId);
    await this.registry.remove(connections);
    await this.control.publish({ kind: 'close-client', eventStoreId, clientId, reason });
    return connections.length;
  }
}
