import type { Logger } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { WebSocket } from 'ws';
import { newId } from '../../common/ids';
import type { EventLog } from '../../streams/event-log';
import type { FrameSink } from '../live/live-subscription';
import { LiveSubscription } from '../live/live-subscription';
import type { StoreFeed } from '../live/store-feed';
import type { StoreFeeds } from '../live/store-feeds';
import { CLOSE_POLICY_VIOLATION, MAX_SUBSCRIPTIONS_PER_CONNECTION } from '../websocket.constants';
import { ClientMessage, parseClientMessage, ProtocolError, ProtocolErrorCode } from '../ws-protocol';
import type { ConnectionRecord } from './connection-record';
import type { UpgradeSession } from './upgrade-session';

export interface ConnectionServices {
  feeds: StoreFeeds;
  eventLog: EventLog;
  maxBufferedBytes: number;
  logger: Logger;
  /** The connection's subscriptions changed: the registry should show it. */
  subscriptionsChanged(connection: ClientConnection): void;
}

const FEED_RETRY_DELAY_MS = 1000;

/** One open socket: the protocol of DECISIONS §9, its subscriptions, and its liveness. */
export class ClientConnection implements FrameSink {
  private readonly subscriptions = new Map<string, LiveSubscription>();
  private feed: Promise<StoreFeed> | null = null;
  private alive = true;
  private closed = false;

  constructor(
    readonly socket: WebSocket,
    readonly session: UpgradeSession,
    private readonly services: ConnectionServices,
  ) {
    socket.on('pong', () => (this.alive = true));
  }

  get eventStoreId(): string {
    return this.session.eventStoreId;
  }

  handle(raw: string | null): void {
    let message: ClientMessage;
    try {
      message = parseClientMessage(raw);
    } catch (error) {
      if (!(error instanceof ProtocolError)) throw error;
      return this.sendError(error.code, error.message);
    }
    switch (message.action) {
      case 'subscribe':
        return this.subscribe(message);
      case 'unsubscribe':
        if (!this.endSubscription(message.subscriptionId)) {
          return this.sendError('SUBSCRIPTION_NOT_FOUND', `No subscription '${message.subscriptionId}' on this connection`);
        }
        return this.send(JSON.stringify({ type: 'unsubscribed', subscriptionId: message.subscriptionId }));
      case 'ping':
        return this.send('{"type":"pong"}');
    }
  }

  /** Ends one subscription (a client's unsubscribe, or a REST delete from any instance); false if it is not here. */
  endSubscription(subscriptionId: string): boolean {
    const subscription = this.subscriptions.get(subscriptionId);
    if (!subscription) return false;
    subscription.end();
    this.subscriptions.delete(subscriptionId);
    this.releaseFeedIfUnused();
    this.services.subscriptionsChanged(this);
    return true;
  }

  send(frame: string): void {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    this.socket.send(frame);
    if (this.socket.bufferedAmount > this.services.maxBufferedBytes) {
      this.close(CLOSE_POLICY_VIOLATION, 'Slow consumer: too many unsent events');
    }
  }

  sendPaced(frame: string): Promise<void> {
    if (this.socket.readyState !== WebSocket.OPEN) return Promise.resolve();
    // A quarter of the slow-consumer bound: replaying alone never trips it, whatever else the socket carries.
    if (this.socket.bufferedAmount < this.services.maxBufferedBytes / 4) {
      this.socket.send(frame);
      return Promise.resolve();
    }
    // Called once the frame is handed to the kernel (or the socket is gone).
    return new Promise((resolve) => this.socket.send(frame, () => resolve()));
  }

  /** A protocol ping; a peer that did not answer the previous one is dropped. */
  heartbeat(): void {
    if (!this.alive) return this.socket.terminate();
    this.alive = false;
    this.socket.ping();
  }

  close(code: number, reason: string): void {
    if (this.socket.readyState === WebSocket.OPEN || this.socket.readyState === WebSocket.CONNECTING) this.socket.close(code, reason);
  }

  /** The socket is gone: stop every subscription and let go of the store's feed. */
  dispose(): void {
    this.closed = true;
    for (const subscription of this.subscriptions.values()) subscription.end();
    this.subscriptions.clear();
    this.releaseFeedIfUnused();
  }

  record(instanceId: string, expiresAt: number): ConnectionRecord {
    const { session } = this;
    return {
      connectionId: session.connectionId,
      clientId: session.clientId,
      eventStoreId: session.eventStoreId,
      apiKeyId: session.principal.apiKeyId,
      instanceId,
      connectedAt: session.connectedAt.toISOString(),
      ipAddress: session.ipAddress,
      userAgent: session.userAgent,
      subscriptions: [...this.subscriptions.values()].map((subscription) => ({
        subscriptionId: subscription.id,
        eventFilter: subscription.eventFilter,
        createdAt: subscription.createdAt.toISOString(),
        lastProcessedEventGlobalPosition: subscription.lastProcessedPosition,
        lastDeliveryAttempt: subscription.lastSentAt?.toISOString() ?? null,
      })),
      expiresAt,
    };
  }

  private subscribe({ eventFilter, filter, position }: Extract<ClientMessage, { action: 'subscribe' }>): void {
    if (this.subscriptions.size >= MAX_SUBSCRIPTIONS_PER_CONNECTION) {
      return this.sendError('SUBSCRIPTION_LIMIT', `A connection holds at most ${MAX_SUBSCRIPTIONS_PER_CONNECTION} subscriptions`);
    }
    const { eventLog, logger } = this.services;
    const subscription = new LiveSubscription(newId('wss'), eventFilter, filter, eventLog, this, logger);
    this.subscriptions.set(subscription.id, subscription);
    this.send(JSON.stringify({ type: 'subscribed', subscriptionId: subscription.id, eventFilter, position }));
    this.services.subscriptionsChanged(this);
    void this.run(subscription, position === 'beginning' ? 0 : position);
  }

  private async run(subscription: LiveSubscription, start: 'latest' | number): Promise<void> {
    try {
      const feed = await this.storeFeed();
      if (!subscription.ended) await subscription.run(feed, start);
    } catch (error) {
      if (!this.closed) this.services.logger.error(`Subscription ${subscription.id} failed: ${(error as Error).message}`, (error as Error).stack);
    }
  }

  /** The store's feed, shared by this connection's subscriptions; acquired with the first, released with the last. */
  private storeFeed(): Promise<StoreFeed> {
    this.feed ??= this.acquireFeed();
    return this.feed;
  }

  private async acquireFeed(): Promise<StoreFeed> {
    for (;;) {
      try {
        return await this.services.feeds.acquire(this.eventStoreId);
      } catch (error) {
        if (this.closed) throw error;
        this.services.logger.warn(`Live feed of ${this.eventStoreId} could not start, retrying: ${(error as Error).message}`);
        await sleep(FEED_RETRY_DELAY_MS);
      }
    }
  }

  private releaseFeedIfUnused(): void {
    if (this.subscriptions.size > 0 || !this.feed) return;
    const { feeds } = this.services;
    this.feed.then((feed) => feeds.release(feed)).catch(() => undefined);
    this.feed = null;
  }

  private sendError(code: ProtocolErrorCode, message: string): void {
    this.send(JSON.stringify({ type: 'error', error: { code, message } }));
  }
}
