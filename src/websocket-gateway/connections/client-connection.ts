import type { Logger } from '@nestjs/common';
import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { WebSocket } from 'ws';
import { newId } from '../../common/ids';
import type { TenantDatabase } from '../../database/tenant-shares/tenant-database';
import type { EventLogReader } from '../../event-log/read/event-log-reader';
import { eventBytes, eventFrame, FeedEvent, FRAME_SUFFIX, framePrefix, SHARED_EVENT_MIN_LENGTH } from '../live/event-frame';
import type { FrameSink, SubscriptionServices } from '../live/live-subscription';
import { LiveSubscription } from '../live/live-subscription';
import type { ReplayScheduler } from '../live/replay-scheduler';
import type { StoreFeed } from '../live/store-feed';
import type { StoreFeeds } from '../live/store-feeds';
import { CLOSE_HISTORY_ROLLED_BACK, CLOSE_POLICY_VIOLATION } from '../websocket.constants';
import { ClientMessage, parseClientMessage, ProtocolError, ProtocolErrorCode } from '../ws-protocol';
import type { ConsumerDispatcher } from '../../consumers/engine/consumer-dispatcher';
import { ConsumerAttachments } from './consumer-attachments';
import type { ConnectionRecord } from './connection-record';
import type { UpgradeSession } from './upgrade-session';

export interface ConnectionServices {
  database: TenantDatabase;
  feeds: StoreFeeds;
  consumers: ConsumerDispatcher;
  maxConsumerInFlight: number;
  eventLog: EventLogReader;
  replays: ReplayScheduler;
  maxBufferedBytes: number;
  maxSubscriptions: number;
  logger: Logger;
  /** The connection's subscriptions changed: the registry should show it. */
  subscriptionsChanged(connection: ClientConnection): void;
}

const FEED_RETRY_DELAY_MS = 1000;

/** One open socket: the protocol of DECISIONS §9, its subscriptions, and its liveness. */
export class ClientConnection implements FrameSink {
  private readonly subscriptions = new Map<string, LiveSubscription>();
  private feed: Promise<StoreFeed> | null = null;
  /** The client's messages, handled one at a time: answers leave in the order of the messages. */
  private inbox: Promise<void> = Promise.resolve();
  private alive = true;
  private closed = false;
  private corked = false;
  /** Bytes of each frame queued on the socket and not yet handed to the kernel, oldest first. */
  private readonly unsent: number[] = [];
  private readonly subscriptionServices: SubscriptionServices;
  private readonly consumers: ConsumerAttachments;

  constructor(
    readonly socket: WebSocket,
    readonly session: UpgradeSession,
    private readonly services: ConnectionServices,
  ) {
    socket.on('pong', () => (this.alive = true));
    const { eventLog, replays, logger } = services;
    const { tenantId } = session.principal;
    this.subscriptionServices = {
      tenantId,
      primary: services.database.for(tenantId),
      eventLog,
      replays: replays.forKey(session.principal.apiKeyId),
      replayPageBytes: services.maxBufferedBytes,
      logger,
    };
    this.consumers = new ConsumerAttachments(session, this, services.consumers, services.maxConsumerInFlight);
  }

  get eventStoreId(): string {
    return this.session.eventStoreId;
  }

  handle(raw: string | null): void {
    this.inbox = this.inbox
      .then(() => this.process(raw))
      .catch((error: Error) => {
        if (!this.closed) this.services.logger.error(`A message on ${this.session.connectionId} failed: ${error.message}`, error.stack);
      });
  }

  private async process(raw: string | null): Promise<void> {
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
        return;
      case 'consume':
        return this.consumers.subscribe(message.consumer, message.maxInFlight);
      case 'ack':
        return this.consumers.ack(message.consumer, message);
      case 'release':
        return this.consumers.unsubscribe(message.consumer);
      case 'ping':
        return this.send('{"type":"pong"}');
    }
  }

  /** Ends one subscription and tells the client (its unsubscribe, or a REST delete from any instance); false if it is not here. */
  endSubscription(subscriptionId: string): boolean {
    const subscription = this.subscriptions.get(subscriptionId);
    if (!subscription) return false;
    subscription.end();
    this.subscriptions.delete(subscriptionId);
    this.releaseFeedIfUnused();
    this.services.subscriptionsChanged(this);
    this.send(JSON.stringify({ type: 'unsubscribed', subscriptionId }));
    return true;
  }

  /**
   * Queues a frame. Frames sent in one turn of the event loop (a feed batch, to every subscription
   * of this socket) leave in one write: the socket is corked until the turn's microtasks run, which
   * costs no latency and saves a system call per frame, the bulk of a fan-out's CPU otherwise.
   *
   * One bound for the socket, whatever its subscriptions: a consumer is slow when a frame would take
   * what waits behind the frame being written past WS_MAX_BUFFERED_BYTES. That frame is not queued
   * and the socket is closed, so a socket holds at most the bound plus the one frame being written:
   * one event as large as an append may be (10 MiB) reaches a client that reads, and a client that
   * does not is closed before anything more piles up behind it.
   */
  send(frame: string): void {
    this.write(Buffer.byteLength(frame), () => this.socket.send(frame, this.frameWritten));
  }

  /**
   * Queues an event's frame for a subscription. A large event goes out as one message in three
   * fragments (the frame's start, the event's JSON, its end), the middle one a buffer shared by every
   * socket that sends it (eventBytes): its bytes count against each socket's bound, its memory once.
   */
  sendEvent(subscriptionId: string, event: FeedEvent): void {
    if (event.json.length < SHARED_EVENT_MIN_LENGTH) return this.send(eventFrame(subscriptionId, event));
    const prefix = framePrefix(subscriptionId);
    const bytes = eventBytes(event);
    this.write(Buffer.byteLength(prefix) + bytes.length + FRAME_SUFFIX.length, () => {
      // Sent together, so no other frame of the socket can come between the fragments.
      this.socket.send(prefix, { fin: false });
      this.socket.send(bytes, { binary: false, fin: false });
      this.socket.send(FRAME_SUFFIX, { fin: true }, this.frameWritten);
    });
  }

  private write(frameBytes: number, send: () => void): void {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    if (this.unsent.length > 0 && this.socket.bufferedAmount - this.unsent[0] + frameBytes > this.services.maxBufferedBytes) {
      return this.close(CLOSE_POLICY_VIOLATION, 'Slow consumer: too many unsent events');
    }
    this.corkForThisTurn();
    const before = this.socket.bufferedAmount;
    send();
    this.unsent.push(this.socket.bufferedAmount - before);
  }

  /** `ws` calls back once a frame is handed to the kernel (or the socket is gone), in the order they were sent. */
  private readonly frameWritten = (): void => {
    this.unsent.shift();
  };

  hasRoom(): boolean {
    // A quarter of the slow-consumer bound: replaying alone never trips it, whatever else the socket carries.
    return this.socket.readyState !== WebSocket.OPEN || this.socket.bufferedAmount < this.services.maxBufferedBytes / 4;
  }

  whenWritable(): Promise<void> | undefined {
    if (this.hasRoom()) return undefined;
    const tcp = this.tcp;
    return new Promise((resolve) => {
      const done = () => {
        tcp.off('drain', done);
        this.socket.off('close', done);
        resolve();
      };
      // Past the socket's high-water mark the write that got there returned false, so 'drain' follows once the kernel has taken it all.
      tcp.on('drain', done);
      this.socket.on('close', done);
    });
  }

  historyRolledBack(lastPosition: number): void {
    this.close(CLOSE_HISTORY_ROLLED_BACK, `History rolled back: the store now ends at position ${lastPosition}; re-read`);
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

  /** The socket is gone: stop every subscription and let go of the store's feed; resolves once its consumer leases are handed back. */
  dispose(): Promise<void> {
    this.closed = true;
    for (const subscription of this.subscriptions.values()) subscription.end();
    this.subscriptions.clear();
    this.releaseFeedIfUnused();
    // Queued behind the client's last messages, so that an attachment still being made is handed back too.
    this.inbox = this.inbox
      .then(() => this.consumers.dispose())
      .catch((error: Error) => {
        this.services.logger.warn(`Consumer leases of ${this.session.connectionId} left to expire: ${error.message}`);
      });
    return this.inbox;
  }

  record(expiresAt: number): ConnectionRecord {
    const { session } = this;
    return {
      connectionId: session.connectionId,
      clientId: session.clientId,
      eventStoreId: session.eventStoreId,
      apiKeyId: session.principal.apiKeyId,
      connectedAt: session.connectedAt.toISOString(),
      ipAddress: session.ipAddress,
      userAgent: session.userAgent,
      subscriptions: [...this.subscriptions.values()].map((subscription) => ({
        subscriptionId: subscription.id,
        eventFilter: subscription.eventFilter,
        createdAt: subscription.createdAt.toISOString(),
        lastProcessedEventGlobalPosition: subscription.lastProcessedPosition,
        lastDeliveryAttempt: subscription.lastSentAt === null ? null : new Date(subscription.lastSentAt).toISOString(),
      })),
      expiresAt,
    };
  }

  /**
   * `subscribed` goes out once the start is fixed: for `latest`, the store's last position is read
   * first, so that every event appended after the client hears `subscribed` is sent to it.
   */
  private async subscribe({ eventFilter, filter, position }: Extract<ClientMessage, { action: 'subscribe' }>): Promise<void> {
    const { maxSubscriptions } = this.services;
    if (this.subscriptions.size >= maxSubscriptions) {
      return this.sendError(
        'SUBSCRIPTION_LIMIT',
        `A connection holds at most ${maxSubscriptions} subscriptions (WS_MAX_SUBSCRIPTIONS_PER_CONNECTION)`,
      );
    }
    const subscription = new LiveSubscription(newId('wss'), eventFilter, filter, this, this.subscriptionServices);
    this.subscriptions.set(subscription.id, subscription);
    this.services.subscriptionsChanged(this);
    const feed = await this.storeFeed();
    const storeEnd = await subscription.start(this.eventStoreId, position === 'beginning' ? 0 : position);
    if (subscription.ended) return;
    if (storeEnd !== null) {
      subscription.end();
      this.subscriptions.delete(subscription.id);
      this.releaseFeedIfUnused();
      this.services.subscriptionsChanged(this);
      return this.sendError(
        'HISTORY_ROLLED_BACK',
        `position ${position} is past the store's last position ${storeEnd}: its history was rolled back since you saw it; re-read`,
      );
    }
    this.send(JSON.stringify({ type: 'subscribed', subscriptionId: subscription.id, eventFilter, position }));
    subscription.run(feed).catch((error: Error) => {
      if (!this.closed) this.services.logger.error(`Subscription ${subscription.id} failed: ${error.message}`, error.stack);
    });
  }

  /** The store's feed, shared by this connection's subscriptions; acquired with the first, released with the last. */
  private storeFeed(): Promise<StoreFeed> {
    this.feed ??= this.acquireFeed();
    return this.feed;
  }

  private async acquireFeed(): Promise<StoreFeed> {
    for (;;) {
      try {
        return await this.services.feeds.acquire(this.eventStoreId, this.session.principal.tenantId);
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

  private corkForThisTurn(): void {
    if (this.corked) return;
    this.corked = true;
    const tcp = this.tcp;
    tcp.cork();
    queueMicrotask(() => {
      this.corked = false;
      tcp.uncork();
    });
  }

  /** The TCP socket under the WebSocket: `ws` has no cork or drain of its own and its maintainers point here (websockets/ws#1999). */
  private get tcp(): Socket {
    return (this.socket as unknown as { _socket: Socket })._socket;
  }

  sendError(code: ProtocolErrorCode, message: string): void {
    this.send(JSON.stringify({ type: 'error', error: { code, message } }));
  }
}
