import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { EventStoreRepository } from '../../event-stores/event-store.repository';
import { ApiKeyRepository } from '../../tenants/api-key.repository';
import { StoreFeeds } from '../live/store-feeds';
import { AUDIT_INTERVAL_MS, CLOSE_NORMAL, CLOSE_POLICY_VIOLATION } from '../websocket.constants';
import { ClientConnections } from './client-connections';

/**
 * Once a second, two queries about this instance's sockets and feeds: keys revoked since (close
 * 1008), stores deleted since (close 1000), and each followed store's last position (wakes a feed
 * that missed a NOTIFY). Asking the database rather than waiting for a message makes it hold for
 * revocations from the CLI and deletions through any instance alike (DECISIONS §6, §3: within 2 s).
 */
@Injectable()
export class ConnectionAudit implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ConnectionAudit.name);
  private timer?: NodeJS.Timeout;
  private auditing = false;

  constructor(
    private readonly apiKeys: ApiKeyRepository,
    private readonly stores: EventStoreRepository,
    private readonly connections: ClientConnections,
    private readonly feeds: StoreFeeds,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.audit(), AUDIT_INTERVAL_MS);
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async audit(): Promise<void> {
    const sessions = this.connections.sessions();
    // Feeds follow only the stores of this instance's sockets.
    const storeIds = [...new Set(sessions.map((session) => session.eventStoreId))];
    if (this.auditing || storeIds.length === 0) return;
    this.auditing = true;
    try {
      const keyIds = [...new Set(sessions.map((session) => session.principal.apiKeyId))];
      const [revokedKeys, lastPositions] = await Promise.all([this.apiKeys.revokedAmong(keyIds), this.stores.lastPositions(storeIds)]);
      this.connections.closeWhere(({ session }) => revokedKeys.has(session.principal.apiKeyId), CLOSE_POLICY_VIOLATION, 'API key revoked');
      this.connections.closeWhere(({ session }) => !lastPositions.has(session.eventStoreId), CLOSE_NORMAL, 'Event store deleted');
      for (const [eventStoreId, lastPosition] of lastPositions) this.feeds.poll(eventStoreId, lastPosition);
    } catch (error) {
      this.logger.warn(`WebSocket audit failed, retrying in ${AUDIT_INTERVAL_MS} ms: ${(error as Error).message}`);
    } finally {
      this.auditing = false;
    }
  }
}
