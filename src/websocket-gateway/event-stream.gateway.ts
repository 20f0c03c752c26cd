import { BeforeApplicationShutdown } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  OnGatewayConnection,
  OnGatewayDisconnect,
  SubscribeMessage,
  WebSocketGateway,
} from '@nestjs/websockets';
import type { WebSocket } from 'ws';
import { ClientConnections } from './connections/client-connections';
import type { UpgradeRequest } from './connections/upgrade-session';
import { CLIENT_FRAME } from './upgrade/event-store-ws.adapter';
import { CLOSE_GOING_AWAY, MAX_CLIENT_FRAME_BYTES, SHUTDOWN_CLOSE_WAIT_MS, WEBSOCKET_PATH } from './websocket.constants';

/**
 * `ws://…/event-stores/{ref}/events/ws` (DECISIONS §9). The upgrade was authorized by the adapter
 * before this sees a socket (UpgradeAuthorizer); frames carry no credentials, and each socket then
 * belongs to a ClientConnection.
 */
@WebSocketGateway({ path: WEBSOCKET_PATH, maxPayload: MAX_CLIENT_FRAME_BYTES })
export class EventStreamGateway implements OnGatewayConnection, OnGatewayDisconnect, BeforeApplicationShutdown {
  constructor(private readonly connections: ClientConnections) {}

  handleConnection(socket: WebSocket, request: UpgradeRequest): void {
    // verifyClient decides before a socket exists; a socket without an accepting decision was never authorized.
    if (!request.decision?.accepted) return socket.terminate();
    this.connections.open(socket, request.decision.session);
  }

  handleDisconnect(socket: WebSocket): void {
    this.connections.closed(socket);
  }

  @SubscribeMessage(CLIENT_FRAME)
  onFrame(@ConnectedSocket() socket: WebSocket, @MessageBody() raw: string | null): void {
    this.connections.handle(socket, raw);
  }

  /** After the HTTP drain, which refuses new upgrades (DECISIONS §10): every open socket is told to reconnect elsewhere. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.connections.closeAll(CLOSE_GOING_AWAY, 'Server shutting down', SHUTDOWN_CLOSE_WAIT_MS);
  }
}
