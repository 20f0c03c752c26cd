import { Module } from '@nestjs/common';
import { ConsumerEngineModule } from '../consumers/engine/consumer-engine.module';
import { EventStoresModule } from '../event-stores/event-stores.module';
import { LimitsModule } from '../limits/limits.module';
import { EventLogModule } from '../event-log/event-log.module';
import { TenantsModule } from '../tenants/tenants.module';
import { CloseWebSocketClientHandler } from './commands/close-websocket-client.handler';
import { ClientConnections } from './connections/client-connections';
import { ConnectionAudit } from './connections/connection-audit';
import { ConnectionControl } from './connections/connection-control';
import { ConnectionRegistry } from './connections/connection-registry';
import { WebSocketSubscriptions } from './connections/websocket-subscriptions';
import { EventStreamGateway } from './event-stream.gateway';
import { ReplayScheduler } from './live/replay-scheduler';
import { StoreFeeds } from './live/store-feeds';
import { ListWebSocketConnectionsHandler } from './queries/list-websocket-connections.handler';
import { UpgradeAuthorizer } from './upgrade/upgrade-authorizer';
import { WebSocketConnectionsController } from './websocket-connections.controller';
import { WebSocketEndpointController } from './websocket-endpoint.controller';

/**
 * Live subscriptions over WebSocket (DECISIONS §9), on any number of API instances: each follows
 * the stores its sockets watch once (StoreFeeds, woken by NOTIFY), and shares what the others need
 * to know (connections, limits, closes) through Redis.
 */
@Module({
  imports: [EventStoresModule, EventLogModule, TenantsModule, LimitsModule, ConsumerEngineModule],
  controllers: [WebSocketConnectionsController, WebSocketEndpointController],
  providers: [
    EventStreamGateway,
    UpgradeAuthorizer,
    ClientConnections,
    ConnectionRegistry,
    ConnectionControl,
    ConnectionAudit,
    StoreFeeds,
    ReplayScheduler,
    WebSocketSubscriptions,
    ListWebSocketConnectionsHandler,
    CloseWebSocketClientHandler,
  ],
  exports: [UpgradeAuthorizer, WebSocketSubscriptions],
})
export class WebSocketGatewayModule {}
