import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { WebSocket } from 'ws';
import { EnvironmentVariables } from '../../config/environment-variables';
import { Metrics } from '../../metrics/metrics';
import { TenantDatabase } from '../../database/tenant-shares/tenant-database';
import { EventLogReader } from '../../event-log/read/event-log-reader';
import { ConsumerDispatcher } from '../../consumers/engine/consumer-dispatcher';
import { ReplayScheduler } from '../live/replay-scheduler';
import { StoreFeeds } from '../live/store-feeds';
import { REGISTRY_REFRESH_MS, REGISTRY_TTL_MS } from '../websocket.constants';
import { ClientConnection, ConnectionServices } from './client-connection';
import { ConnectionRegistry } from './connection-registry';
import type { UpgradeSession } from './upgrade-session';

/**
 * This instance's open sockets: opens and closes them, keeps their registry entries fresh, and
 * pings them. What other instances need to know goes through the ConnectionRegistry.
 */
@Injectable()
export class ClientConnections implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('WebSocket');
  private readonly connections = new Map<WebSocket, ClientConnection>();
  private readonly services: ConnectionServices;
  /** Closed connections still finishing their messages (consumer acks) and handing consumer leases back. */
  private readonly disposing = new Set<Promise<void>>();
  private timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly config: EnvironmentVariables,
    private readonly registry: ConnectionRegistry,
    private readonly metrics: Metrics,
    feeds: StoreFeeds,
    eventLog: EventLogReader,
    replays: ReplayScheduler,
    consumers: ConsumerDispatcher,
    database: TenantDatabase,
  ) {
    this.services = {
      database,
      feeds,
      consumers,
      maxConsumerInFlight: config.CONSUMER_MAX_IN_FLIGHT_PER_CLIENT,
      eventLog,
      replays,
      maxBufferedBytes: config.WS_MAX_BUFFERED_BYTES,
      maxSubscriptions: config.WS_MAX_SUBSCRIPTIONS_PER_CONNECTION,
      logger: this.logger,
      subscriptionsChanged: (connection) => this.publish([connection]),
    };
  }

  onApplicationBootstrap(): void {
    this.timers = [
      setInterval(() => this.each((connection) => connection.heartbeat()), this.config.WS_PING_INTERVAL_MS),
      setInterval(() => this.publish([...this.connections.values()]), REGISTRY_REFRESH_MS),
    ];
  }

  onApplicationShutdown(): void {
    this.timers.forEach(clearInterval);
  }

  open(socket: WebSocket, session: UpgradeSession): void {
    const connection = new ClientConnection(socket, session, this.services);
    this.connections.set(socket, connection);
    this.metrics.websocketConnections.inc();
    this.publish([connection]);
  }

  handle(socket: WebSocket, raw: string | null): void {
    this.connections.get(socket)?.handle(raw);
  }

  closed(socket: WebSocket): void {
    const connection = this.connections.get(socket);
    if (!connection) return;
    this.connections.delete(socket);
    this.metrics.websocketConnections.dec();
    const disposed = connection.dispose().finally(() => this.disposing.delete(disposed));
    this.disposing.add(disposed);
    const { eventStoreId, connectionId, principal } = connection.session;
    this.registry
      .remove([{ eventStoreId, connectionId, apiKeyId: principal.apiKeyId }])
      .catch((error: Error) => this.registryProblem(error));
  }

  /** Closes the matching sockets of this instance. */
  closeWhere(matches: (connection: ClientConnection) => boolean, code: number, reason: string): void {
    this.each((connection) => matches(connection) && connection.close(code, reason));
  }

  /** Closes every socket and waits, at most `waitMs`, for their closing handshakes (so the close frames reach the clients). */
  async closeAll(code: number, reason: string, waitMs: number): Promise<void> {
    const closing = [...this.connections.keys()].map((socket) => new Promise((resolve) => socket.once('close', resolve)));
    this.closeWhere(() => true, code, reason);
    let timer: NodeJS.Timeout | undefined;
    // The messages that came before each close (consumer acks) are handled, and consumer leases handed back, before the database goes.
    const done = Promise.all(closing).then(() => Promise.all(this.disposing));
    await Promise.race([done, new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
    clearTimeout(timer);
  }

  /** Ends a subscription if one of this instance's sockets holds it. */
  endSubscription(eventStoreId: string, subscriptionId: string): void {
    this.each((connection) => connection.eventStoreId === eventStoreId && connection.endSubscription(subscriptionId));
  }

  sessions(): UpgradeSession[] {
    return [...this.connections.values()].map((connection) => connection.session);
  }

  private each(action: (connection: ClientConnection) => void): void {
    for (const connection of this.connections.values()) action(connection);
  }

  private publish(connections: ClientConnection[]): void {
    const expiresAt = Date.now() + REGISTRY_TTL_MS;
    const records = connections.map((connection) => connection.record(expiresAt));
    this.registry.save(records).catch((error: Error) => this.registryProblem(error));
  }

  /** Sockets keep working without Redis; only listings and cross-instance limits lag until it is back. */
  private registryProblem(error: Error): void {
    this.logger.warn(`Connection registry not updated: ${error.message}`);
  }
}
